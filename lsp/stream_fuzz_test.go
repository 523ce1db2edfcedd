package lsp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strconv"
	"strings"
	"testing"
)

// fakeConn reads what a client sent and keeps what the server wrote back.
type fakeConn struct {
	io.Reader
	out bytes.Buffer
}

func (c *fakeConn) Write(p []byte) (int, error) { return c.out.Write(p) }
func (c *fakeConn) Close() error                { return nil }

// FuzzStreamRead feeds the base-protocol reader whatever a client might
// send. It must end (every message read consumes bytes), never panic, and
// answer each malformed body with a well-framed JSON-RPC error; and a body
// framed the way the server frames its own messages reads back unchanged.
func FuzzStreamRead(f *testing.F) {
	for _, s := range []string{
		"Content-Length: 2\r\n\r\n{}",
		"Content-Length: 5\r\n\r\n[1,2]Content-Length: 38\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\"}",
		"content-length:  3 \nX-Other: y\n\nnul",
		"Content-Length: 99999999\r\n\r\n",
		"Content-Length: -1\r\n\r\n",
		"no colon\r\n\r\n",
		"Content-Length: 4\r\n\r\n\xff\xfe\x00x",
	} {
		f.Add([]byte(s), []byte(`{"jsonrpc":"2.0","method":"m"}`))
	}
	f.Fuzz(func(t *testing.T, raw, body []byte) {
		conn := &fakeConn{Reader: bytes.NewReader(raw)}
		s := newStream(conn)
		var read int64
		for i := 0; ; i++ {
			if i > len(raw) {
				t.Fatalf("%d messages from %d bytes: the reader does not advance", i, len(raw))
			}
			_, n, err := s.Read(context.Background())
			read += n
			if err != nil {
				break
			}
		}
		if read > int64(len(raw)) {
			t.Fatalf("read %d bytes of %d", read, len(raw))
		}
		replies := bufio.NewReader(&conn.out)
		for {
			reply, err := readFrame(replies)
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("a reply is not framed: %v\n%q", err, conn.out.String())
			}
			var m struct {
				JSONRPC string          `json:"jsonrpc"`
				ID      json.RawMessage `json:"id"`
				Error   *struct {
					Code int `json:"code"`
				} `json:"error"`
			}
			if err := json.Unmarshal(reply, &m); err != nil || m.JSONRPC != "2.0" || m.Error == nil || len(m.ID) == 0 {
				t.Fatalf("reply %q is not a JSON-RPC error (%v)", reply, err)
			}
		}

		if len(body) == 0 {
			return
		}
		echo := &fakeConn{Reader: strings.NewReader("")}
		if _, err := newStream(echo).writeRaw(body); err != nil {
			t.Fatal(err)
		}
		framed := echo.out.Bytes()
		got, n, err := newStream(&fakeConn{Reader: bytes.NewReader(framed)}).frame()
		if err != nil || !bytes.Equal(got, body) || n != int64(len(framed)) {
			t.Fatalf("body %q framed and read back: %q, %d bytes, %v", body, got, n, err)
		}
	})
}

// readFrame reads one Content-Length frame the way a client would.
func readFrame(r *bufio.Reader) ([]byte, error) {
	length := -1
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			if err == io.EOF && line == "" && length < 0 {
				return nil, io.EOF
			}
			return nil, err
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			break
		}
		if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
			if length, err = strconv.Atoi(v); err != nil {
				return nil, err
			}
		}
	}
	if length < 0 {
		return nil, io.ErrUnexpectedEOF
	}
	body := make([]byte, length)
	_, err := io.ReadFull(r, body)
	return body, err
}
