package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// BenchmarkStartup runs `skillstudio version` and a hello-world Go binary
// alternately and reports the median of each and their ratio (target:
// within 5×), for wall time and for CPU time (user + system, which a busy
// neighbour stretches far less than wall time). Most of the gap is package
// init: GODEBUG=inittrace=1 ./skillstudio version.
func BenchmarkStartup(b *testing.B) {
	dir := b.TempDir()
	bin := buildBinary(b)
	hello := filepath.Join(dir, "hello")
	src := filepath.Join(dir, "hello.go")
	if err := os.WriteFile(src, []byte("package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hello\") }\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	if out, err := exec.Command("go", "build", "-o", hello, src).CombinedOutput(); err != nil {
		b.Fatalf("build hello: %v\n%s", err, out)
	}
	type times struct{ wall, cpu []time.Duration }
	run := func(into *times, name string, args ...string) {
		cmd := exec.Command(name, args...)
		start := time.Now()
		if err := cmd.Run(); err != nil {
			b.Fatal(err)
		}
		into.wall = append(into.wall, time.Since(start))
		into.cpu = append(into.cpu, cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime())
	}
	var ours, base times
	for b.Loop() {
		run(&ours, bin, "version")
		run(&base, hello)
	}
	median := func(ds []time.Duration) float64 {
		slices.Sort(ds)
		return float64(ds[len(ds)/2].Microseconds()) / 1000
	}
	report := func(suffix string, o, h []time.Duration) {
		mo, mh := median(o), median(h)
		b.ReportMetric(mo, "ms-version"+suffix)
		b.ReportMetric(mh, "ms-hello"+suffix)
		if mh > 0 {
			b.ReportMetric(mo/mh, "ratio"+suffix)
		}
	}
	report("", ours.wall, base.wall)
	report("-cpu", ours.cpu, base.cpu)
}

// BenchmarkShowCollections runs the real binary's `show` of a small
// embedded skill and reports the collections each run starts (gctrace)
// and its CPU time. Collections do not vary with the machine's load: the
// one that ran before show set its own goal (init's heap, collected on
// the way) is what TestShowKeepsInitHeap keeps out.
func BenchmarkShowCollections(b *testing.B) {
	bin := buildBinary(b)
	var gcs int
	var cpu time.Duration
	for b.Loop() {
		cmd := exec.Command(bin, "show", "--style", "notty", "--width", "80", "release-notes")
		cmd.Env = append(os.Environ(), "GODEBUG=gctrace=1")
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			b.Fatal(err)
		}
		gcs += strings.Count("\n"+stderr.String(), "\ngc ")
		cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	b.ReportMetric(float64(gcs)/float64(b.N), "gc/op")
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
