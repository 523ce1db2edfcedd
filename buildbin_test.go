package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// built is the one skillstudio binary this package's tests share: linking
// it takes seconds, and every test that runs it as a user would ran its
// own `go build` before.
var built struct {
	once sync.Once
	dir  string // removed by TestMain
	bin  string
	out  []byte
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// buildBinary returns the real skillstudio binary, built once for the tests
// and benchmarks that run it as a user would. Callers must not move or
// change it (link or copy it to put it elsewhere).
func buildBinary(tb testing.TB) string {
	tb.Helper()
	built.once.Do(func() {
		built.dir, built.err = os.MkdirTemp("", "skillstudio-test-bin-")
		if built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "skillstudio")
		built.out, built.err = exec.Command("go", "build", "-o", built.bin, ".").CombinedOutput()
	})
	if built.err != nil {
		tb.Fatalf("go build: %v\n%s", built.err, built.out)
	}
	return built.bin
}
