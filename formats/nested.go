package formats

import (
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// nestedSkills finds the SKILL.md folders inside a SKILL.md skill's
// folder. A repository with a SKILL.md at its root, or a skill that keeps
// per-platform sub-skills in its folder, would otherwise hide every skill
// below it; each one found is linted as a skill of its own and Load notes
// that it is nested (library/nested-skill). Symlinked folders inside a
// skill are not followed: they are the skill's own business, and Find's
// loop guard does not cover this walk.
func nestedSkills(fsys fs.FS, outer Candidate, depth int, sc scope) ([]Candidate, []model.Diagnostic) {
	if outer.Format != model.FormatSkillMD {
		return nil, nil
	}
	entries, err := fs.ReadDir(fsys, outer.Path)
	if err != nil {
		return nil, nil
	}
	return nestedSkillsListed(fsys, outer, depth, entries, nil, sc)
}

// maxNestedFolders bounds the look for skills nested in one skill's
// folder. A real skill holds a few folders; a SKILL.md at the top of a
// tree that is not a skill (a buffer named /usr/SKILL.md, one at the top
// of a home folder) made every lint of it list the whole tree (17,000
// folders of /usr, 0.5 to 2 s a keystroke in the language server).
const maxNestedFolders = 1000

// nestedSkillsListed is nestedSkills for a folder already listed as
// entries; the folders it lists are recorded in listed when not nil.
// Folders sc excludes are not entered; a project file in one of them
// applies below it, as in the search.
func nestedSkillsListed(fsys fs.FS, outer Candidate, depth int, entries []fs.DirEntry, listed listings, sc scope) ([]Candidate, []model.Diagnostic) {
	if outer.Format != model.FormatSkillMD {
		return nil, nil
	}
	var out []Candidate
	var stop []model.Diagnostic
	top := entries
	folders := 0
	var walk func(dir, within string, entries []fs.DirEntry, depth int, sc scope)
	walk = func(dir, within string, entries []fs.DirEntry, depth int, sc scope) {
		if depth > maxDepth {
			return
		}
		for _, e := range entries {
			if stop != nil {
				return
			}
			if !e.IsDir() || skippedDirs[e.Name()] || (dir == within && templateDirs[e.Name()]) {
				continue
			}
			p := path.Join(dir, e.Name())
			if sc.skip != nil && sc.skip(p, true) {
				continue
			}
			if folders == maxNestedFolders {
				stop = append(stop, findRules.New("library/skipped-folder", mainFileIn(outer.Path, top), 0, 0,
					fmt.Sprintf("%s holds more than %d folders: the look for skills nested in it stopped after %d folders, at %s, so SKILL.md files below are not checked", outer.Path, maxNestedFolders, maxNestedFolders, p),
					"A skill folder this big is probably not one skill: lint the folders below it, or move SKILL.md into a folder of its own."))
				return
			}
			folders++
			sub, info, err := listDir(fsys, p)
			if err != nil {
				continue // the skill's own reader reports what it cannot read
			}
			if listed != nil {
				listed[p] = dirListing{entries: sub, info: info}
			}
			inner, in := within, sc.enter(p, sub)
			if hasSkillFile(sub) {
				out = append(out, Candidate{Format: model.FormatSkillMD, Path: p, Within: within, profile: in.profile})
				inner = p
			}
			walk(p, inner, sub, depth+1, in)
		}
	}
	walk(outer.Path, outer.Path, entries, depth, sc)
	return out, stop
}

// mainFileIn is the skill's SKILL.md among its folder's entries, in its
// own casing, so a finding about the folder shows on the file an editor
// has open.
func mainFileIn(dir string, entries []fs.DirEntry) string {
	for _, e := range entries {
		if !e.IsDir() && strings.EqualFold(e.Name(), "SKILL.md") {
			return path.Join(dir, e.Name())
		}
	}
	return dir
}

// templateDirs are the folders of a skill that hold what it copies into
// its output (the open standard's assets/, and templates/ as skill
// scaffolders name it): a SKILL.md there is the template of a new skill,
// placeholders and all (name: {{SKILL_NAME}}), which no agent lists; it is
// one of the outer skill's files, not a skill of its own.
var templateDirs = map[string]bool{"assets": true, "templates": true, "template": true}

func hasSkillFile(entries []fs.DirEntry) bool {
	for _, e := range entries {
		if !e.IsDir() && strings.EqualFold(e.Name(), "SKILL.md") {
			return true
		}
	}
	return false
}

// nestedFinding tells why a SKILL.md inside another skill's folder is
// special: which agents list it on their own and which only reach it
// through the outer skill.
func nestedFinding(c Candidate, file string) model.Diagnostic {
	return findRules.New("library/nested-skill", file, 0, 0,
		fmt.Sprintf("this SKILL.md sits inside the skill folder %s: Claude Code, GitHub Copilot, Gemini CLI and Cursor list only <skills folder>/<name>/SKILL.md, so they reach it only when %s/SKILL.md points to it (loaders that search skill folders recursively list it on its own); linted here as a skill of its own", c.Within, c.Within),
		"Fine as a sub-skill the outer skill routes to; to have agents list it on its own, move it to its own folder beside the outer skill.")
}
