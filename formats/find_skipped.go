package formats

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"syscall"

	"github.com/skillstudio/skillstudio/sanitize"
)

// What the search passes by, said out loud: a symlink it cannot follow,
// and a skipped folder (dependencies, build output) that holds skills.
// Both are info (advice): nothing breaks for an agent that the search
// could have checked, but a silent skip would leave the user believing
// every skill under the source was linted.

// skippedLink is the finding for a symlink at p whose target could not
// be read (statErr): dangling, leading outside the source, or looping.
func skippedLink(fsys fs.FS, p string, statErr error) (rule, msg, hint string) {
	target := "?"
	if t, err := fs.ReadLink(fsys, p); err == nil {
		target = sanitize.Line(t)
	}
	why, hint := "cannot be followed", "Fix or remove the symlink."
	switch {
	case errors.Is(statErr, fs.ErrNotExist):
		why, hint = "points to nothing (a dangling link)", "Remove the symlink, or create what it points to."
	case strings.Contains(statErr.Error(), "outside the folder"), strings.Contains(statErr.Error(), "escapes"):
		why, hint = "leads outside the source, so what it points to is not checked here",
			"Lint the folder it points to as a source of its own, or copy the skill into the source."
		if absoluteLink(target) {
			// A committed .codex/skills -> /Users/<author>/…/.agents/skills:
			// every other clone's agent finds nothing through it.
			why = "leads outside the source to an absolute path, which a clone on another machine does not have, so what it points to is not checked here"
			hint = "Commit a relative link instead (such as ../.agents/skills) so every checkout finds the folder, or lint the target as a source of its own."
		}
	case errors.Is(statErr, syscall.ELOOP):
		why, hint = "is a symlink loop", "Remove the symlink or point it at a real folder."
	}
	return "library/symlink-skipped", fmt.Sprintf("%s -> %s %s; skipped", p, target, why), hint
}

// skippedFolderBudget bounds the look inside a skipped folder: a
// node_modules can hold a million files, and the first SKILL.md is enough.
const skippedFolderBudget = 5000

// skillsInSkipped returns the first SKILL.md under dir (a node_modules or
// dist folder the search skips), looking at no more than
// skippedFolderBudget entries and never through symlinks.
func skillsInSkipped(fsys fs.FS, dir string) (string, bool) {
	seen := 0
	queue := []string{dir}
	for len(queue) > 0 && seen < skippedFolderBudget {
		d := queue[0]
		queue = queue[1:]
		entries, err := fs.ReadDir(fsys, d)
		if err != nil {
			continue
		}
		for _, e := range entries {
			seen++
			name := e.Name()
			switch {
			case e.Type().IsRegular() && (name == "SKILL.md" || name == "skill.md"):
				return path.Join(d, name), true
			case e.IsDir() && name != ".git":
				queue = append(queue, path.Join(d, name))
			}
		}
	}
	return "", false
}

// skippedFolderFinding is the finding for a skipped folder that holds
// SKILL.md files (first is one of them).
func skippedFolderFinding(dir, first string) (rule, msg, hint string) {
	return "library/skipped-folder", fmt.Sprintf("%s holds SKILL.md files (%s, maybe more) that are not checked: %s folders are dependencies or build output and are never searched",
			dir, first, path.Base(dir)),
		fmt.Sprintf("Lint the skill's source instead, or lint the folder %s itself to check the copy.", path.Dir(first))
}

// absoluteLink: target is an absolute path, POSIX or Windows (C:\…, C:/…,
// \\server\share).
func absoluteLink(target string) bool {
	if strings.HasPrefix(target, "/") || strings.HasPrefix(target, `\\`) {
		return true
	}
	return len(target) >= 3 && target[1] == ':' && (target[2] == '\\' || target[2] == '/') &&
		(target[0] >= 'a' && target[0] <= 'z' || target[0] >= 'A' && target[0] <= 'Z')
}
