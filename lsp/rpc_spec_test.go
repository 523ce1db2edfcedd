package lsp

import (
	"strings"
	"testing"
)

// What JSON-RPC 2.0 and the LSP ask of a server, message by message. A
// request with "id": null was read as a notification and never answered
// (JSON-RPC answers every request; the LSP's ids are numbers or strings,
// so the answer is an invalid request, id null); a batch got an error
// naming a Go type. Notifications the server does not know, $/ ones
// included, get no answer; requests after shutdown get an invalid request.
func TestMessagesTheSpecsDescribe(t *testing.T) {
	c := newRawClient(t)
	c.send(`{"jsonrpc":"2.0","id":null,"method":"initialize","params":{}}`)
	// The next request's answer comes after the null id's, if that has one.
	c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`)
	m := c.next()
	if e, _ := m["error"].(map[string]any); e == nil || e["code"] != float64(-32600) || m["id"] != nil {
		t.Fatalf(`"id": null: answered %v, want an invalid request with id null`, m)
	}
	if _, has := m["id"]; !has {
		t.Errorf(`"id": null: the answer has no id member: %v`, m)
	}
	// Not taken as a notification either: initialize still comes first.
	if m := c.next(); m["id"] != float64(1) || m["result"] == nil {
		t.Fatalf("initialize: %v", m)
	}
	c.send(`[{"jsonrpc":"2.0","id":2,"method":"shutdown"},{"jsonrpc":"2.0","method":"exit"}]`)
	m = c.next()
	if e, _ := m["error"].(map[string]any); e == nil || e["code"] != float64(-32600) || !strings.Contains(e["message"].(string), "batch") {
		t.Errorf("a batch: answered %v, want an invalid request that says batch", m)
	}
	// Notifications: none answered. A request after them is the next answer.
	c.send(`{"jsonrpc":"2.0","method":"skillstudio/unknown","params":{}}`)
	c.send(`{"jsonrpc":"2.0","method":"$/unknown","params":{}}`)
	c.send(`{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":3}}`)
	c.send(`{"jsonrpc":"2.0","method":"$/setTrace","params":{"value":"off"}}`)
	c.send(`{"jsonrpc":"2.0","id":3,"method":"$/unknown"}`)
	if m := c.next(); m["id"] != float64(3) || m["error"].(map[string]any)["code"] != float64(-32601) {
		t.Errorf("a $/ request: answered %v, want method not found (-32601)", m)
	}
	c.send(`{"jsonrpc":"2.0","id":4,"method":"shutdown"}`)
	if m := c.next(); m["id"] != float64(4) || m["error"] != nil {
		t.Fatalf("shutdown: %v", m)
	}
	c.send(`{"jsonrpc":"2.0","id":5,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///x/SKILL.md"},"position":{"line":0,"character":0}}}`)
	if m := c.next(); m["id"] != float64(5) || m["error"].(map[string]any)["code"] != float64(-32600) {
		t.Errorf("a request after shutdown: answered %v, want an invalid request (-32600)", m)
	}
	// A notification's text holding "id" is not an id.
	c.send(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///x/a.md","languageId":"markdown","version":1,"text":"{\"id\": null}"}}}`)
	c.send(`{"jsonrpc":"2.0","id":6,"method":"shutdown"}`)
	if m := c.next(); m["id"] != float64(6) {
		t.Errorf("after a didOpen whose text holds \"id\": answered %v", m)
	}
}
