package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// rawClient speaks the base protocol byte by byte, so it can send what a
// well-behaved client library never would.
type rawClient struct {
	t   *testing.T
	w   io.Writer
	in  *bufio.Reader
	out chan map[string]any
}

func newRawClient(t *testing.T) *rawClient {
	serverEnd, clientEnd := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, serverEnd, Options{Version: "test", Debounce: 1}) }()
	c := &rawClient{t: t, w: clientEnd, in: bufio.NewReader(clientEnd), out: make(chan map[string]any, 64)}
	go c.readLoop()
	t.Cleanup(func() {
		cancel()
		clientEnd.Close()
		<-done
	})
	return c
}

func (c *rawClient) send(body string) {
	c.t.Helper()
	if _, err := fmt.Fprintf(c.w, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
		c.t.Fatal(err)
	}
}

func (c *rawClient) readLoop() {
	defer close(c.out)
	for {
		body, err := readRawFrame(c.in)
		if err != nil {
			return
		}
		var m map[string]any
		if json.Unmarshal(body, &m) == nil {
			c.out <- m
		}
	}
}

// next returns the next message that is not a diagnostics notification.
func (c *rawClient) next() map[string]any {
	c.t.Helper()
	for m := range c.out {
		if m["method"] != "textDocument/publishDiagnostics" {
			return m
		}
	}
	c.t.Fatal("the server closed the stream")
	return nil
}

// TestMalformedMessagesAreAnsweredAndServingGoesOn: a body that is not
// JSON gets a parse error (-32700, id null), JSON that is no JSON-RPC
// message an invalid request (-32600, with its id when it has one), and
// the server goes on to answer the next message and lint as before.
func TestMalformedMessagesAreAnsweredAndServingGoesOn(t *testing.T) {
	c := newRawClient(t)
	for _, tt := range []struct {
		body string
		code float64
		id   any
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{`, -32700, nil},
		{"\xff\xfe not even text", -32700, nil},
		{`[1, 2, 3]`, -32600, nil},
		{`{"jsonrpc":"2.0","id":7,"method":5}`, -32600, float64(7)},
		{`{"jsonrpc":"2.0","id":{"no":"good"},"method":5}`, -32600, nil},
	} {
		c.send(tt.body)
		m := c.next()
		e, _ := m["error"].(map[string]any)
		if e == nil || e["code"] != tt.code || m["id"] != tt.id {
			t.Errorf("%q: answered %v, want code %v id %v", tt.body, m, tt.code, tt.id)
		}
	}
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"s/broken/SKILL.md": brokenSkill})
	c.send(`{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"rootUri":"` + (&url.URL{Scheme: "file", Path: root}).String() + `"}}`)
	if m := c.next(); m["id"] != float64(2) || m["result"] == nil {
		t.Fatalf("initialize after bad messages: %v", m)
	}
	c.send(`{"jsonrpc":"2.0","method":"initialized","params":{}}`)
	fileURI := (&url.URL{Scheme: "file", Path: root + "/s/broken/SKILL.md"}).String()
	c.send(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"` + fileURI + `","languageId":"markdown","version":1,"text":` + strconv.Quote(brokenSkill) + `}}}`)
	for m := range c.out {
		if m["method"] == "textDocument/publishDiagnostics" && strings.Contains(fmt.Sprint(m["params"]), "skillmd/description-colon") {
			return
		}
	}
	t.Fatal("no diagnostics after the bad messages")
}

// endless is a reader of n bytes of b and no newline.
type endless struct {
	b byte
	n int
}

func (e *endless) Read(p []byte) (int, error) {
	if e.n == 0 {
		return 0, io.EOF
	}
	k := min(len(p), e.n)
	for i := range p[:k] {
		p[i] = e.b
	}
	e.n -= k
	return k, nil
}

// A header line that never ends is an error within the reader's buffer:
// it was read whole, so a client (or whatever is on the other end of the
// pipe) sending bytes without a newline filled the memory.
func TestEndlessHeaderLineIsBounded(t *testing.T) {
	for _, prefix := range []string{"", "Content-Length: ", "X-Junk: "} {
		src := io.MultiReader(strings.NewReader(prefix), &endless{b: '7', n: 32 << 20})
		s := newStream(struct {
			io.Reader
			io.Writer
			io.Closer
		}{src, io.Discard, io.NopCloser(nil)})
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, _, err := s.Read(context.Background())
		runtime.ReadMemStats(&after)
		if err == nil || !strings.Contains(err.Error(), "header") {
			t.Errorf("%q…: err = %v, want a header error", prefix, err)
		}
		if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
			t.Errorf("%q…: %d MB allocated reading one header line", prefix, got>>20)
		}
	}
}

// A Content-Length is a claim: the body's memory grows with the bytes
// that arrive, so a header promising 64 MB followed by nothing (a client
// that died, or one probing) does not allocate 64 MB.
func TestClaimedLengthIsNotAllocatedUpFront(t *testing.T) {
	s := newStream(struct {
		io.Reader
		io.Writer
		io.Closer
	}{strings.NewReader(fmt.Sprintf("Content-Length: %d\r\n\r\n{}", maxMessage)), io.Discard, io.NopCloser(nil)})
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, _, err := s.Read(context.Background())
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "body") {
		t.Errorf("err = %v, want a body error", err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
		t.Errorf("%d MB allocated for a 2-byte body", got>>20)
	}
}

// A body past the first chunk reads back whole, and one cut short is an
// error, on either side of the chunk's edge.
func TestBodyAcrossTheFirstChunk(t *testing.T) {
	for _, size := range []int{bodyChunk - 1, bodyChunk, bodyChunk + 1, 3*bodyChunk + 7} {
		body := strings.Repeat("x", size)
		for _, cut := range []int{0, 1} {
			s := newStream(struct {
				io.Reader
				io.Writer
				io.Closer
			}{strings.NewReader(fmt.Sprintf("Content-Length: %d\r\n\r\n%s", size, body[cut:])), io.Discard, io.NopCloser(nil)})
			got, _, err := s.frame()
			if cut == 0 && (err != nil || string(got) != body) {
				t.Errorf("%d bytes: read %d, %v", size, len(got), err)
			}
			if cut == 1 && err == nil {
				t.Errorf("%d bytes, one missing: no error", size)
			}
		}
	}
}
