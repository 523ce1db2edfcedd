//go:build unix

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestLSPHostileSessionOnTheRealBinary drives one stdio session of the
// real binary with what an editor, or a hostile workspace, can send:
// FIFOs opened inside and outside the workspace, URIs climbing out with
// %2e%2e, %2f and backslashes, /dev and /proc files, ranged edits past the
// end, backwards and overlapping, a lone surrogate, a 2 MB line, a hover
// far past the end, and requests after shutdown. Every request is
// answered, the server ends with status 0 in time, and nothing panics.
func TestLSPHostileSessionOnTheRealBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary; skipped in -short mode")
	}
	bin := buildBinary(t)
	ws := t.TempDir()
	skill := filepath.Join(ws, "skills", "a", "SKILL.md")
	os.MkdirAll(filepath.Dir(skill), 0o755)
	text := "---\nname: a\ndescription: Does a thing when the user asks for it.\n---\n# A\n\nBody.\n"
	os.WriteFile(skill, []byte(text), 0o644)
	inside, outside := filepath.Join(ws, "skills", "a", "fifo.md"), filepath.Join(t.TempDir(), "SKILL.md")
	for _, p := range []string{inside, outside} {
		if err := syscall.Mkfifo(p, 0o644); err != nil {
			t.Skip("no FIFOs here:", err)
		}
	}

	var in strings.Builder
	send := func(v any) {
		b, _ := json.Marshal(v)
		fmt.Fprintf(&in, "Content-Length: %d\r\n\r\n%s", len(b), b)
	}
	note := func(method string, params any) {
		send(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
	}
	req := func(id int, method string, params any) {
		send(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	}
	root := "file://" + ws
	uri := "file://" + skill
	open := func(u, text string) {
		note("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": u, "languageId": "markdown", "version": 1, "text": text}})
	}
	rng := func(l1, c1, l2, c2 int64) map[string]any {
		return map[string]any{"start": map[string]any{"line": l1, "character": c1}, "end": map[string]any{"line": l2, "character": c2}}
	}
	req(1, "initialize", map[string]any{"processId": nil, "rootUri": root, "capabilities": map[string]any{},
		"workspaceFolders": []any{map[string]any{"uri": root, "name": "ws"}}})
	note("initialized", map[string]any{})
	open(uri, text)
	for _, u := range []string{"file://" + inside, "file://" + outside, root + "/%2e%2e/%2e%2e/etc/SKILL.md",
		root + "/..%2f..%2fetc/SKILL.md", root + `/skills\..\..\..\x/SKILL.md`, "file:///dev/stdin",
		"file:///proc/self/fd/0", "file:///dev/zero/SKILL.md", "untitled:Untitled-1"} {
		open(u, "---\nname: x\n---\n")
	}
	for v := 2; v < 60; v++ {
		note("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": v},
			"contentChanges": []any{
				map[string]any{"range": rng(999999, 999999, 0, 0), "text": "X"},
				map[string]any{"range": rng(1, 5, 1, 2), "text": "Y"},
				map[string]any{"range": rng(-1, -5, 1<<31, 1<<40), "text": "Z"},
				map[string]any{"range": rng(0, 1, 0, 2), "text": json.RawMessage(`"\ud83d"`)}, // a lone surrogate
			}})
	}
	note("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 100},
		"contentChanges": []any{map[string]any{"text": "---\nname: a\ndescription: " + strings.Repeat("x", 2<<20) + "\n---\n"}}})
	req(2, "textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": map[string]any{"line": int64(1) << 40, "character": -3}})
	req(3, "textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": map[string]any{"line": 2, "character": 2<<20 - 1}})
	req(4, "textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": "file://" + outside}})
	req(5, "shutdown", nil)
	req(6, "textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": map[string]any{"line": 0, "character": 0}})
	open(root+"/after/SKILL.md", "x")
	note("exit", nil)

	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "lsp")
	cmd.Dir = ws
	cmd.Stdin = strings.NewReader(in.String())
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if ctx.Err() != nil {
		t.Fatalf("the session did not end in 90 s (a FIFO or a URI blocked it); stderr:\n%s", stderr.String())
	}
	if err != nil {
		t.Fatalf("exit: %v; stderr:\n%s", err, stderr.String())
	}
	answered := map[float64]bool{}
	for rest := string(out); ; {
		i := strings.Index(rest, "\r\n\r\n")
		if i < 0 {
			break
		}
		var n int
		fmt.Sscanf(rest[strings.LastIndex(rest[:i], ":")+1:i], "%d", &n)
		body := rest[i+4 : i+4+n]
		rest = rest[i+4+n:]
		var m struct {
			ID    *float64        `json:"id"`
			Error json.RawMessage `json:"error"`
		}
		if json.Unmarshal([]byte(body), &m) == nil && m.ID != nil {
			answered[*m.ID] = true
			if *m.ID == 6 && len(m.Error) == 0 {
				t.Errorf("a request after shutdown was served: %s", body)
			}
		}
	}
	for id := 1; id <= 6; id++ {
		if !answered[float64(id)] {
			t.Errorf("request %d was never answered", id)
		}
	}
	if strings.Contains(stderr.String(), "panic") || strings.Contains(string(out), "goroutine ") {
		t.Errorf("a panic:\n%s", stderr.String())
	}
}
