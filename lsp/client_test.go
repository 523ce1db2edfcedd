package lsp

import (
	"context"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// client is a test editor: it speaks the protocol to a server over a
// pipe and collects the diagnostics the server publishes.
type client struct {
	t     testing.TB
	conn  jsonrpc2.Conn
	diags chan protocol.PublishDiagnosticsParams
	// pending holds what was published for one document while a test
	// waited on another: the server lints open documents in any order, so
	// dropping it would lose a document's only publish.
	pending map[protocol.DocumentURI][]protocol.PublishDiagnosticsParams
	root    string
	ver     int32
	// registered receives each client/registerCapability the server sends.
	registered chan protocol.RegistrationParams
	// messages receives each window/showMessage.
	messages chan protocol.ShowMessageParams
	// refreshed receives one value per workspace/diagnostic/refresh.
	refreshed chan struct{}
	// init is the server's answer to initialize.
	init initializeResult
}

func newClient(t testing.TB, root string) *client {
	t.Helper()
	return newClientDebounced(t, root, 5*time.Millisecond)
}

// newClientDebounced starts a server with a given debounce (0: the
// default an editor gets).
func newClientDebounced(t testing.TB, root string, debounce time.Duration) *client {
	t.Helper()
	return newClientFolders(t, debounce, root)
}

// newClientFolders starts a server on workspace folders roots; the
// client's relative paths are under the first.
func newClientFolders(t testing.TB, debounce time.Duration, roots ...string) *client {
	t.Helper()
	return newClientWith(t, debounce, protocol.ClientCapabilities{}, roots...)
}

// newClientWith is newClientFolders for a client that declares caps (a
// protocol.ClientCapabilities, or JSON-shaped maps for what LSP 3.17
// added to it).
func newClientWith(t testing.TB, debounce time.Duration, caps any, roots ...string) *client {
	t.Helper()
	root := roots[0]
	serverEnd, clientEnd := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, serverEnd, Options{Version: "test", Debounce: debounce}) }()
	c := &client{t: t, root: root, diags: make(chan protocol.PublishDiagnosticsParams, 256), registered: make(chan protocol.RegistrationParams, 8), messages: make(chan protocol.ShowMessageParams, 16), refreshed: make(chan struct{}, 64)}
	c.conn = jsonrpc2.NewConn(jsonrpc2.NewStream(clientEnd))
	c.conn.Go(ctx, func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		if req.Method() == protocol.MethodTextDocumentPublishDiagnostics {
			var p protocol.PublishDiagnosticsParams
			if err := json.Unmarshal(req.Params(), &p); err == nil {
				c.diags <- p
			}
			return nil
		}
		if req.Method() == protocol.MethodWindowShowMessage {
			var p protocol.ShowMessageParams
			if err := json.Unmarshal(req.Params(), &p); err == nil {
				c.messages <- p
			}
			return nil
		}
		if req.Method() == methodDiagnosticRefresh {
			c.refreshed <- struct{}{}
			go reply(ctx, nil, nil)
			return nil
		}
		if req.Method() == protocol.MethodClientRegisterCapability {
			var p protocol.RegistrationParams
			if err := json.Unmarshal(req.Params(), &p); err == nil {
				c.registered <- p
			}
			// Not on this read loop: net.Pipe has no buffer, and the server
			// may be writing to us at the same time (an editor's stdio has one).
			go reply(ctx, nil, nil)
			return nil
		}
		return jsonrpc2.MethodNotFoundHandler(ctx, reply, req)
	})
	t.Cleanup(func() {
		// A test that shut the server down already is answered an
		// invalid request here, as the protocol asks.
		callCtx, stop := context.WithTimeout(context.Background(), 10*time.Second)
		c.conn.Call(callCtx, protocol.MethodShutdown, nil, nil)
		stop()
		c.conn.Notify(context.Background(), protocol.MethodExit, nil)
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Serve: %v", err)
			}
		case <-time.After(5 * time.Second):
			t.Error("the server did not exit after exit")
		}
		cancel()
		c.conn.Close()
	})
	var folders []protocol.WorkspaceFolder
	for _, r := range roots {
		folders = append(folders, protocol.WorkspaceFolder{URI: string(uri.File(r)), Name: filepath.Base(r)})
	}
	params := map[string]any{"processId": nil, "rootUri": nil, "workspaceFolders": folders, "capabilities": caps}
	c.call(protocol.MethodInitialize, params, &c.init)
	if c.init.ServerInfo == nil || c.init.ServerInfo.Name != "skillstudio" {
		t.Fatalf("initialize: %+v", c.init)
	}
	c.conn.Notify(ctx, protocol.MethodInitialized, &protocol.InitializedParams{})
	return c
}

func (c *client) call(method string, params, result any) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := c.conn.Call(ctx, method, params, result); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) uri(rel string) protocol.DocumentURI {
	return protocol.DocumentURI(uri.File(filepath.Join(c.root, filepath.FromSlash(rel))))
}

func (c *client) open(rel, text string) {
	c.ver++
	c.conn.Notify(context.Background(), protocol.MethodTextDocumentDidOpen, &protocol.DidOpenTextDocumentParams{
		TextDocument: protocol.TextDocumentItem{URI: c.uri(rel), LanguageID: "markdown", Version: c.ver, Text: text},
	})
}

// change replaces rel's whole text. It is sent without a range:
// protocol.TextDocumentContentChangeEvent always writes one, and its zero
// range (0:0-0:0) made every change an insertion at the top, so a test
// checked the new text with the old one after it.
func (c *client) change(rel, text string) int32 {
	c.ver++
	c.conn.Notify(context.Background(), protocol.MethodTextDocumentDidChange, &didChangeParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: c.uri(rel)}, Version: c.ver},
		ContentChanges: []changeEvent{{Text: text}},
	})
	return c.ver
}

// waitVersion returns the diagnostics published for version v of rel.
func (c *client) waitVersion(rel string, v int32) []protocol.Diagnostic {
	c.t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		p, ok := c.next(rel, deadline)
		if !ok {
			c.t.Fatalf("no diagnostics for version %d of %s", v, rel)
			return nil
		}
		if p.Version == uint32(v) {
			return p.Diagnostics
		}
	}
}

// waitFor returns the first diagnostics published for rel that satisfy
// ok.
func (c *client) waitFor(rel string, ok func([]protocol.Diagnostic) bool) []protocol.Diagnostic {
	c.t.Helper()
	deadline := time.After(20 * time.Second)
	var last []protocol.Diagnostic
	for {
		p, more := c.next(rel, deadline)
		if !more {
			c.t.Fatalf("no matching diagnostics for %s; last: %s", rel, codes(last))
			return nil
		}
		last = p.Diagnostics
		if ok(p.Diagnostics) {
			return p.Diagnostics
		}
	}
}

// next returns the next publish for rel, in the order the server sent
// them, keeping other documents' publishes for their own waits; false
// once deadline fires.
func (c *client) next(rel string, deadline <-chan time.Time) (protocol.PublishDiagnosticsParams, bool) {
	uri := c.uri(rel)
	if q := c.pending[uri]; len(q) > 0 {
		c.pending[uri] = q[1:]
		return q[0], true
	}
	for {
		select {
		case p := <-c.diags:
			if p.URI == uri {
				return p, true
			}
			if c.pending == nil {
				c.pending = map[protocol.DocumentURI][]protocol.PublishDiagnosticsParams{}
			}
			c.pending[p.URI] = append(c.pending[p.URI], p)
		case <-deadline:
			return protocol.PublishDiagnosticsParams{}, false
		}
	}
}

func codes(ds []protocol.Diagnostic) string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Code.(string))
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

func hasCode(code string) func([]protocol.Diagnostic) bool {
	return func(ds []protocol.Diagnostic) bool { return strings.Contains(" "+codes(ds)+" ", " "+code+" ") }
}

func not(f func([]protocol.Diagnostic) bool) func([]protocol.Diagnostic) bool {
	return func(ds []protocol.Diagnostic) bool { return !f(ds) }
}

// applyEdits applies LSP edits to text (the test's own little editor).
func applyEdits(text string, edits []protocol.TextEdit) string {
	t := newText(text)
	sort.Slice(edits, func(i, j int) bool { return t.offset(edits[i].Range.Start) > t.offset(edits[j].Range.Start) })
	for _, e := range edits {
		text = text[:t.offset(e.Range.Start)] + e.NewText + text[t.offset(e.Range.End):]
	}
	return text
}

func writeFiles(t testing.TB, root string, files map[string]string) {
	t.Helper()
	for rel, text := range files {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestWaitKeepsOtherDocumentsPublishes: the server lints open documents
// in any order, so a wait on one document keeps what it reads for another
// (the hostile-text test once waited 20 s for a publish its first wait
// had dropped).
func TestWaitKeepsOtherDocumentsPublishes(t *testing.T) {
	c := &client{t: t, root: t.TempDir(), diags: make(chan protocol.PublishDiagnosticsParams, 4)}
	c.diags <- protocol.PublishDiagnosticsParams{URI: c.uri("b.xgs.js"), Version: 7}
	c.diags <- protocol.PublishDiagnosticsParams{URI: c.uri("a/SKILL.md"), Version: 3}
	c.waitVersion("a/SKILL.md", 3)
	c.waitVersion("b.xgs.js", 7)
}
