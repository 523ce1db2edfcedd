package lsp

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// pullCaps are the capabilities of a client that pulls diagnostics and
// takes refresh requests, shaped as VS Code's language client sends them.
var pullCaps = map[string]any{
	"general": map[string]any{"positionEncodings": []string{"utf-16"}},
	"textDocument": map[string]any{
		"synchronization": map[string]any{"didSave": true, "dynamicRegistration": true},
		"diagnostic":      map[string]any{"dynamicRegistration": true, "relatedDocumentSupport": false},
	},
	"workspace": map[string]any{
		"workspaceFolders":      true,
		"diagnostics":           map[string]any{"refreshSupport": true},
		"didChangeWatchedFiles": map[string]any{"dynamicRegistration": true, "relativePatternSupport": true},
	},
}

func (c *client) pull(rel, previous string) documentReport {
	c.t.Helper()
	var rep documentReport
	c.call(methodDocumentDiagnostic, &documentDiagnosticParams{TextDocument: protocol.TextDocumentIdentifier{URI: c.uri(rel)}, PreviousResultID: previous}, &rep)
	return rep
}

// TestPullDiagnostics: a client that pulls (LSP 3.17) is given
// diagnosticProvider, its pulls answer for the text it sent last (the
// lint a change scheduled has run first), an id it holds is answered
// "unchanged", and nothing is pushed (it would show every finding twice).
func TestPullDiagnostics(t *testing.T) {
	root := t.TempDir()
	c := newClientWith(t, 5*time.Millisecond, pullCaps, root)
	dp := c.init.Capabilities.DiagnosticProvider
	if dp == nil || !dp.InterFileDependencies || !dp.WorkspaceDiagnostics {
		t.Fatalf("diagnosticProvider: %+v", dp)
	}
	rel := "s/broken/SKILL.md"
	c.open(rel, brokenSkill)
	rep := c.pull(rel, "")
	if rep.Kind != "full" || rep.ResultID == "" || !hasCode("skillmd/description-colon")(rep.Items) {
		t.Fatalf("first pull: %s %q %s", rep.Kind, rep.ResultID, codes(rep.Items))
	}
	if again := c.pull(rel, rep.ResultID); again.Kind != "unchanged" || again.ResultID != rep.ResultID || len(again.Items) != 0 {
		t.Errorf("pull with the id held: %+v", again)
	}
	fixed := strings.Replace(brokenSkill, "description: Use when: testing the server", `description: "Use when: testing the server"`, 1)
	c.change(rel, fixed)
	after := c.pull(rel, rep.ResultID)
	if after.Kind != "full" || hasCode("skillmd/description-colon")(after.Items) || !hasCode("skillmd/link")(after.Items) {
		t.Errorf("pull right after a change: %s %s, want the changed text's findings", after.Kind, codes(after.Items))
	}
	select {
	case p := <-c.diags:
		t.Errorf("a pulling client was pushed diagnostics: %+v", p)
	case <-c.refreshed:
		// The client pulls a document it changed itself: a refresh per
		// keystroke had it pull every open document again.
		t.Error("a change the client made itself sent workspace/diagnostic/refresh")
	case <-time.After(50 * time.Millisecond):
	}
	// A document not open: nothing to place findings in.
	if closed := c.pull("s/other/SKILL.md", ""); closed.Kind != "full" || len(closed.Items) != 0 {
		t.Errorf("pull of a closed document: %+v", closed)
	}
}

// TestPullRefreshAfterDiskChange: a pulling client learns of what changed
// on disk by workspace/diagnostic/refresh, then pulls: the twin deleted
// by another tool takes library/duplicate-name off the open skill.
func TestPullRefreshAfterDiskChange(t *testing.T) {
	root := t.TempDir()
	twin := "---\nname: same\ndescription: A skill that shares its name with another one here.\n---\n\n# Same\n"
	writeFiles(t, root, map[string]string{"s/a/SKILL.md": twin, "s/b/SKILL.md": twin})
	c := newClientWith(t, 5*time.Millisecond, pullCaps, root)
	c.open("s/a/SKILL.md", twin)
	rep := c.pull("s/a/SKILL.md", "")
	if !hasCode("library/duplicate-name")(rep.Items) {
		t.Fatalf("first pull: %s", codes(rep.Items))
	}
	if err := os.RemoveAll(filepath.Join(root, "s", "b")); err != nil {
		t.Fatal(err)
	}
	c.conn.Notify(context.Background(), protocol.MethodWorkspaceDidChangeWatchedFiles, &protocol.DidChangeWatchedFilesParams{
		Changes: []*protocol.FileEvent{{URI: uri.File(filepath.Join(root, "s", "b")), Type: protocol.FileChangeTypeDeleted}},
	})
	select {
	case <-c.refreshed:
	case <-time.After(20 * time.Second):
		t.Fatal("no workspace/diagnostic/refresh after a skill was deleted on disk")
	}
	if after := c.pull("s/a/SKILL.md", rep.ResultID); after.Kind != "full" || hasCode("library/duplicate-name")(after.Items) {
		t.Errorf("pull after the refresh: %s %s", after.Kind, codes(after.Items))
	}
}

// TestWorkspaceDiagnosticLongPoll: workspace/diagnostic reports each open
// document with its version; asked again with every id the client holds,
// it waits for news (VS Code asks again at once) until the client cancels
// it, which answers RequestCancelled.
func TestWorkspaceDiagnosticLongPoll(t *testing.T) {
	c := newRawClient(t)
	root := t.TempDir()
	c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"` + string(uri.File(root)) + `","capabilities":{"textDocument":{"diagnostic":{}}}}}`)
	if m := c.next(); m["id"] != float64(1) {
		t.Fatalf("initialize: %v", m)
	}
	// Nothing open, nothing held: no news, so the answer waits (answered
	// at once, VS Code asked again and again without end).
	c.send(`{"jsonrpc":"2.0","id":10,"method":"workspace/diagnostic","params":{"previousResultIds":[]}}`)
	c.send(`{"jsonrpc":"2.0","id":11,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///nowhere/SKILL.md"},"position":{"line":0,"character":0}}}`)
	if m := c.next(); m["id"] != float64(11) {
		t.Fatalf("with nothing open, the workspace pull answered at once: %v", m)
	}
	c.send(`{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":10}}`)
	if m := c.next(); m["id"] != float64(10) || m["error"] == nil {
		t.Fatalf("the cancelled pull with nothing open: %v", m)
	}
	u := string(uri.File(filepath.Join(root, "s", "broken", "SKILL.md")))
	c.send(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"` + u + `","languageId":"markdown","version":7,"text":"---\nname: Broken_Skill\ndescription: x\n---\n"}}}`)
	c.send(`{"jsonrpc":"2.0","id":2,"method":"workspace/diagnostic","params":{"previousResultIds":[]}}`)
	m := c.next()
	items, _ := m["result"].(map[string]any)["items"].([]any)
	if m["id"] != float64(2) || len(items) != 1 {
		t.Fatalf("workspace/diagnostic: %v", m)
	}
	item := items[0].(map[string]any)
	if item["uri"] != u || item["version"] != float64(7) || item["kind"] != "full" || len(item["items"].([]any)) == 0 {
		t.Fatalf("the report: %v", item)
	}
	c.send(`{"jsonrpc":"2.0","id":3,"method":"workspace/diagnostic","params":{"previousResultIds":[{"uri":"` + u + `","value":"` + item["resultId"].(string) + `"}]}}`)
	c.send(`{"jsonrpc":"2.0","id":4,"method":"textDocument/hover","params":{"textDocument":{"uri":"` + u + `"},"position":{"line":0,"character":0}}}`)
	if m := c.next(); m["id"] != float64(4) {
		t.Fatalf("with nothing new, the workspace pull answered before a later request: %v", m)
	}
	c.send(`{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":3}}`)
	m = c.next()
	if e, _ := m["error"].(map[string]any); m["id"] != float64(3) || e == nil || e["code"] != float64(-32800) {
		t.Fatalf("the cancelled pull: %v, want RequestCancelled (-32800)", m)
	}
}

// TestDidSaveWithText: the text a client sends with didSave is what is
// on disk, so the findings are the saved text's.
func TestDidSaveWithText(t *testing.T) {
	root := t.TempDir()
	c := newClient(t, root)
	rel := "s/broken/SKILL.md"
	c.open(rel, brokenSkill)
	c.waitFor(rel, hasCode("skillmd/description-colon"))
	fixed := strings.Replace(brokenSkill, "description: Use when: testing the server", `description: "Use when: testing the server"`, 1)
	writeFiles(t, root, map[string]string{rel: fixed})
	c.conn.Notify(context.Background(), protocol.MethodTextDocumentDidSave, map[string]any{
		"textDocument": map[string]any{"uri": c.uri(rel)}, "text": fixed,
	})
	c.waitFor(rel, not(hasCode("skillmd/description-colon")))
}

// TestSecondShutdownIsInvalid: after shutdown every request, a second
// shutdown too, is answered InvalidRequest; the server says which
// position encoding it counts in when the client offers several.
func TestSecondShutdownIsInvalid(t *testing.T) {
	c := newRawClient(t)
	c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{"general":{"positionEncodings":["utf-8","utf-32","utf-16"]}}}}`)
	m := c.next()
	caps, _ := m["result"].(map[string]any)["capabilities"].(map[string]any)
	if caps["positionEncoding"] != "utf-8" { // the first offered it counts in
		t.Errorf("positionEncoding: %v", caps["positionEncoding"])
	}
	if _, pushes := caps["diagnosticProvider"]; pushes {
		t.Errorf("a client that does not pull was offered diagnosticProvider: %v", caps)
	}
	c.send(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`)
	if m := c.next(); m["id"] != float64(2) || m["error"] != nil {
		t.Fatalf("shutdown: %v", m)
	}
	c.send(`{"jsonrpc":"2.0","id":3,"method":"shutdown"}`)
	if m := c.next(); m["id"] != float64(3) || m["error"] == nil || m["error"].(map[string]any)["code"] != float64(-32600) {
		t.Errorf("a second shutdown: %v, want InvalidRequest (-32600)", m)
	}
}
