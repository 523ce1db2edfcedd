package lsp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
)

// readRawFrame reads one base-protocol message's body as it was written.
func readRawFrame(in *bufio.Reader) ([]byte, error) {
	length := 0
	for {
		line, err := in.ReadString('\n')
		if err != nil {
			return nil, err
		}
		line = strings.TrimSpace(line)
		if line == "" {
			break
		}
		if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
			length, _ = strconv.Atoi(v)
		}
	}
	body := make([]byte, length)
	_, err := io.ReadFull(in, body)
	return body, err
}

// TestEveryRequestIDIsEchoed: JSON-RPC 2.0 answers a request with the id
// it came with. go.lsp.dev/jsonrpc2 holds a number id in an int32 and
// takes the string "" for the number 0, so an id above 2^31 or with a
// fraction was refused as an invalid request and "" was answered as 0:
// a client waiting on its id never saw its answer. Each id is sent raw
// and the answer's id compared byte for byte, with two requests in
// flight sharing nothing.
func TestEveryRequestIDIsEchoed(t *testing.T) {
	serverEnd, clientEnd := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, serverEnd, Options{Version: "test", Debounce: 1}) }()
	defer func() {
		cancel()
		clientEnd.Close()
		<-done
	}()
	in := bufio.NewReader(clientEnd)
	send := func(body string) {
		t.Helper()
		clientEnd.SetWriteDeadline(time.Now().Add(10 * time.Second))
		if _, err := fmt.Fprintf(clientEnd, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
			t.Fatal(err)
		}
	}
	next := func() rawAnswer {
		t.Helper()
		for {
			clientEnd.SetReadDeadline(time.Now().Add(10 * time.Second))
			body, err := readRawFrame(in)
			if err != nil {
				t.Fatalf("no answer: %v", err)
			}
			var m rawAnswer
			if err := json.Unmarshal(body, &m); err != nil {
				t.Fatalf("answer is not JSON: %q", body)
			}
			if _, isNote := m["method"]; !isNote {
				return m
			}
		}
	}
	for _, id := range []string{
		`2147483648`, `4294967296`, `9007199254740993`, `-2147483649`,
		`1.5`, `1e3`, `-0`, `""`, `"0"`, `"\u0000ss:1"`, `0`, `7`, `"abc"`,
	} {
		// A request the server does not know: answered with an error,
		// with the request's id.
		send(`{"jsonrpc":"2.0","id":` + id + `,"method":"skillstudio/no-such-method","params":{}}`)
		m := next()
		if !bytes.Equal(m["id"], []byte(id)) {
			t.Errorf("id %s: answered with id %s (%v)", id, m["id"], m)
		}
		if len(m["error"]) == 0 {
			t.Errorf("id %s: no error for an unknown method: %v", id, m)
		}
	}
	// A known method answers with a result under the same id.
	send(`{"jsonrpc":"2.0","id":"","method":"initialize","params":{}}`)
	if m := next(); string(m["id"]) != `""` || len(m["result"]) == 0 {
		t.Fatalf(`initialize with id "": %v`, m)
	}
	send(`{"jsonrpc":"2.0","id":3000000000,"method":"shutdown"}`)
	if m := next(); string(m["id"]) != `3000000000` || len(m["error"]) != 0 {
		t.Fatalf("shutdown with id 3000000000: %v", m)
	}
}

// rawAnswer is a message's members as written; it prints as text.
type rawAnswer map[string]json.RawMessage

func (m rawAnswer) String() string {
	var b strings.Builder
	for k, v := range m {
		fmt.Fprintf(&b, "%s=%s ", k, v)
	}
	return b.String()
}

// FuzzRequestIDs: any request jsonrpc2 reads after the stand-in is
// answered with the id it was sent with, byte for byte.
func FuzzRequestIDs(f *testing.F) {
	for _, id := range []string{`1`, `2147483648`, `1.5`, `""`, `"\u0000skillstudio-id:1"`, `-0`, `1e400`, `"x"`} {
		f.Add(id)
	}
	f.Fuzz(func(t *testing.T, id string) {
		body := []byte(`{"jsonrpc":"2.0","id":` + id + `,"method":"m"}`)
		if !json.Valid(body) {
			return
		}
		var ids requestIDs
		msg, err := jsonrpc2.DecodeMessage(body)
		if _, isCall := msg.(*jsonrpc2.Call); isCall || err != nil {
			if stood, ok := ids.in(body); ok {
				msg, err = jsonrpc2.DecodeMessage(stood)
			}
		}
		call, isCall := msg.(*jsonrpc2.Call)
		if err != nil || !isCall {
			return // refused as an invalid request, or not a request at all
		}
		resp, err := jsonrpc2.NewResponse(call.ID(), nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := json.Marshal(resp)
		var m map[string]json.RawMessage
		if err := json.Unmarshal(ids.out(resp, data), &m); err != nil {
			t.Fatal(err)
		}
		var sent map[string]json.RawMessage
		json.Unmarshal(body, &sent)
		// A string may come back escaped differently ("&" as "\u0026"):
		// the same string. A number comes back as written.
		var a, b string
		if json.Unmarshal(m["id"], &a) == nil && json.Unmarshal(sent["id"], &b) == nil {
			if a != b {
				t.Fatalf("sent id %s, answered %s", sent["id"], m["id"])
			}
		} else if !bytes.Equal(m["id"], sent["id"]) {
			t.Fatalf("sent id %s, answered %s", sent["id"], m["id"])
		}
	})
}
