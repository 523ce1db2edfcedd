package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
)

// syntheticStudio is a loaded studio of n skills made in memory (no
// readers), sized 120×40, for timing the update loop alone.
func syntheticStudio(tb testing.TB, n int) *Model {
	tb.Helper()
	m := New(Options{Theme: "dark"})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	words := []string{"forge", "tide", "ledger", "release", "weather", "prices", "notes", "audit", "minutes", "feeds"}
	entries := make([]*Entry, n)
	for i := range n {
		f := model.Formats[i%3]
		w := words[i%len(words)]
		s := &model.Skill{
			Format:      f,
			Name:        fmt.Sprintf("%s-helper-%05d", w, i),
			Version:     "1.2.3",
			Description: fmt.Sprintf("Helps with %s tasks: reads, summarises and files %s items for skill number %d, with retries.", w, w, i),
			Keywords:    []string{w, "demo"},
			Body:        "# " + w + "\n\nBody text.\n",
			Location:    model.Location{Source: "bench", FS: fstest.MapFS{}, Dir: ".", File: "SKILL.md"},
		}
		if i%3 == 0 {
			s.Digest = "sha256:00" // a verified remote skill: its row says so
		}
		if i%7 == 0 {
			s.Diagnostics = []model.Diagnostic{{Rule: "x/y", Severity: model.SeverityError, File: "SKILL.md", Line: 1, Column: 1, Message: "m"}}
		}
		e := &Entry{ID: i + 1, Candidate: formats.Candidate{Format: f, Path: s.Name}, Source: "bench", Base: s.Location}
		e.loaded = s
		e.setSkill(s)
		entries[i] = e
		m.entries[e.ID] = e
	}
	m.lib.add(entries...)
	m.loaded = true
	m.skill.setEntry(m.lib.Selected(), false)
	return m
}

// keyStep is what one keypress costs: Update and drawing the frame.
func keyStep(m *Model, k tea.KeyPressMsg) {
	m.Update(k) // the preview follows the selection inside Update
	_ = m.View()
}

func BenchmarkUpdateKeyDown5000(b *testing.B) {
	m := syntheticStudio(b, 5000)
	down, up := keyPress("down"), keyPress("up")
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		// Walk down and back so the cursor stays in range.
		if i/2500%2 == 0 {
			keyStep(m, down)
		} else {
			keyStep(m, up)
		}
	}
}

func BenchmarkFilterKeystroke5000(b *testing.B) {
	m := syntheticStudio(b, 5000)
	m.Update(keyPress("/"))
	typed := "tidehelp"
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		// Type the query a letter at a time, then erase it, and again.
		j := i % (2 * len(typed))
		if j < len(typed) {
			keyStep(m, keyPress(string(typed[j])))
		} else {
			keyStep(m, keyPress("backspace"))
		}
	}
}

// longSkillMD is a 500-line SKILL.md body of the usual mix: headings,
// paragraphs and lists, a code block every third section and a table
// every eighth.
func longSkillMD() string {
	var b strings.Builder
	for i := 0; b.Len() == 0 || strings.Count(b.String(), "\n") < 500; i++ {
		fmt.Fprintf(&b, "## Section %d\n\nThis section explains step %d of the procedure in plain words, with a [link](references/s%d.md) and some `inline code` so the renderer has real work.\n\n", i, i, i)
		fmt.Fprintf(&b, "- first point of section %d\n- second point, a little longer than the first one\n- third point\n\n", i)
		if i%3 == 0 {
			fmt.Fprintf(&b, "```bash\nrun-step --section %d --verbose\n```\n\n", i)
		}
		if i%8 == 0 {
			fmt.Fprintf(&b, "| key | value |\n|-----|-------|\n| a | %d |\n| b | %d |\n\n", i, i*2)
		}
	}
	return b.String()
}

func BenchmarkRender500LineSkill(b *testing.B) {
	md := longSkillMD()
	d := &readerDoc{id: "bench", markdown: md, dir: ".", skillDir: "."}
	b.Run("uncached", func(b *testing.B) {
		for i := range b.N {
			k := newRenderKey(d.id, md, 100+i%2, "dark")
			if _, err := renderDoc(d, k); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("cached", func(b *testing.B) {
		c := NewRenderCache(8)
		k := newRenderKey(d.id, md, 100, "dark")
		rd, err := renderDoc(d, k)
		if err != nil {
			b.Fatal(err)
		}
		c.put(k, rd)
		t := newReadTab(&Common{Theme: Theme{Dark: true}, Styles: NewStyles(Theme{Dark: true}), Keys: DefaultKeyMap(), Render: c})
		t.SetSize(100, 40)
		t.stack = []*readerDoc{d}
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			// What showing a cached document costs in Update: hash the
			// Markdown, look it up, set the viewport.
			if t.request() != nil {
				b.Fatal("cache miss")
			}
		}
	})
}

// BenchmarkLoad5000Skills reads 5,000 SKILL.md skills from disk through
// the studio's streaming loader and reports the heap afterwards.
func BenchmarkLoad5000Skills(b *testing.B) {
	root := b.TempDir()
	for i := range 5000 {
		dir := filepath.Join(root, fmt.Sprintf("skill-%04d", i))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			b.Fatal(err)
		}
		body := fmt.Sprintf("---\nname: skill-%04d\ndescription: Does task %d well. Use when the user asks for task %d.\n---\n\n# Skill %d\n\nSteps:\n\n1. One.\n2. Two.\n", i, i, i, i)
		if err := os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte(body), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	var heap uint64
	b.ResetTimer()
	for range b.N {
		m := studio(b, Options{Sources: []string{root}}, 120, 40)
		if len(m.lib.entries) != 5000 {
			b.Fatalf("loaded %d skills", len(m.lib.entries))
		}
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		heap = ms.HeapAlloc
		runtime.KeepAlive(m)
	}
	b.ReportMetric(float64(heap)/(1<<20), "MB-heap")
}

// BenchmarkFilterMatch5000 is the background half of a filter keystroke:
// the fuzzy match of one query over 5,000 skills, in its command.
func BenchmarkFilterMatch5000(b *testing.B) {
	m := syntheticStudio(b, 5000)
	m.lib.query = "tidehelp"
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, ok := m.lib.filterCmd()().(filterResultMsg); !ok {
			b.Fatal("no result")
		}
	}
}

// BenchmarkFirstFrame is the time to the first frame: New, the window
// size, Init (which only builds commands) and View — whatever the size of
// the library, nothing is read before the first frame.
func BenchmarkFirstFrame(b *testing.B) {
	for range b.N {
		m := New(Options{Sources: []string{"."}, Theme: "dark"})
		m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		_ = m.Init()
		_ = m.View()
	}
}
