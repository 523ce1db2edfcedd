package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/skillstudio/skillstudio/model"
)

// TestTenThousandNamesakesWithEscapes (red-team round 17): 10,000 skills
// of one name whose name, folders and source carry terminal escapes, C1
// controls and bidi overrides. The rows are placed in bounded time (a
// sort per rebuild, not a comparison of every pair), each row's place
// is told apart, and no control or bidi character is left in a place.
func TestTenThousandNamesakesWithEscapes(t *testing.T) {
	const n = 10000
	namesakes := func(n int) []*model.Skill {
		skills := make([]*model.Skill, n)
		for i := range skills {
			s := &model.Skill{Format: model.FormatSkillMD, Name: "dup\x1b[2J\u202e", Description: "Same name \x1b]52;c;eA==\a."}
			s.Location.Dir = fmt.Sprintf("lib/\x1b[31mteam-%d\u202e/\u009b2Jskills/dup", i)
			s.Location.File = s.Location.Dir + "/SKILL.md"
			skills[i] = s
		}
		return skills
	}
	// Loads and rebuilds (a re-lint, a selection: each rebuilds the list).
	// Bounded means ten times the namesakes cost about ten times as long,
	// not a hundred: a ratio, each side the fastest of three runs, so a
	// loaded machine (a clean-clone CI under -race, 80x once when each
	// side ran once or twice) cannot fail it.
	build := func(skills []*model.Skill) (time.Duration, *Model) {
		start := time.Now()
		m := studioOf(skills, "src\x1b]0;title\a")
		for range 20 {
			m.lib.rebuild()
		}
		return time.Since(start), m
	}
	fastest := func(n int) time.Duration {
		best := time.Duration(1<<63 - 1)
		for range 3 {
			if took, _ := build(namesakes(n)); took < best {
				best = took
			}
		}
		return best
	}
	small, big := fastest(n/20), fastest(n/2)
	t.Logf("%d namesakes loaded and rebuilt 20 times in %s, %d in %s", n/2, big, n/20, small)
	if big > 40*small {
		t.Errorf("%d namesakes took %s, %.0fx the time of %d; placing rows should not compare every pair", n/2, big, float64(big)/float64(small), n/20)
	}
	_, m := build(namesakes(n))
	places := map[string]bool{}
	for _, e := range m.lib.entries {
		places[e.where] = true
		for _, r := range e.where {
			if unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) {
				t.Fatalf("place %q holds %U", e.where, r)
			}
		}
	}
	if len(places) != n {
		t.Errorf("%d places for %d namesakes in distinct folders", len(places), n)
	}
	view := m.View().Content
	for _, bad := range []string{"\u202e", "\u009b", "\a", "\x1b[2J", "\x1b[31m", "\x1b]"} {
		if strings.Contains(view, bad) {
			t.Errorf("the studio drew %q from a skill's name or folder", bad)
		}
	}
}
