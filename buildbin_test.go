package main

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// buildBinary builds the real skillstudio binary into a temporary folder
// for the tests and benchmarks that run it as a user would.
func buildBinary(tb testing.TB) string {
	tb.Helper()
	bin := filepath.Join(tb.TempDir(), "skillstudio")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		tb.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}
