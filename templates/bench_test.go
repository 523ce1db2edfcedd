package templates

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// BenchmarkRender renders each built-in template with all its parts (what
// the wizard's preview does on every change).
func BenchmarkRender(b *testing.B) {
	for _, tm := range allTemplates(b) {
		v := inputCases[2].v.Normalized(tm.Format)
		v.With = tm.Optional
		b.Run(string(tm.Format)+"/"+tm.Name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := tm.Render(v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPrepareWrite is the whole of `skillstudio new` after the
// values are known: validate, render, check the target, write atomically.
func BenchmarkPrepareWrite(b *testing.B) {
	for _, f := range model.Formats {
		tm, err := Lookup(f, "", b.TempDir())
		if err != nil {
			b.Fatal(err)
		}
		b.Run(string(f), func(b *testing.B) {
			root := b.TempDir()
			i := 0
			for b.Loop() {
				i++
				name := "bench-" + strconv.Itoa(i)
				dir := filepath.Join(root, name)
				if f == model.FormatXGS {
					dir = root
				}
				p, err := Prepare(tm, Values{Name: name, Description: "Bench", Author: "B", Matches: []string{"<all_urls>"}}, dir)
				if err != nil {
					b.Fatal(err)
				}
				if err := p.Write(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkIndexEdit is planning an OS Loop package in a repository:
// the in-memory lint that yields the index entry.
func BenchmarkIndexEdit(b *testing.B) {
	repo := b.TempDir()
	tm, _ := Lookup(model.FormatOSLoop, "declarative", b.TempDir())
	files, _ := tm.Render(Values{Name: "new-one", Description: "D", Author: "A", Version: "0.1.0"})
	skills := filepath.Join(repo, "skills")
	if err := os.MkdirAll(skills, 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(skills, "index.json"), []byte(handIndex), 0o644); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := indexEdit(filepath.Join(skills, "new-one"), "new-one", files); err != nil {
			b.Fatal(err)
		}
	}
}
