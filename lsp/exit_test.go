package lsp

import (
	"context"
	"errors"
	"net"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// The protocol asks a server told to exit before any shutdown request to
// end with status 1 (cli maps ErrExitWithoutShutdown to it), and after
// one with 0 (client_test's cleanup checks that).
func TestExitWithoutShutdown(t *testing.T) {
	serverEnd, clientEnd := net.Pipe()
	done := make(chan error, 1)
	go func() { done <- Serve(context.Background(), serverEnd, Options{Version: "test"}) }()
	conn := jsonrpc2.NewConn(jsonrpc2.NewStream(clientEnd))
	conn.Go(context.Background(), jsonrpc2.MethodNotFoundHandler)
	defer conn.Close()
	var res protocol.InitializeResult
	if _, err := conn.Call(context.Background(), protocol.MethodInitialize, &protocol.InitializeParams{}, &res); err != nil {
		t.Fatal(err)
	}
	if err := conn.Notify(context.Background(), protocol.MethodExit, nil); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if !errors.Is(err, ErrExitWithoutShutdown) {
			t.Errorf("Serve = %v, want ErrExitWithoutShutdown", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not exit after exit")
	}
}
