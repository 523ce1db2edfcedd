package build

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/skillstudio/skillstudio/internal/cputime"
)

// BenchmarkWatchSaveToOutput is a save (an editor-style rename over the
// skill) until the rebuilt bundle holds the change, with the default
// debounce: the "save becomes rebuilt output" target.
func BenchmarkWatchSaveToOutput(b *testing.B) {
	b.Setenv("XDG_CONFIG_HOME", b.TempDir())
	src := copyTree(b, filepath.Join("..", "formats", "xgs", "bundle", "testdata", "skills"))
	out := filepath.Join(b.TempDir(), "dist")
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan struct{})
	done := make(chan error, 1)
	// The watch loop ends before the temp folders are removed: a rebuild
	// still writing into dist would make their clean-up fail.
	defer func() { cancel(); <-done }()
	go func() {
		done <- Run(ctx, Request{
			Paths: []string{src}, Out: out, Watch: true,
			Stdout: io.Discard, Stderr: io.Discard,
			Ready: func() { close(ready) },
		})
	}()
	select {
	case <-ready:
	case err := <-done:
		b.Fatalf("watch ended early: %v", err)
	}
	file := filepath.Join(src, "base-kit.xgs.js")
	built := filepath.Join(out, "base-kit.xgs.js")
	orig, _ := os.ReadFile(file)
	var total time.Duration
	i := 0
	cpu := cputime.Process()
	for b.Loop() {
		time.Sleep(60 * time.Millisecond) // a pause between saves, as a person makes
		i++
		mark := fmt.Appendf(nil, "Hello%d, ", i)
		tmp := file + ".tmp"
		os.WriteFile(tmp, bytes.Replace(orig, []byte("Hello, "), mark, 1), 0o644)
		seen := statOf(built)
		start := time.Now()
		if err := os.Rename(tmp, file); err != nil {
			b.Fatal(err)
		}
		for read := start; ; {
			// The bundle is half a megabyte: read it when a write has
			// replaced it (or every 5 ms, for a clock too coarse to
			// tell), so the polling costs the build little CPU.
			if now := statOf(built); now != seen || time.Since(read) > 5*time.Millisecond {
				seen, read = now, time.Now()
				if data, err := os.ReadFile(built); err == nil && bytes.Contains(data, mark) {
					break
				}
			}
			if time.Since(start) > 5*time.Second {
				b.Fatal("no rebuild within 5s")
			}
			time.Sleep(200 * time.Microsecond)
		}
		total += time.Since(start)
	}
	b.ReportMetric(float64(total.Microseconds())/1000/float64(b.N), "ms/save")
	// CPU per save (the whole process: watcher, lint, esbuild, writes,
	// GC): steadier than wall time on a shared machine.
	b.ReportMetric(float64((cputime.Process()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/save")
}

// fileState tells one version of a file from the next.
type fileState struct {
	size    int64
	modTime time.Time
}

func statOf(path string) fileState {
	fi, err := os.Stat(path)
	if err != nil {
		return fileState{}
	}
	return fileState{fi.Size(), fi.ModTime()}
}
