package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// readMessage reads one base-protocol message.
func readMessage(t *testing.T, in *bufio.Reader) map[string]any {
	t.Helper()
	body, err := readRawFrame(in)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// A client that stops reading (an editor hung, a pipe no one drains)
// while it goes on typing: each keystroke's lint used to wait on the one
// stuck writing, a goroutine per keystroke past the debounce, without
// bound. Now one lint runs and one more waits, whatever the count; when
// the client reads again, the last diagnostics are the last version's.
func TestClientThatNeverReadsHoldsOneLint(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"s/one/SKILL.md": "---\nname: one\ndescription: A skill for the client that never reads.\n---\n\n# One\n"})
	serverEnd, clientEnd := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, serverEnd, Options{Version: "test", Debounce: 1}) }()
	t.Cleanup(func() { cancel(); clientEnd.Close(); <-done })
	in := bufio.NewReader(clientEnd)
	send := func(body string) {
		t.Helper()
		if _, err := fmt.Fprintf(clientEnd, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
			t.Fatal(err)
		}
	}
	send(fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":%q}}`, uri.File(root)))
	if m := readMessage(t, in); m["id"] != float64(1) {
		t.Fatalf("initialize: %v", m)
	}
	u := string(uri.File(filepath.Join(root, "s/one/SKILL.md")))
	send(fmt.Sprintf(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":%q,"languageId":"markdown","version":1,"text":"---\nname: Bad_One\n---\n"}}}`, u))
	base := runtime.NumGoroutine()
	const changes = 2000
	for v := 2; v <= changes; v++ {
		send(fmt.Sprintf(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":%q,"version":%d},"contentChanges":[{"text":"---\nname: Bad_%d\n---\n"}]}}`, u, v, v))
		if v%100 == 0 {
			runtime.Gosched()
		}
	}
	if n := runtime.NumGoroutine() - base; n > 40 {
		t.Errorf("%d goroutines more after %d changes the client never read the answers to", n, changes)
	}
	// Read again: the server catches up, and its last word is the last version.
	send(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`)
	var last float64
	for {
		m := readMessage(t, in)
		if m["method"] == "textDocument/publishDiagnostics" {
			last = m["params"].(map[string]any)["version"].(float64)
			if last == changes {
				break
			}
		}
	}
}

// didChangeWatchedFiles floods: 50 messages of 10,000 changed files each,
// faster than the debounce, noted each path once and then, past what a
// lint reads skill by skill, as one "read everything" (the list grew by
// every event until a pause let the lint run); 10,000 events for one
// file note it once.
func TestWatchedFileFloodIsBounded(t *testing.T) {
	s := &Server{opts: Options{Debounce: time.Hour}, docs: map[protocol.DocumentURI]*document{}}
	defer func() { s.mu.Lock(); s.timer.Stop(); s.mu.Unlock() }()
	same := make([]*protocol.FileEvent, 10000)
	for i := range same {
		same[i] = &protocol.FileEvent{URI: uri.File("/w/s/one/SKILL.md"), Type: protocol.FileChangeTypeChanged}
	}
	s.watched(same)
	if len(s.changed) != 1 || s.rereadAll {
		t.Fatalf("10,000 events for one file: %d noted, read all %v", len(s.changed), s.rereadAll)
	}
	for m := range 50 {
		events := make([]*protocol.FileEvent, 10000)
		for i := range events {
			events[i] = &protocol.FileEvent{URI: uri.File(fmt.Sprintf("/w/s/%d-%d/SKILL.md", m, i)), Type: protocol.FileChangeTypeChanged}
		}
		s.watched(events)
		if len(s.changed) > maxRereadPaths {
			t.Fatalf("message %d: %d paths noted", m, len(s.changed))
		}
	}
	if !s.rereadAll || len(s.changed) != 0 {
		t.Errorf("after the flood: %d paths noted, read all %v", len(s.changed), s.rereadAll)
	}
}

// The workspace folder removed (rm -rf) while it is linted: the server
// goes on answering, and the open buffer, now a file of no folder on
// disk, is still linted from its text.
func TestWorkspaceRemovedWhileLinted(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{}
	for i := range 200 {
		files[fmt.Sprintf("s/k%d/SKILL.md", i)] = fmt.Sprintf("---\nname: k%d\ndescription: Skill %d of a folder removed under the server.\n---\n\n# K\n", i, i)
	}
	writeFiles(t, root, files)
	c := newClient(t, root)
	c.open("s/k1/SKILL.md", files["s/k1/SKILL.md"])
	c.waitFor("s/k1/SKILL.md", func([]protocol.Diagnostic) bool { return true })
	// Edits keep lints running while the folder goes.
	for i := range 20 {
		c.change("s/k1/SKILL.md", strings.Replace(files["s/k1/SKILL.md"], "name: k1", fmt.Sprintf("name: Bad_%d", i), 1))
		if i == 5 {
			if err := os.RemoveAll(root); err != nil {
				t.Fatal(err)
			}
			c.conn.Notify(context.Background(), protocol.MethodWorkspaceDidChangeWatchedFiles, &protocol.DidChangeWatchedFilesParams{Changes: []*protocol.FileEvent{{URI: uri.File(filepath.Join(root, "s")), Type: protocol.FileChangeTypeDeleted}}})
		}
	}
	v := c.change("s/k1/SKILL.md", strings.Replace(files["s/k1/SKILL.md"], "name: k1", "name: Last_One", 1))
	if ds := c.waitVersion("s/k1/SKILL.md", v); !hasCode("skillmd/name")(ds) {
		t.Errorf("after the folder went: %s", codes(ds))
	}
	var syms []protocol.DocumentSymbol
	c.call(protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: c.uri("s/k1/SKILL.md")}}, &syms)
}
