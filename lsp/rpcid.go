package lsp

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"go.lsp.dev/jsonrpc2"
)

// idPrefix starts the stand-in ids given to requests whose own id
// go.lsp.dev/jsonrpc2 cannot carry. A NUL keeps it out of ids that
// clients choose, and a client id starting with it is stood in for too,
// so two requests in flight never share one.
const idPrefix = "\x00skillstudio-id:"

// requestIDs stands in for the request ids go.lsp.dev/jsonrpc2 would
// change: it holds a number id in an int32 (2^31, or 1.5, failed to
// decode and the request was refused) and writes the string id "" as
// the number 0. JSON-RPC 2.0 answers with the id the request came with,
// so such a request is read under a stand-in string id and its answer
// written with the original id's bytes.
type requestIDs struct {
	mu   sync.Mutex
	next uint64
	held map[string]json.RawMessage // stand-in → the client's id as written
}

// carried: jsonrpc2 writes this id back unchanged.
func carried(raw json.RawMessage) bool {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s != "" && !strings.HasPrefix(s, idPrefix)
	}
	n, err := strconv.ParseInt(string(raw), 10, 32)
	return err == nil && strconv.FormatInt(n, 10) == string(raw)
}

// in returns body with a stand-in id, and true, when it is a request
// whose id would not be carried. The stream asks only about requests
// and bodies jsonrpc2 refused: a document's text comes in notifications,
// which are decoded once.
func (r *requestIDs) in(body []byte) ([]byte, bool) {
	var m map[string]json.RawMessage
	if json.Unmarshal(body, &m) != nil {
		return body, false
	}
	raw, hasID := m["id"]
	if _, hasMethod := m["method"]; !hasID || !hasMethod || !validID(raw) || carried(raw) {
		return body, false
	}
	r.mu.Lock()
	r.next++
	stand := idPrefix + strconv.FormatUint(r.next, 10)
	if r.held == nil {
		r.held = map[string]json.RawMessage{}
	}
	r.held[stand] = append(json.RawMessage(nil), raw...)
	r.mu.Unlock()
	m["id"], _ = json.Marshal(stand)
	out, err := json.Marshal(m)
	if err != nil {
		return body, false
	}
	return out, true
}

// out returns the answer to write for msg: data, or, when msg answers a
// request read under a stand-in id, data with the client's own id.
func (r *requestIDs) out(msg jsonrpc2.Message, data []byte) []byte {
	resp, ok := msg.(*jsonrpc2.Response)
	if !ok {
		return data
	}
	stand := fmt.Sprint(resp.ID())
	if !strings.HasPrefix(stand, idPrefix) {
		return data
	}
	r.mu.Lock()
	raw, ok := r.held[stand]
	delete(r.held, stand)
	r.mu.Unlock()
	if !ok {
		return data
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(data, &m) != nil {
		return data
	}
	m["id"] = raw
	out, err := json.Marshal(m)
	if err != nil {
		return data
	}
	return out
}
