package listing_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/formats"
	. "github.com/skillstudio/skillstudio/listing"
	"github.com/skillstudio/skillstudio/model"
)

// The corpus tests are an external package: they load through formats,
// which imports listing for its library stage.

// corpusLibraries loads the shared corpus (../shared/corpus beside the
// repository; tests skip without it) and splits it into one library per
// repository (the corpus's top-level folders) and agent folder inside it
// (AgentFolder: .cursor/skills and .codex/skills are two agents' copies,
// never loaded together), leaving out _history and
// _extracted copies, which duplicate real skills by construction.
func corpusLibraries(tb testing.TB) map[string][]*model.Skill {
	tb.Helper()
	dir, _ := filepath.Abs(filepath.Join("..", "..", "shared", "corpus"))
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		tb.Skipf("corpus of real skills not found at %s (it lives beside the repository in ../shared/corpus; a plain clone has none)", dir)
	}
	lib := formats.LoadAll(tb.Context(), model.Location{Source: "corpus", FS: os.DirFS(dir)}, ".", model.Options{}, nil)
	out := map[string][]*model.Skill{}
	for _, s := range lib.Skills {
		d := s.Location.Dir
		if strings.Contains(d, "_history/") || strings.Contains(d, "_extracted/") || s.Description == "" {
			continue
		}
		if nestedSkill(s) {
			continue // inside another skill's folder: agents do not list it on its own
		}
		repo, rest, _ := strings.Cut(d, "/")
		if f := AgentFolder(rest); f != "" {
			repo += "/" + f
		}
		out[repo] = append(out[repo], s)
	}
	return out
}

// knownDuplicates are corpus pairs at or above the threshold that are
// real near-duplicates (read by hand, AGENTS.md): the rule should fire.
var knownDuplicates = map[string]bool{
	// ppt-creator and slides-creator: both deprecated deck makers whose
	// descriptions are the same deprecation notice pointing at
	// deck-creator; an agent cannot tell which to pick.
	"daymade__claude-code-skills/slides-creator/SKILL.md": true,
}

// TestCorpusOverlapCalibration prints the calibration figures (run with
// -v) and fails on any finding not known to be a real duplicate.
func TestCorpusOverlapCalibration(t *testing.T) {
	libs := corpusLibraries(t)
	repos := make([]string, 0, len(libs))
	for r := range libs {
		repos = append(repos, r)
	}
	sort.Strings(repos)
	var maxima []float64 // per skill: its most similar sibling
	pairs := 0
	for _, r := range repos {
		skills := libs[r]
		ps := Similarities(skills)
		pairs += len(ps)
		best := map[*model.Skill]float64{}
		for _, p := range ps {
			best[p.A] = max(best[p.A], p.Similarity)
			best[p.B] = max(best[p.B], p.Similarity)
		}
		top := 0.0
		for _, v := range best {
			maxima = append(maxima, v)
			top = max(top, v)
		}
		line := fmt.Sprintf("%-45s %3d skills, max %.2f", r, len(skills), top)
		for _, p := range ps {
			if p.Similarity < 0.45 {
				break
			}
			line += fmt.Sprintf("\n    %.2f %s ~ %s", p.Similarity, p.A.Location.Dir, p.B.Location.Dir)
		}
		t.Log(line)
		for _, d := range CheckOverlap(skills, OverlapThreshold) {
			if !knownDuplicates[d.File] {
				t.Errorf("unexpected overlap finding: %s", d)
			}
		}
	}
	slices.Sort(maxima)
	q := func(f float64) float64 { return maxima[int(f*float64(len(maxima)-1))] }
	t.Logf("%d skills in %d libraries, %d pairs; max similarity per skill: p50 %.2f p90 %.2f p95 %.2f p99 %.2f max %.2f; threshold %.2f",
		len(maxima), len(repos), pairs, q(0.5), q(0.9), q(0.95), q(0.99), maxima[len(maxima)-1], OverlapThreshold)
}

// TestCorpusRoute: on a real repository, a request phrased like a skill's
// description ranks that skill first.
func TestCorpusRoute(t *testing.T) {
	lib := corpusLibraries(t)["anthropics__skills"]
	if len(lib) < 10 {
		t.Fatalf("anthropics__skills has %d skills", len(lib))
	}
	for req, want := range map[string]string{
		"make an animated GIF for Slack":                             "slack-gif-creator",
		"test my local web app with playwright and take screenshots": "webapp-testing",
		"build an MCP server so the model can call an external API":  "mcp-builder",
		"apply Anthropic brand colors and typography to this deck":   "brand-guidelines",
	} {
		ms := Route(req, lib)
		if len(ms) == 0 || ms[0].Name != want {
			got := "nothing"
			if len(ms) > 0 {
				got = fmt.Sprintf("%s %v", ms[0].Name, ms[0].Terms)
			}
			t.Errorf("%q: first is %s, want %s", req, got, want)
		}
	}
}

// TestCorpusListing: the corpus's largest libraries against each agent's
// default budget; logged for the report, and Build never exceeds a budget
// except by Claude Code's always-listed names.
func TestCorpusListing(t *testing.T) {
	for repo, lib := range corpusLibraries(t) {
		for _, p := range Profiles {
			l := Build(lib, p, 200_000)
			if l.Budget > 0 && l.Used > l.Budget && p.Overflow != OverflowGreedyNameOnly {
				t.Errorf("%s/%s: used %d > budget %d", repo, p.ID, l.Used, l.Budget)
			}
			if l.Over() || testing.Verbose() && len(lib) > 20 {
				st := map[State]int{}
				for _, e := range l.Skills {
					st[e.State]++
				}
				t.Logf("%-40s %-11s used %6d / %6d %s: %v", repo, p.ID, l.Used, l.Budget, l.Unit, st)
			}
		}
	}
}

// TestCorpusLintOverlap: the corpus as lint loads it (the whole pipeline,
// the listing stage included) reports no look-alike descriptions but the
// real duplicates.
func TestCorpusLintOverlap(t *testing.T) {
	dir, _ := filepath.Abs(filepath.Join("..", "..", "shared", "corpus"))
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		t.Skipf("corpus of real skills not found at %s", dir)
	}
	lib := formats.LoadAll(t.Context(), model.Location{Source: "corpus", FS: os.DirFS(dir)}, ".", model.Options{FindingsOnly: true}, nil)
	n := 0
	for _, s := range lib.Skills {
		for _, d := range s.Diagnostics {
			if d.Rule != "library/description-overlap" {
				continue
			}
			n++
			if !knownDuplicates[d.File] {
				t.Errorf("unexpected overlap finding: %s", d)
			}
		}
	}
	t.Logf("%d overlap findings over %d skills", n, len(lib.Skills))
}

// nestedSkill: Find linted it inside another skill's folder
// (library/nested-skill); agents that list <skills>/<name>/SKILL.md do not
// list it beside its siblings.
func nestedSkill(s *model.Skill) bool {
	for _, d := range s.Diagnostics {
		if d.Rule == "library/nested-skill" {
			return true
		}
	}
	return false
}
