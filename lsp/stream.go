package lsp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"go.lsp.dev/jsonrpc2"
)

// maxMessage bounds one message's body: a Content-Length past it is not
// read into memory (an editor's largest, a whole file's text, is far less).
const maxMessage = 64 << 20

// bodyChunk is the body memory reserved before any of it arrives.
const bodyChunk = 64 << 10

// stream is the LSP base protocol's framing (Content-Length headers, then
// a JSON body) for jsonrpc2's Conn. It differs from jsonrpc2.NewStream in
// one way: a body that is not a JSON-RPC message is answered with a parse
// error (-32700) or an invalid request (-32600), as JSON-RPC 2.0 says,
// and the next message is read. jsonrpc2's stream returns the decoding
// error from Read, and its Conn then ends the session, so one malformed
// message from a buggy client took the editor's lint down. A broken
// header still ends it: without a length there is no telling where the
// next message starts.
type stream struct {
	in   *bufio.Reader
	conn io.ReadWriteCloser
	mu   sync.Mutex // one message written at a time, answers to bad ones included
	ids  requestIDs
}

func newStream(conn io.ReadWriteCloser) *stream {
	return &stream{in: bufio.NewReader(conn), conn: conn}
}

// Read returns the next well-formed message, answering the ill-formed
// ones before it.
func (s *stream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	var total int64
	for {
		if err := ctx.Err(); err != nil {
			return nil, total, err
		}
		data, n, err := s.frame()
		total += n
		if err != nil {
			return nil, total, err
		}
		msg, err := jsonrpc2.DecodeMessage(data)
		if _, isCall := msg.(*jsonrpc2.Call); isCall || err != nil {
			if stood, ok := s.ids.in(data); ok {
				msg, err = jsonrpc2.DecodeMessage(stood)
			}
		}
		if _, isNote := msg.(*jsonrpc2.Notification); isNote && err == nil && nullID(data) {
			// jsonrpc2 reads a request with "id": null as a notification
			// and it went unanswered. JSON-RPC 2.0 asks for an answer to
			// every request, and the LSP's request ids are numbers or
			// strings: the answer is an invalid request, id null.
			msg, err = nil, errors.New(`the id is null; a request's id is a number or a string, and a notification has none`)
		}
		if err == nil {
			return msg, total, nil
		}
		if _, werr := s.writeRaw(badMessageReply(data, err)); werr != nil {
			return nil, total, werr
		}
	}
}

// frame reads one message's headers and body.
func (s *stream) frame() ([]byte, int64, error) {
	var total, length int64
	for {
		// A header line is read within the reader's buffer: ReadString
		// kept a line without a newline growing until memory ran out.
		raw, err := s.in.ReadSlice('\n')
		total += int64(len(raw))
		if errors.Is(err, bufio.ErrBufferFull) {
			return nil, total, fmt.Errorf("a header line longer than %d bytes", s.in.Size())
		}
		if err != nil {
			return nil, total, fmt.Errorf("reading a header: %w", err)
		}
		line := strings.TrimSpace(string(raw))
		if line == "" {
			break
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, total, fmt.Errorf("invalid header line %q", line)
		}
		if strings.EqualFold(strings.TrimSpace(name), jsonrpc2.HdrContentLength) {
			length, err = strconv.ParseInt(strings.TrimSpace(value), 10, 64)
			if err != nil || length <= 0 || length > maxMessage {
				return nil, total, fmt.Errorf("invalid %s %q", jsonrpc2.HdrContentLength, value)
			}
		}
	}
	if length == 0 {
		return nil, total, fmt.Errorf("missing %s header", jsonrpc2.HdrContentLength)
	}
	// The length is the client's claim: the whole body is allocated once
	// its first chunk has arrived (make(length) up front took 64 MB for a
	// header followed by nothing), and at its exact size (a buffer grown
	// by doubling would take twice a large document's size).
	data := make([]byte, min(length, bodyChunk))
	n, err := io.ReadFull(s.in, data)
	total += int64(n)
	if err == nil && length > bodyChunk {
		data = append(make([]byte, 0, length), data...)[:length]
		n, err = io.ReadFull(s.in, data[bodyChunk:])
		total += int64(n)
	}
	if err != nil {
		return nil, total, fmt.Errorf("reading a message body: %w", err)
	}
	return data, total, nil
}

// badMessageReply is the JSON-RPC error answering body: a parse error
// for text that is not JSON, else an invalid request, with the message's
// id when it has a usable one and null otherwise.
func badMessageReply(body []byte, decodeErr error) []byte {
	type rpcError struct {
		Code    int64  `json:"code"`
		Message string `json:"message"`
	}
	reply := struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   rpcError        `json:"error"`
	}{JSONRPC: "2.0", ID: json.RawMessage("null")}
	if !json.Valid(body) {
		reply.Error = rpcError{int64(jsonrpc2.ParseError), "parse error: the message is not JSON"}
	} else if trimmed := bytes.TrimLeft(body, " \t\r\n"); len(trimmed) > 0 && trimmed[0] == '[' {
		// JSON-RPC 2.0 batches; LSP 3.17 rules them out, and no client sends one.
		reply.Error = rpcError{int64(jsonrpc2.InvalidRequest), "invalid request: a batch (a JSON array of messages); the Language Server Protocol takes each message on its own"}
	} else {
		reply.Error = rpcError{int64(jsonrpc2.InvalidRequest), "invalid request: " + decodeErr.Error()}
		var withID struct {
			ID json.RawMessage `json:"id"`
		}
		if json.Unmarshal(body, &withID) == nil && validID(withID.ID) {
			reply.ID = withID.ID
		}
	}
	out, _ := json.Marshal(reply)
	return out
}

// nullID reports whether body, a message jsonrpc2 read as a
// notification, has an "id" member (null, then). The member is looked for
// only when the bytes hold "id" as a JSON string: a notification's text
// (a whole document in didChange) is not decoded again.
func nullID(body []byte) bool {
	if !bytes.Contains(body, []byte(`"id"`)) {
		return false
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(body, &m) != nil {
		return false
	}
	_, has := m["id"]
	return has
}

// validID: a JSON-RPC id is a string or a number.
func validID(raw json.RawMessage) bool {
	var v any
	if len(raw) == 0 || json.Unmarshal(raw, &v) != nil {
		return false
	}
	switch v.(type) {
	case string, float64:
		return true
	}
	return false
}

func (s *stream) Write(ctx context.Context, msg jsonrpc2.Message) (int64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	data, err := json.Marshal(msg)
	if err != nil {
		return 0, fmt.Errorf("marshaling message: %w", err)
	}
	return s.writeRaw(s.ids.out(msg, data))
}

func (s *stream) writeRaw(data []byte) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n, err := fmt.Fprintf(s.conn, "%s: %d\r\n\r\n", jsonrpc2.HdrContentLength, len(data))
	if err != nil {
		return int64(n), fmt.Errorf("writing a message: %w", err)
	}
	m, err := s.conn.Write(data)
	if err != nil {
		return int64(n + m), fmt.Errorf("writing a message: %w", err)
	}
	return int64(n + m), nil
}

func (s *stream) Close() error { return s.conn.Close() }
