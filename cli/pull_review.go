package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/internal/display"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/review"
	"github.com/skillstudio/skillstudio/sanitize"
)

// printPullReview shows what pull is about to copy: the verdict, each
// warning and error at its place, and how many notes `review` would add.
func printPullReview(w io.Writer, s *model.Skill, source string) review.Report {
	rep := review.Reviewed(s, nil)
	cwd, _ := os.Getwd()
	fmt.Fprintf(w, "review of %s (%s) from %s: %s\n", shown(s.Name), s.Format.Label(), sanitize.Line(source), rep.Verdict.Line)
	for _, d := range rep.Findings {
		if d.Severity >= model.SeverityWarning {
			fmt.Fprintf(w, "  %s:%d:%d: %s %s: %s\n", sanitize.Line(findingPath(cwd, s, d.File)), d.Line, d.Column, d.Severity, d.Rule, shown(d.Message))
		}
	}
	if rep.Verdict.Infos > 0 {
		fmt.Fprintf(w, "  (%s more: skillstudio review %s)\n", display.Plural(rep.Verdict.Infos, "note"), sanitize.Line(source))
	}
	return rep
}

func lockReview(v review.Verdict) registry.LockReview {
	return registry.LockReview{Line: v.Line, Errors: v.Errors, Warnings: v.Warnings, Infos: v.Infos}
}

// runPullCheck is pull --check: every skill in dir's lock file fetched
// again, digested and reviewed; nothing is written.
func (a *app) runPullCheck(cmd *cobra.Command, dir string) error {
	ctx := cmd.Context()
	out := cmd.OutOrStdout()
	lock, err := registry.ReadLock(dir)
	if err != nil {
		return usageError{err}
	}
	if len(lock.Skills) == 0 {
		return usagef("no pulled skills recorded in %s (pull writes it)", filepath.Join(dir, registry.LockFileName))
	}
	stale := 0
	for _, e := range lock.Skills {
		label := sanitize.Line(e.Name) + " (" + sanitize.Line(e.Path) + ")"
		o, err := registry.OpenSource(ctx, e.Source, a.remote)
		var s *model.Skill
		if err == nil {
			s, err = registry.FindSkill(ctx, o, e.Name, model.Options{})
		}
		var files map[string][]byte
		if err == nil {
			files, err = registry.SkillFiles(o, s)
		}
		if err != nil {
			stale++
			fmt.Fprintf(out, "%s: cannot check %s: %s\n", label, sanitize.Line(e.Source), sanitize.Line(err.Error()))
			continue
		}
		digest := registry.TreeDigest(files)
		if digest == e.Digest {
			fmt.Fprintf(out, "%s: unchanged upstream (%s)\n", label, shortDigest(digest))
			continue
		}
		stale++
		now := lockReview(review.Reviewed(s, nil).Verdict)
		fmt.Fprintf(out, "%s: changed upstream (%s → %s); review: %s\n", label, shortDigest(e.Digest), shortDigest(digest), reviewChange(e.Review, now))
	}
	fmt.Fprintf(out, "%s checked, %d changed or unreadable upstream\n", display.Plural(len(lock.Skills), "pulled skill"), stale)
	if stale > 0 {
		return exitError{1}
	}
	return nil
}

// reviewChange says how a verdict moved: "unchanged (…)" or
// "was … · now … (errors 0 → 1, warnings 2 → 2)".
func reviewChange(was, now registry.LockReview) string {
	if was == now {
		return "unchanged (" + now.Line + ")"
	}
	var counts []string
	for _, c := range []struct {
		name     string
		was, now int
	}{{"errors", was.Errors, now.Errors}, {"warnings", was.Warnings, now.Warnings}, {"notes", was.Infos, now.Infos}} {
		if c.was != c.now {
			counts = append(counts, fmt.Sprintf("%s %d → %d", c.name, c.was, c.now))
		}
	}
	return fmt.Sprintf("was %q, now %q (%s)", sanitize.Line(was.Line), now.Line, strings.Join(counts, ", "))
}

func shortDigest(d string) string {
	if len(d) > len("sha256:")+12 {
		return d[:len("sha256:")+12] + "…"
	}
	return sanitize.Line(d)
}
