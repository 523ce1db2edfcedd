package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkStartup runs `skillstudio version` and a hello-world Go binary
// alternately and reports both and their ratio (target: within 5×). Most
// of the gap is package init: GODEBUG=inittrace=1 ./skillstudio version.
func BenchmarkStartup(b *testing.B) {
	dir := b.TempDir()
	bin := filepath.Join(dir, "skillstudio")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("build: %v\n%s", err, out)
	}
	hello := filepath.Join(dir, "hello")
	src := filepath.Join(dir, "hello.go")
	if err := os.WriteFile(src, []byte("package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hello\") }\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	if out, err := exec.Command("go", "build", "-o", hello, src).CombinedOutput(); err != nil {
		b.Fatalf("build hello: %v\n%s", err, out)
	}
	run := func(name string, args ...string) time.Duration {
		start := time.Now()
		if err := exec.Command(name, args...).Run(); err != nil {
			b.Fatal(err)
		}
		return time.Since(start)
	}
	var ours, base time.Duration
	for b.Loop() {
		ours += run(bin, "version")
		base += run(hello)
	}
	b.ReportMetric(float64(ours.Microseconds())/1000/float64(b.N), "ms-version")
	b.ReportMetric(float64(base.Microseconds())/1000/float64(b.N), "ms-hello")
	b.ReportMetric(float64(ours)/float64(base), "ratio")
}
