package formats

import (
	"context"
	"io/fs"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/skillstudio/skillstudio/formats/skillmd"
	"github.com/skillstudio/skillstudio/internal/cputime"
	"github.com/skillstudio/skillstudio/internal/safefs"
	"github.com/skillstudio/skillstudio/model"
)

// The speed targets' Go benchmarks (bench/compare.sh runs them beside the
// peers). SKILLSTUDIO_BENCH_DIR names a library to measure (compare.sh's
// generated ones); without it a library is generated here.

// warmTokenRanks loads the BPE ranks (once per process) before a
// per-skill benchmark starts its clocks, so that a short run does not
// charge the one-time load to its first skills.
func warmTokenRanks() { skillmd.CountTokens("warm up the ranks") }

func benchLibrary(b *testing.B, n int) string {
	if dir := os.Getenv("SKILLSTUDIO_BENCH_DIR"); dir != "" {
		return dir
	}
	dir := b.TempDir()
	if err := generateMixed(dir, n); err != nil {
		b.Fatal(err)
	}
	return dir
}

// BenchmarkLoadSkillMDDir is BenchmarkLoadSkillMD over a library's
// SKILL.md folders: per skill, one goroutine, every rule — the unit
// skills-ref-bench.mjs times skills-ref on, over the same folders.
func BenchmarkLoadSkillMDDir(b *testing.B) {
	benchLoadSkillMDDir(b, os.DirFS)
}

// BenchmarkLoadSkillMDDirSafeFS is BenchmarkLoadSkillMDDir reading through
// internal/safefs, as lint does (os.DirFS's os.Open adds four fcntl and an
// epoll_ctl to each file: five of a file's nine system calls).
func BenchmarkLoadSkillMDDirSafeFS(b *testing.B) {
	benchLoadSkillMDDir(b, func(dir string) fs.FS { return safefs.Dir(dir) })
}

func benchLoadSkillMDDir(b *testing.B, open func(string) fs.FS) {
	dir := benchLibrary(b, 300)
	fsys := open(dir)
	base := model.Location{Source: dir, Root: dir, Local: true, FS: fsys}
	var cands []Candidate
	for _, c := range Find(fsys, ".").Candidates {
		if c.Format == model.FormatSkillMD {
			cands = append(cands, c)
		}
	}
	if len(cands) == 0 {
		b.Skip("no SKILL.md skills")
	}
	if list := os.Getenv("SKILLSTUDIO_BENCH_LIST"); list != "" {
		writeBenchList(b, list, cands)
	}
	warmTokenRanks()
	// One untimed round, as skills-ref-bench.mjs warms its side: both
	// then time folders whose files are in the page cache.
	for _, c := range cands {
		Load(c, base, model.Options{})
	}
	cpu0 := cputime.Process()
	for b.Loop() {
		for _, c := range cands {
			Load(c, base, model.Options{})
		}
	}
	runs := float64(b.N * len(cands))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/runs, "ns/skill")
	b.ReportMetric(float64((cputime.Process()-cpu0).Nanoseconds())/runs, "cpu-ns/skill")
}

// writeBenchList writes the folders a per-skill benchmark measures, one
// a line relative to the library, for skills-ref-bench.mjs to time
// skills-ref on the very same folders (its own walk stopped at the first
// SKILL.md and missed the nested skills lint reads).
func writeBenchList(b *testing.B, name string, cands []Candidate) {
	var sb strings.Builder
	for _, c := range cands {
		sb.WriteString(c.Path)
		sb.WriteByte('\n')
	}
	if err := os.WriteFile(name, []byte(sb.String()), 0o644); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkStreamFirstRow is the studio's first row: from starting a
// Stream over a whole library to its first batch of read skills.
func BenchmarkStreamFirstRow(b *testing.B) {
	dir := benchLibrary(b, 10_000)
	base := model.Location{Source: dir, Root: dir, Local: true, FS: os.DirFS(dir)}
	open := func() (Source, error) { return Source{Base: base, Root: "."}, nil }
	var first time.Duration
	for b.Loop() {
		ctx, cancel := context.WithCancel(b.Context())
		start := time.Now()
		for ev := range Stream(ctx, open, Settings{BatchSize: 32}) {
			if len(ev.Batch) > 0 {
				first += time.Since(start)
				break
			}
		}
		cancel()
	}
	b.ReportMetric(float64(first.Microseconds())/1000/float64(b.N), "ms-to-first-row")
}

// BenchmarkLintCores is LoadAll as lint runs it on one core and on all,
// reporting the speed-up (target: at least 1.8 on two cores).
func BenchmarkLintCores(b *testing.B) {
	dir := benchLibrary(b, 10_000)
	base := model.Location{Source: dir, Root: dir, Local: true, FS: os.DirFS(dir)}
	lint := func() time.Duration {
		start := time.Now()
		LoadAll(b.Context(), base, ".", model.Options{FindingsOnly: true}, nil)
		return time.Since(start)
	}
	all := runtime.GOMAXPROCS(0)
	var one, many time.Duration
	for b.Loop() {
		runtime.GOMAXPROCS(1)
		one += lint()
		runtime.GOMAXPROCS(all)
		many += lint()
	}
	b.ReportMetric(float64(one)/float64(many), "speedup")
	b.ReportMetric(float64(many.Milliseconds())/float64(b.N), "ms-all-cores")
}
