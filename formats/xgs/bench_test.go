package xgs

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/internal/cputime"
	"github.com/skillstudio/skillstudio/internal/libgen"
	"github.com/skillstudio/skillstudio/model"
)

// generatedSkill writes a skill of about lines lines: the header, a
// comment block, and as many 26-line functions as fit.
func generatedSkill(lines int) string {
	var b strings.Builder
	b.WriteString("// ==XGooseSkill==\n// @name big-skill\n// @namespace big\n// @version 1.0.0\n// @description A generated skill for benchmarks.\n// @match *://*.example.test/*\n// @primary fn0\n// ==/XGooseSkill==\n")
	b.WriteString("import { defineSkill, fn } from \"@xgoose/skill\";\nimport { z } from \"zod\";\n\n// Failure modes: none, it is generated.\n\nexport default defineSkill({\n")
	n := 14
	for i := 0; n+26 <= lines-1; i++ {
		fmt.Fprintf(&b, `  fn%d: fn({
    summary: "Returns { items: { id, title, price }[] } for query %d.",
    input: z.object({
      query: z.string().min(1).describe("Search words"),
      page: z.number().int().min(0).optional(),
      checkin: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
      order: z.enum(["new", "old"]).default("new"),
    }),
    output: z.object({
      items: z.array(z.object({ id: z.number(), title: z.string(), price: z.number().describe("USD") })),
    }),
    examples: [{ args: { query: "q%d", checkin: "2025-01-02" } }],
    handler: async ({ query, page, checkin, order }) => {
      const params = new URLSearchParams({ q: query, order });
      if (page !== undefined) params.set("page", String(page));
      if (checkin) params.set("d", checkin);
      const r = await fetch("/search.json?" + params, { credentials: "include" });
      if (!r.ok) throw new Error("search → HTTP " + r.status);
      try {
        return await r.json();
      } catch (e) {
        return { status: "bad-json", items: [] };
      }
    },
  }),

`, i, i, i)
		n += 26
	}
	b.WriteString("});\n")
	return b.String()
}

func TestGeneratedSkillIsClean(t *testing.T) {
	src := generatedSkill(2000)
	if got := strings.Count(src, "\n"); got < 1950 || got > 2000 {
		t.Fatalf("%d lines", got)
	}
	a := Analyze("big-skill.xgs.js", []byte(src), false)
	if len(a.Diagnostics) != 0 {
		t.Fatalf("findings:\n%s", diagList(a.Diagnostics[:min(5, len(a.Diagnostics))]))
	}
	if len(a.Functions()) != 76 {
		t.Errorf("%d functions", len(a.Functions()))
	}
}

// BenchmarkLint2000Lines is the live loop's cost per keystroke: parse,
// resolve every schema and run every rule on a 2,000-line skill.
func BenchmarkLint2000Lines(b *testing.B) {
	src := []byte(generatedSkill(2000))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	cpu0 := cputime.Process()
	for b.Loop() {
		a := Analyze("big-skill.xgs.js", src, false)
		_ = a.Functions()
	}
	// CPU time includes the garbage collector's work on the other core:
	// on a busy machine wall time waits for it, on an idle one it overlaps.
	b.ReportMetric(float64((cputime.Process()-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// BenchmarkLoadSpecTLDR is one small real skill end to end.
func BenchmarkLoadSpecTLDR(b *testing.B) {
	src := specTLDR(b)
	b.ReportAllocs()
	for b.Loop() {
		loadString(b, "discourse-forum.xgs.js", src)
	}
}

func BenchmarkParseHeader(b *testing.B) {
	src := []byte(generatedSkill(2000))
	b.ReportAllocs()
	for b.Loop() {
		ParseHeader(src)
	}
}

// BenchmarkLintGeneratedXGS is what `skillstudio lint` spends on one
// .xgs.js of the generated library (internal/libgen, the same file
// bench/compare.sh lints): read from disk, parsed and checked under
// FindingsOnly.
func BenchmarkLintGeneratedXGS(b *testing.B) {
	dir := b.TempDir()
	if err := libgen.Generate(dir, 1); err != nil {
		b.Fatal(err)
	}
	fsys := os.DirFS(dir)
	const file = "group-000/xgs/site-00000.xgs.js"
	if s := Load(fsys, file, model.Options{FindingsOnly: true}); len(s.Diagnostics) != 0 {
		b.Fatalf("findings:\n%s", diagList(s.Diagnostics))
	}
	b.ReportAllocs()
	cpu0 := cputime.Process()
	for b.Loop() {
		Load(fsys, file, model.Options{FindingsOnly: true})
	}
	b.ReportMetric(float64((cputime.Process()-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
}
