package ui

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/internal/cputime"
)

// Key-to-frame on 10,000 skills for the ways to find things: each
// benchmark is one key's Update plus the frame it draws (and, for the
// filter, the matching command the key starts). The budget is 16 ms.
// Each also reports cpu-ms/op, the process's CPU time per key: on a
// shared, loaded machine wall time stretches with the neighbours' work,
// CPU time much less.

// reportCPU reports the CPU time per op since start.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64((cputime.Process()-start).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

func BenchmarkKeyDownPreviewFollows10000(b *testing.B) {
	m := syntheticStudio(b, 10000)
	down, up := keyPress("down"), keyPress("up")
	b.ReportAllocs()
	b.ResetTimer()
	defer reportCPU(b, cputime.Process())
	for i := range b.N {
		if i/5000%2 == 0 {
			keyStep(m, down)
		} else {
			keyStep(m, up)
		}
	}
}

func BenchmarkFactFilter10000(b *testing.B) {
	m := syntheticStudio(b, 10000)
	queries := []string{"has:errors", "has:errors format:skillmd", "has:errors format:skillmd tide", `"ledger items"`, "trust:verified", "ledger", ""}
	b.ReportAllocs()
	b.ResetTimer()
	defer reportCPU(b, cputime.Process())
	for i := range b.N {
		// One keystroke's worth: the query changes, the match runs, the
		// result is shown.
		if cmd := m.lib.setQuery(queries[i%len(queries)]); cmd != nil {
			m.Update(cmd())
		}
		_ = m.View()
	}
}

// readerStudio is a 10,000-skill studio with a 500-line skill open in the
// Read tab, rendered.
func readerStudio(b *testing.B) *Model {
	m := syntheticStudio(b, 10000)
	e := m.lib.Selected()
	s := *e.Skill
	s.Body = longSkillMD()
	e.Skill = &s
	m.skill.setEntry(nil, false)
	m.Update(keyPress("enter"))
	rt, _ := m.skill.readTab()
	rt.SetEntry(e, false)
	if cmd := rt.request(); cmd != nil {
		if msg, ok := cmd().(renderedMsg); ok {
			m.Update(msg)
		}
	}
	if rt.doc == nil {
		b.Fatal("not rendered")
	}
	return m
}

func BenchmarkReaderSearchNext10000(b *testing.B) {
	m := readerStudio(b)
	for _, k := range []string{"/", "p", "o", "i", "n", "t", "enter"} {
		m.Update(keyPress(k))
	}
	rt, _ := m.skill.readTab()
	if len(rt.search.matches) == 0 {
		b.Fatal("no matches")
	}
	n := keyPress("n")
	b.ReportAllocs()
	b.ResetTimer()
	defer reportCPU(b, cputime.Process())
	for range b.N {
		keyStep(m, n)
	}
}

func BenchmarkReaderOutline10000(b *testing.B) {
	m := readerStudio(b)
	keys := []tea.KeyPressMsg{keyPress("t"), keyPress("down"), keyPress("down"), keyPress("enter")}
	b.ReportAllocs()
	b.ResetTimer()
	defer reportCPU(b, cputime.Process())
	for i := range b.N {
		keyStep(m, keys[i%len(keys)])
	}
}
