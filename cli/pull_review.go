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

// maxLockChecks bounds pull --check: the lock file comes with the
// checkout, so a pull request may fill its 4 MB with entries (60,000
// naming "/" once took 15 s and 500 MB each, days in all).
const maxLockChecks = 1000

// runPullCheck is pull --check: every skill in dir's lock file fetched
// again, digested and reviewed; nothing is written. Each source is opened
// and read once, however many entries name it (however spelled, for a
// local path), and at most maxLockChecks entries are checked.
func (a *app) runPullCheck(cmd *cobra.Command, dir string, allowPrivateHosts bool) error {
	ctx := cmd.Context()
	out := cmd.OutOrStdout()
	lock, err := registry.ReadLock(dir)
	if err != nil {
		return usageError{err}
	}
	if len(lock.Skills) == 0 {
		return usagef("no pulled skills recorded in %s (pull writes it)", filepath.Join(dir, registry.LockFileName))
	}
	entries := lock.Skills
	if len(entries) > maxLockChecks {
		entries = entries[:maxLockChecks]
	}
	sources := map[string]*checkedSource{}
	stale := 0
	for _, e := range entries {
		label := sanitize.Line(e.Name) + " (" + sanitize.Line(e.Path) + ")"
		key := sourceKey(e.Source)
		src := sources[key]
		if src == nil {
			src = &checkedSource{}
			if host, private := registry.PrivateHost(e.Source); private && !allowPrivateHosts {
				src.err = fmt.Errorf("not fetched: %s is this machine or a private network, and the lock file came with the checkout; pass --allow-private-hosts to fetch it", host)
			} else {
				src.o, src.err = registry.OpenSource(ctx, e.Source, a.remote)
			}
			if src.err == nil {
				src.lib = src.o.Load(ctx, model.Options{}, nil)
			}
			sources[key] = src
		}
		err := src.err
		var s *model.Skill
		if err == nil {
			s, err = registry.FindLoaded(src.o, src.lib, e.Name)
		}
		var files map[string][]byte
		if err == nil {
			files, err = registry.SkillFiles(src.o, s)
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
	if left := len(lock.Skills) - len(entries); left > 0 {
		stale += left
		fmt.Fprintf(out, "%s not checked: %s lists %d; pull --check reads the first %d\n",
			display.Plural(left, "pulled skill"), filepath.Join(dir, registry.LockFileName), len(lock.Skills), maxLockChecks)
	}
	fmt.Fprintf(out, "%s checked, %d changed or unreadable upstream\n", display.Plural(len(entries), "pulled skill"), stale)
	if stale > 0 {
		return exitError{1}
	}
	return nil
}

// checkedSource is one source pull --check opened, read once for all the
// lock entries naming it.
type checkedSource struct {
	o   registry.Opened
	lib *model.Library
	err error
}

// sourceKey is what makes two lock entries' sources one: a remote spec as
// written, a local path by the folder it names ("/", "//" and "/etc/.."
// are one walk, not three).
func sourceKey(source string) string {
	if registry.IsRemote(source) {
		return "remote " + source
	}
	if abs, err := filepath.Abs(source); err == nil {
		return "local " + abs
	}
	return "local " + filepath.Clean(source)
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
