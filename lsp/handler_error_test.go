package lsp

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"runtime"
	"testing"
	"time"
)

// goneClient sends one request and fails the answer's write once the
// editor is closing (ctx cancelled): an editor that quit while an answer
// was on its way.
type goneClient struct {
	r       io.Reader
	ctx     context.Context
	writing chan struct{} // closed when the answer's write starts
}

func (c *goneClient) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if err == io.EOF {
		<-c.ctx.Done() // the stream stays open until the editor quits
	}
	return n, err
}

func (c *goneClient) Write(p []byte) (int, error) {
	select {
	case <-c.writing:
	default:
		close(c.writing)
	}
	<-c.ctx.Done()
	return 0, io.ErrClosedPipe
}

func (c *goneClient) Close() error { return nil }

// The failed write ends the connection, and the read after it sees the
// cancelled context. go.lsp.dev/jsonrpc2 keeps each failure in an
// atomic.Value, which panics when a second failure has another type (the
// handler's write error, then context.Canceled): the server crashed when
// an editor quit while an answer was due. The handler now keeps its
// errors from the library.
func TestFailedReplyThenCancelDoesNotPanic(t *testing.T) {
	before := runtime.NumGoroutine()
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`
	in := fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body)
	ctx, cancel := context.WithCancel(context.Background())
	client := &goneClient{r: bytes.NewReader([]byte(in)), ctx: ctx, writing: make(chan struct{})}
	served := make(chan struct{})
	go func() {
		defer close(served)
		Serve(ctx, client, Options{})
	}()
	<-client.writing
	cancel()
	<-served
	// The library's read loop ends on its own goroutine after Serve
	// returns: wait for it, where a panic would end the test binary.
	for i := 0; i < 500 && runtime.NumGoroutine() > before; i++ {
		time.Sleep(10 * time.Millisecond)
	}
}
