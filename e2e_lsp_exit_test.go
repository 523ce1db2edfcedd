package main

import (
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"testing"
)

// TestLSPExitStatus: the real binary ends with status 0 when an editor
// sends shutdown then exit, and 1 when exit comes alone, as the protocol
// asks (a client tells a clean stop from a crash by it).
func TestLSPExitStatus(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary; skipped in -short mode")
	}
	bin := buildBinary(t)
	frame := func(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }
	initialize := frame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)
	shutdown := frame(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`)
	exit := frame(`{"jsonrpc":"2.0","method":"exit"}`)
	for _, c := range []struct {
		name, input string
		want        int
	}{
		{"shutdown then exit", initialize + shutdown + exit, 0},
		{"exit alone", initialize + exit, 1},
	} {
		cmd := exec.Command(bin, "lsp")
		cmd.Dir = t.TempDir()
		cmd.Stdin = strings.NewReader(c.input)
		out, err := cmd.CombinedOutput()
		code := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if code != c.want {
			t.Errorf("%s: exit status %d, want %d\n%s", c.name, code, c.want, out)
		}
	}
}
