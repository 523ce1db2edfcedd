package lsp

import (
	"context"
	"errors"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// TestRangedChangesAreApplied: the server asks for full sync, but a
// client that sends ranged changes anyway (several editors' plugins
// always do) must not have its one-word edit taken for the whole text:
// the name fix typed as a ranged change on a line holding an emoji and a
// CJK word ("SKILL.md does not start with ---" was the result).
func TestRangedChangesAreApplied(t *testing.T) {
	root := t.TempDir()
	const text = "---\nname: 日本😀 Bad_Name\ndescription: Does one thing. Use when testing.\n---\n\n# One\n"
	writeFiles(t, root, map[string]string{"skills/one/SKILL.md": text})
	c := newClient(t, root)
	c.open("skills/one/SKILL.md", text)
	c.waitFor("skills/one/SKILL.md", hasCode("skillmd/name"))
	// Replace "日本😀 Bad_Name" (UTF-16 columns 6 to 19) with "one" in two
	// ranged changes applied in order: delete "日本😀" (the emoji is two
	// code units), then " Bad_Name".
	c.ver++
	c.conn.Notify(context.Background(), protocol.MethodTextDocumentDidChange, map[string]any{
		"textDocument": map[string]any{"uri": c.uri("skills/one/SKILL.md"), "version": c.ver},
		"contentChanges": []map[string]any{
			{"range": protocol.Range{Start: protocol.Position{Line: 1, Character: 6}, End: protocol.Position{Line: 1, Character: 10}}, "text": ""},
			{"range": protocol.Range{Start: protocol.Position{Line: 1, Character: 6}, End: protocol.Position{Line: 1, Character: 15}}, "text": "one"},
		},
	})
	ds := c.waitFor("skills/one/SKILL.md", not(hasCode("skillmd/name")))
	if hasCode("skillmd/frontmatter")(ds) || hasCode("skillmd/name-dir")(ds) {
		t.Errorf("the ranged changes were not applied as ranges: %s", codes(ds))
	}
	// The server's text is the edited one: the heading is still on line 5.
	var syms []protocol.DocumentSymbol
	c.call(protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: c.uri("skills/one/SKILL.md")}}, &syms)
	if len(syms) != 1 || syms[0].Range.Start.Line != 5 || syms[0].Name != "One" {
		t.Errorf("outline %+v, want the heading One on line 5", syms)
	}
}

// TestRequestAfterShutdown: after shutdown a request is an error
// (InvalidRequest), as the protocol asks, not an answer.
func TestRequestAfterShutdown(t *testing.T) {
	root := t.TempDir()
	c := newClient(t, root)
	c.call(protocol.MethodShutdown, nil, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var res any
	_, err := c.conn.Call(ctx, protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: c.uri("x.md")}}}, &res)
	var rpcErr *jsonrpc2.Error
	if err == nil || !errors.As(err, &rpcErr) || rpcErr.Code != jsonrpc2.InvalidRequest {
		t.Errorf("hover after shutdown: %v, want an InvalidRequest error", err)
	}
}
