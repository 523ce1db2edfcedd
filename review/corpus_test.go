package review_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/review"
)

// corpusDir is the shared corpus of real third-party skills, read in
// place; a plain clone has none and the test skips.
func corpusDir(tb testing.TB) string {
	tb.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "shared", "corpus"))
	if err == nil {
		if info, statErr := os.Stat(dir); statErr == nil && info.IsDir() {
			return dir
		}
	}
	tb.Skipf("corpus of real skills not found at %s (it lives beside the repository in ../shared/corpus; a plain clone has none)", dir)
	return ""
}

// knownErrors are error findings in the corpus that are true: the skill
// really does what the rule says. Keyed by file and rule; each says why.
// (The vendor install one-liners the corpus has, curl … | sh in Markdown,
// are review/remote-exec-doc warnings: nothing runs until someone follows
// them. None of the corpus's scripts or hooks downloads and runs code.)
var knownErrors = map[string]string{}

// TestCorpus reviews every skill of the shared corpus and of the bundled
// examples: nothing may panic, ordinary skills have no error findings,
// and the counts per rule go to the test log (go test -v -run TestCorpus).
func TestCorpus(t *testing.T) {
	for _, src := range []struct{ name, dir string }{
		{"corpus", corpusDir(t)},
		{"examples", filepath.Join("..", "examples", "library")},
	} {
		t.Run(src.name, func(t *testing.T) {
			base := model.Location{Source: src.name, FS: os.DirFS(src.dir)}
			lib := formats.LoadAll(t.Context(), base, ".", model.Options{FindingsOnly: true}, nil)
			perRule := map[string]int{}
			skillsWith := map[string]int{}
			var all []model.Diagnostic
			var spent time.Duration
			for _, s := range lib.Skills {
				start := time.Now()
				ds := review.Skill(s, nil)
				spent += time.Since(start)
				all = append(all, ds...)
				seen := map[string]bool{}
				for _, d := range ds {
					perRule[d.Rule]++
					if !seen[d.Rule] {
						seen[d.Rule] = true
						skillsWith[d.Rule]++
					}
					if d.Severity == model.SeverityError {
						if why, ok := knownErrors[d.File+" "+d.Rule]; ok {
							t.Logf("known: %s (%s)", d, why)
							continue
						}
						t.Errorf("error finding on an ordinary skill: %s", d)
					}
				}
			}
			ids := make([]string, 0, len(perRule))
			for id := range perRule {
				ids = append(ids, id)
			}
			sort.Strings(ids)
			var b strings.Builder
			fmt.Fprintf(&b, "%d skills reviewed in %v; findings per rule (findings / skills):\n", len(lib.Skills), spent.Round(time.Millisecond))
			for _, id := range ids {
				fmt.Fprintf(&b, "  %-34s %5d / %d\n", id, perRule[id], skillsWith[id])
			}
			fmt.Fprintf(&b, "verdict over all: %s", review.Summarize(all).Line)
			t.Log(b.String())
			if os.Getenv("REVIEW_DUMP") != "" {
				for _, d := range all {
					if d.Severity >= model.SeverityWarning || strings.Contains(os.Getenv("REVIEW_DUMP"), d.Rule) {
						t.Log(d.String())
					}
				}
			}
		})
	}
}
