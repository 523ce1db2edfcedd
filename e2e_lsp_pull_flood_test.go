package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/textproto"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestLSPPullFloodOnTheRealBinary drives the real binary's pull
// diagnostics as a hostile or broken client would: 5,000
// workspace/diagnostic requests never cancelled (with forged
// previousResultIds naming URIs outside the workspace), a document pull
// for a URI never opened, the one pull still waiting cancelled twice,
// cancels for ids that never existed, and shutdown while a pull waits.
// Only one workspace pull waits at a time (each newer one answers the
// one before with no items: before, 50,000 held 575 MB), every request
// is answered once, and the server ends with status 0 in time.
func TestLSPPullFloodOnTheRealBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary; skipped in -short mode")
	}
	cmd := exec.Command(buildBinary(t), "lsp")
	cmd.Dir = t.TempDir()
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	send := func(v map[string]any) {
		v["jsonrpc"] = "2.0"
		b, _ := json.Marshal(v)
		fmt.Fprintf(stdin, "Content-Length: %d\r\n\r\n%s", len(b), b)
	}
	type answer struct {
		ID     json.RawMessage
		Result *struct{ Items []json.RawMessage }
		Error  *struct{ Code int }
	}
	answers := make(chan answer, 10000)
	go func() {
		r := textproto.NewReader(bufio.NewReader(stdout))
		for {
			h, err := r.ReadMIMEHeader()
			if err != nil {
				close(answers)
				return
			}
			n, _ := strconv.Atoi(h.Get("Content-Length"))
			body := make([]byte, n)
			if _, err := io.ReadFull(r.R, body); err != nil {
				close(answers)
				return
			}
			var a answer
			if json.Unmarshal(body, &a) == nil && a.ID != nil {
				answers <- a
			}
		}
	}()
	// collect takes n answers, failing after the deadline.
	collect := func(n int, within time.Duration) map[string]answer {
		got := map[string]answer{}
		deadline := time.After(within)
		for len(got) < n {
			select {
			case a, ok := <-answers:
				if !ok {
					t.Fatalf("the server closed its output after %d of %d answers", len(got), n)
				}
				if _, twice := got[string(a.ID)]; twice {
					t.Errorf("request %s answered twice", a.ID)
				}
				got[string(a.ID)] = a
			case <-deadline:
				t.Fatalf("%d of %d answers after %s", len(got), n, within)
			}
		}
		return got
	}
	root := "file://" + cmd.Dir
	caps := map[string]any{"textDocument": map[string]any{"diagnostic": map[string]any{}},
		"workspace": map[string]any{"diagnostics": map[string]any{"refreshSupport": true}}}
	send(map[string]any{"id": 1, "method": "initialize", "params": map[string]any{"processId": nil, "rootUri": root, "capabilities": caps}})
	send(map[string]any{"method": "initialized", "params": map[string]any{}})
	collect(1, 10*time.Second)

	const flood = 5000
	forged := []any{map[string]any{"uri": "file:///etc/passwd", "value": strings.Repeat("f", 1<<16)},
		map[string]any{"uri": root + "/../../x/SKILL.md", "value": "0000000000000000"}}
	for i := range flood {
		send(map[string]any{"id": 100 + i, "method": "workspace/diagnostic", "params": map[string]any{"previousResultIds": forged}})
	}
	last := strconv.Itoa(100 + flood - 1)
	got := collect(flood-1, 30*time.Second)
	if _, ok := got[last]; ok {
		t.Errorf("the newest workspace pull was answered with nothing open: it should wait")
	}
	for id, a := range got {
		if a.Error != nil || a.Result == nil || len(a.Result.Items) != 0 {
			t.Fatalf("superseded pull %s: %+v, want a report with no items", id, a)
		}
	}

	send(map[string]any{"id": 20, "method": "textDocument/diagnostic", "params": map[string]any{"textDocument": map[string]any{"uri": "file:///etc/never-opened/SKILL.md"}}})
	if a := collect(1, 10*time.Second)["20"]; a.Error != nil || a.Result == nil || len(a.Result.Items) != 0 {
		t.Errorf("pull of a document never opened: %+v", a)
	}
	for _, id := range []any{100 + flood - 1, 100 + flood - 1, 999999, "no-such", nil, 3.5} {
		send(map[string]any{"method": "$/cancelRequest", "params": map[string]any{"id": id}})
	}
	if a := collect(1, 10*time.Second)[last]; a.Error == nil || a.Error.Code != -32800 {
		t.Errorf("cancelled pull: %+v, want RequestCancelled", a)
	}

	send(map[string]any{"id": 30, "method": "workspace/diagnostic", "params": map[string]any{"previousResultIds": []any{}}})
	send(map[string]any{"id": 31, "method": "shutdown"})
	send(map[string]any{"method": "exit"})
	stdin.Close()
	done := make(chan error, 1)
	go func() {
		for range answers { // drain, so the server's writes never block
		}
		done <- cmd.Wait()
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("exit while a pull waits: %v, want status 0", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("the server did not end within 15 s of exit while a pull waited")
	}
}
