package lsp

import (
	"fmt"
	"testing"
)

// A request whose params do not decode (a negative line, a string for a
// position) was answered twice, an error and then a result, as the
// half-decoded params still named a document; one naming no document was
// never answered, so an editor waited on it. Each call gets one answer.
func TestEveryCallIsAnsweredOnce(t *testing.T) {
	c := newRawClient(t)
	c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`)
	if m := c.next(); m["id"] != float64(1) {
		t.Fatalf("initialize: %v", m)
	}
	bad := []string{
		`{"textDocument":{"uri":"file:///tmp/x/SKILL.md"},"position":{"line":-1,"character":0}}`,
		`{"textDocument":{"uri":"file:///tmp/x/SKILL.md"},"position":"here"}`,
		`{"textDocument":{"uri":"file:///tmp/x/SKILL.md"},"range":{"start":{"line":0,"character":0},"end":{"line":-3,"character":0}},"context":{"diagnostics":[]}}`,
		`{"textDocument":{}}`,
		`{}`,
		`null`,
	}
	id := 10
	for _, method := range []string{"textDocument/hover", "textDocument/completion", "textDocument/codeAction", "textDocument/documentSymbol"} {
		for _, params := range bad {
			id++
			c.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":%q,"params":%s}`, id, method, params))
		}
	}
	// A marker after them: every earlier call is answered before it, once.
	c.send(`{"jsonrpc":"2.0","id":999,"method":"shutdown"}`)
	seen := map[float64]int{}
	for {
		m := c.next()
		n, _ := m["id"].(float64)
		if n == 999 {
			break
		}
		seen[n]++
	}
	for want := 11; want <= id; want++ {
		if seen[float64(want)] != 1 {
			t.Errorf("call %d answered %d times", want, seen[float64(want)])
		}
	}
}
