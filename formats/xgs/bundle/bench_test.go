package bundle

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/skillstudio/skillstudio/internal/cputime"
)

// typicalSkill writes a skill the size the spec calls typical (5–10
// functions, each with a described input schema, an output, an example
// and a fetch handler): about 250 lines.
func typicalSkill(fns int) string {
	var b strings.Builder
	b.WriteString(`// ==XGooseSkill==
// @name typical-forum
// @namespace typical
// @version 1.0.0
// @description A forum skill of typical size, for benchmarks.
// @match *://forum.example.com/*
// @detect !!document.querySelector('meta[name="generator"]')
// @primary fn0
// @keyword forum
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

// Failure modes: 429 when more than 4 requests are in flight.
const Topic = z.object({
  id: z.number().int().describe("Topic id"),
  title: z.string().describe("Title as shown"),
  tags: z.array(z.string()).describe("Tag slugs"),
});

async function getJSON(path, params) {
  const r = await fetch(path + "?" + new URLSearchParams(params), { credentials: "include" });
  if (!r.ok) throw new Error("HTTP " + r.status + " for " + path);
  return await r.json();
}

export default defineSkill({
`)
	for i := 0; i < fns; i++ {
		fmt.Fprintf(&b, `  fn%[1]d: fn({
    summary: "Searches section %[1]d. Returns { topics: Topic[], more: boolean }.",
    input: z.object({
      query: z.string().min(1).max(200).describe('Search text, e.g. "amex platinum"'),
      page: z.number().int().min(0).max(100).optional().describe("Zero-based page"),
      order: z.enum(["latest", "views", "likes"]).default("latest").describe("Sort order"),
      since: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().describe("YYYY-MM-DD"),
      tags: z.array(z.string().describe("Tag slug")).max(5).optional().describe("Only these tags"),
    }),
    output: z.object({ topics: z.array(Topic), more: z.boolean() }),
    examples: [{ args: { query: "chase sapphire", order: "latest" } }],
    handler: async ({ query, page = 0, order = "latest", since, tags = [] }) => {
      const params = { q: query, page: String(page), order };
      if (since) params.since = since;
      if (tags.length) params.tags = tags.join(",");
      const data = await getJSON("/section/%[1]d/search.json", params);
      const topics = (data.topics || []).map((t) => ({ id: t.id, title: t.title, tags: t.tags || [] }));
      return { topics, more: Boolean(data.more) };
    },
  }),
`, i)
	}
	b.WriteString("});\n")
	return b.String()
}

func benchSkillFile(b *testing.B) (string, []byte) {
	b.Helper()
	src := []byte(typicalSkill(8))
	path := filepath.Join(b.TempDir(), "typical-forum.xgs.js")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		b.Fatal(err)
	}
	return path, src
}

func reportParts(b *testing.B, bundle, lint time.Duration) {
	b.ReportMetric(float64(bundle.Microseconds())/1000/float64(b.N), "esbuild-ms/op")
	b.ReportMetric(float64(lint.Microseconds())/1000/float64(b.N), "lint-ms/op")
}

// BenchmarkColdBuild: a new esbuild context, the static reader and one
// build of a typical skill — what `skillstudio build` does per skill. The
// first build in a process also bundles the embedded zod, once
// (BenchmarkZodPrelude).
func BenchmarkColdBuild(b *testing.B) {
	path, src := benchSkillFile(b)
	var bundle, lint time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := Build(path, src, Options{})
		if !r.OK() {
			b.Fatal(r.FirstError())
		}
		bundle += r.BundleTime
		lint += r.LintTime
	}
	reportParts(b, bundle, lint)
}

// BenchmarkZodPrelude: bundling the embedded zod 4 into the prelude every
// skill's bundle carries — once per process (prelude.go).
func BenchmarkZodPrelude(b *testing.B) {
	for b.Loop() {
		if _, err := buildPrelude(preludeKey{entry: zod4Entry}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRebuild: an edit to a skill whose context already exists —
// what --watch and the studio do per save.
func BenchmarkRebuild(b *testing.B) {
	path, src := benchSkillFile(b)
	edited := []byte(strings.Replace(string(src), "Zero-based page", "Zero-based page number", 1))
	builder := NewBuilder(Options{})
	defer builder.Close()
	builder.RebuildSource(path, src)
	var bundle, lint time.Duration
	b.ResetTimer()
	cpu := cputime.Process()
	for i := 0; i < b.N; i++ {
		text := src
		if i%2 == 0 {
			text = edited // every rebuild is a real change
		}
		r := builder.RebuildSource(path, text)
		if !r.OK() {
			b.Fatal(r.FirstError())
		}
		bundle += r.BundleTime
		lint += r.LintTime
	}
	reportParts(b, bundle, lint)
	// CPU time (all threads, GC included): on a shared machine wall
	// time stretches with the load; this does much less.
	b.ReportMetric(float64((cputime.Process()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

// esbuildCLIProject prepares a folder where the esbuild npm CLI can bundle
// the same skill: esbuild installed from the npm registry (the version
// skillstudio links), and node_modules/@xgoose/skill and zod holding
// skillstudio's own runtime and documentation Zod. It skips when node/npm
// are absent or the install fails.
func esbuildCLIProject(b *testing.B, src []byte) string {
	b.Helper()
	if _, err := exec.LookPath("npx"); err != nil {
		b.Skip("npx is not installed: the comparison with the esbuild npm CLI needs Node.js and npm")
	}
	dir := filepath.Join(os.TempDir(), "skillstudio-bench-esbuild-0.28.2")
	bin := filepath.Join(dir, "node_modules", ".bin", "esbuild")
	if _, err := os.Stat(bin); err != nil {
		os.MkdirAll(dir, 0o755)
		os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name":"bench","private":true}`), 0o644)
		cmd := exec.Command("npm", "install", "--no-audit", "--no-fund", "--silent", "esbuild@0.28.2")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Skipf("npm install esbuild@0.28.2 failed (no registry access?): %v\n%s", err, out)
		}
	}
	header := "export default { name: \"typical-forum\", namespace: \"typical\", primary: \"fn0\" };\n"
	files := map[string]string{
		"typical-forum.xgs.js":                    string(src),
		"node_modules/@xgoose/skill/package.json": `{"name":"@xgoose/skill","main":"index.js","type":"module"}`,
		"node_modules/@xgoose/skill/index.js":     strings.ReplaceAll(runtimeSkillJS, `from "xgoose:header"`, `from "./header.js"`),
		"node_modules/@xgoose/skill/header.js":    header,
	}
	// The same real zod 4 a build embeds.
	fs.WalkDir(zodFiles, "zodpkg/v4", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := fs.ReadFile(zodFiles, p)
			files["node_modules/zod/"+strings.TrimPrefix(p, "zodpkg/v4/")] = string(b)
		}
		return nil
	})
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dir
}

// BenchmarkEsbuildCLI bundles the same typical skill with the esbuild npm
// CLI, as `npx esbuild --bundle --format=iife` and as the installed
// binary directly (no npx start-up), for the ratio against the in-process
// builds above.
func BenchmarkEsbuildCLI(b *testing.B) {
	_, src := benchSkillFile(b)
	dir := esbuildCLIProject(b, src)
	run := func(b *testing.B, name string, args ...string) {
		for i := 0; i < b.N; i++ {
			cmd := exec.Command(name, args...)
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				b.Fatalf("%s: %v\n%s", name, err, out)
			}
		}
	}
	b.Run("npx", func(b *testing.B) {
		run(b, "npx", "--no-install", "esbuild", "typical-forum.xgs.js", "--bundle", "--format=iife", "--log-level=error", "--outfile=out-npx.js")
	})
	b.Run("binary", func(b *testing.B) {
		run(b, filepath.Join(dir, "node_modules", ".bin", "esbuild"), "typical-forum.xgs.js", "--bundle", "--format=iife", "--log-level=error", "--outfile=out-bin.js")
	})
}
