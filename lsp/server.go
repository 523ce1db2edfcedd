// Package lsp is skillstudio's language server: lint as you type in any
// editor with an LSP client. It speaks JSON-RPC over a stream (stdio for
// `skillstudio lsp`) with go.lsp.dev's protocol types and transport, and
// runs the same load pipeline as lint over each workspace folder, reading
// open buffers instead of the files on disk.
package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
)

// Options configure a server.
type Options struct {
	// Version is reported to the client.
	Version string
	// Debounce is how long after the last change lint runs (default
	// 15ms): a burst of keys lints once, and a pause shows results at once.
	Debounce time.Duration
	// Log receives one line per problem the client should not see as an
	// error (a bad config file); nil discards them.
	Log io.Writer
}

// Server is one client's session.
type Server struct {
	opts  Options
	conn  jsonrpc2.Conn
	rules model.RuleSet

	mu       sync.Mutex
	folders  []*folder // the workspace folders, each its own library; nil before initialize
	docs     map[protocol.DocumentURI]*document
	latest   *result
	timer    *time.Timer
	shutdown bool

	lintMu sync.Mutex // one lint at a time; the newest text wins

	// exited is closed on the exit notification: Serve returns at once,
	// even while a read of stdin is blocked (closing stdin does not wake it).
	exited   chan struct{}
	exitOnce sync.Once
}

// document is an open buffer.
type document struct {
	uri     protocol.DocumentURI
	path    string  // absolute; "" for a buffer that is not a file
	folder  *folder // the workspace folder it belongs to; nil outside them all
	rel     string  // slash path under folder's root; "" when outside
	version int32
	text    *text
}

// ErrExitWithoutShutdown is Serve's answer to an exit notification that
// came before any shutdown request: the protocol asks the server to end
// with status 1 then, so a client can tell a clean stop from a crash.
var ErrExitWithoutShutdown = errors.New("exit without a shutdown request first")

// Serve runs a server on rwc until the client exits or the stream ends.
func Serve(ctx context.Context, rwc io.ReadWriteCloser, opts Options) error {
	if opts.Debounce == 0 {
		opts.Debounce = 15 * time.Millisecond
	}
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	s := &Server{opts: opts, rules: formats.Rules(), docs: map[protocol.DocumentURI]*document{}, exited: make(chan struct{})}
	s.conn = jsonrpc2.NewConn(newStream(rwc))
	s.conn.Go(ctx, s.handle)
	select {
	case <-s.conn.Done():
	case <-s.exited:
	case <-ctx.Done():
		s.conn.Close()
	}
	// The exit handler also closes the connection, so Done may have been
	// the case chosen: whether exit came is read from exited itself.
	select {
	case <-s.exited:
		s.mu.Lock()
		down := s.shutdown
		s.mu.Unlock()
		if !down {
			return ErrExitWithoutShutdown
		}
		return nil
	default:
	}
	if err := s.conn.Err(); err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrClosedPipe) && !strings.Contains(err.Error(), "closed") {
		return err
	}
	return nil
}

// handle dispatches one message. Requests that take long (none do yet)
// would block the next message: lint runs on its own goroutine.
func (s *Server) handle(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) (err error) {
	defer func() {
		// A bug in one request must not take the editor's lint down with it.
		if r := recover(); r != nil {
			fmt.Fprintf(s.opts.Log, "skillstudio lsp: %s: %v (a skillstudio bug; please report it)\n", req.Method(), r)
			if _, isCall := req.(*jsonrpc2.Call); isCall {
				err = reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.InternalError, fmt.Sprint(r)))
			}
		}
	}()
	params := req.Params()
	// decode reads a document request's params and answers a bad one
	// itself: ok is false then, and the request is done. Half-decoded
	// params still named a document, so a bad position was answered
	// twice, and params naming none were never answered.
	decode := func(v any, uri *protocol.DocumentURI) (ok bool, err error) {
		if err := json.Unmarshal(params, v); err != nil {
			return false, reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, err.Error()))
		}
		if *uri == "" {
			return false, reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "the params name no textDocument.uri"))
		}
		return true, nil
	}
	switch req.Method() {
	case protocol.MethodInitialize:
		var p protocol.InitializeParams
		if err := json.Unmarshal(params, &p); err != nil {
			return reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, err.Error()))
		}
		return reply(ctx, s.initialize(&p), nil)
	case protocol.MethodInitialized:
		return nil
	}
	s.mu.Lock()
	down := s.shutdown
	s.mu.Unlock()
	if _, isCall := req.(*jsonrpc2.Call); isCall && down && req.Method() != protocol.MethodShutdown {
		// The protocol's answer to any request after shutdown.
		return reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "the server is shutting down"))
	}
	switch req.Method() {
	case protocol.MethodShutdown:
		s.mu.Lock()
		s.shutdown = true
		s.mu.Unlock()
		return reply(ctx, nil, nil)
	case protocol.MethodExit:
		s.exitOnce.Do(func() { close(s.exited) })
		return s.conn.Close()
	case protocol.MethodTextDocumentDidOpen:
		var p protocol.DidOpenTextDocumentParams
		if json.Unmarshal(params, &p) == nil {
			s.open(p.TextDocument.URI, p.TextDocument.Version, p.TextDocument.Text)
		}
		return nil
	case protocol.MethodTextDocumentDidChange:
		var p didChangeParams
		if json.Unmarshal(params, &p) == nil && len(p.ContentChanges) > 0 {
			s.change(p.TextDocument.URI, p.TextDocument.Version, p.ContentChanges)
		}
		return nil
	case protocol.MethodTextDocumentDidSave:
		s.schedule(0)
		return nil
	case protocol.MethodTextDocumentDidClose:
		var p protocol.DidCloseTextDocumentParams
		if json.Unmarshal(params, &p) == nil {
			s.close(ctx, p.TextDocument.URI)
		}
		return nil
	case protocol.MethodWorkspaceDidChangeWatchedFiles:
		s.schedule(0)
		return nil
	case protocol.MethodWorkspaceDidChangeWorkspaceFolders:
		var p protocol.DidChangeWorkspaceFoldersParams
		if json.Unmarshal(params, &p) == nil {
			s.changeFolders(p.Event)
			s.schedule(0)
		}
		return nil
	case protocol.MethodTextDocumentCodeAction:
		var p protocol.CodeActionParams
		if ok, err := decode(&p, &p.TextDocument.URI); !ok {
			return err
		}
		return reply(ctx, s.codeActions(&p), nil)
	case protocol.MethodTextDocumentHover:
		var p protocol.HoverParams
		if ok, err := decode(&p, &p.TextDocument.URI); !ok {
			return err
		}
		return reply(ctx, s.hover(p.TextDocument.URI, p.Position), nil)
	case protocol.MethodTextDocumentCompletion:
		var p protocol.CompletionParams
		if ok, err := decode(&p, &p.TextDocument.URI); !ok {
			return err
		}
		return reply(ctx, s.complete(p.TextDocument.URI, p.Position), nil)
	case protocol.MethodTextDocumentDocumentSymbol:
		var p protocol.DocumentSymbolParams
		if ok, err := decode(&p, &p.TextDocument.URI); !ok {
			return err
		}
		return reply(ctx, s.symbols(p.TextDocument.URI), nil)
	}
	if _, isCall := req.(*jsonrpc2.Call); isCall {
		return jsonrpc2.MethodNotFoundHandler(ctx, reply, req)
	}
	return nil // notifications we do not need ($/cancelRequest, $/setTrace…)
}

func (s *Server) initialize(p *protocol.InitializeParams) *protocol.InitializeResult {
	roots := workspaceRoots(p)
	folders := make([]*folder, 0, len(roots))
	for _, root := range roots {
		folders = append(folders, newFolder(root, s.rules, s.opts.Log))
	}
	s.mu.Lock()
	s.folders = folders
	s.mu.Unlock()
	return &protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync: &protocol.TextDocumentSyncOptions{
				OpenClose: true,
				Change:    protocol.TextDocumentSyncKindFull,
				Save:      &protocol.SaveOptions{},
			},
			CodeActionProvider:     &protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.QuickFix}},
			HoverProvider:          true,
			CompletionProvider:     &protocol.CompletionOptions{TriggerCharacters: []string{"@", ":", " "}},
			DocumentSymbolProvider: true,
			Workspace: &protocol.ServerCapabilitiesWorkspace{
				WorkspaceFolders: &protocol.ServerCapabilitiesWorkspaceFolders{Supported: true, ChangeNotifications: true},
			},
		},
		ServerInfo: &protocol.ServerInfo{Name: "skillstudio", Version: s.opts.Version},
	}
}

func (s *Server) open(u protocol.DocumentURI, version int32, content string) {
	s.mu.Lock()
	if s.folders == nil { // a client that skipped initialize
		s.mu.Unlock()
		return
	}
	// A buffer that is not a file (untitled:, git:) is kept for hover and
	// completion but is no part of the workspace lint reads.
	path, isFile := fileOf(uri.URI(u))
	d := &document{uri: u, path: path, version: version, text: newText(content)}
	if isFile {
		d.folder, d.rel = s.ownerOf(path)
		s.setBuffer(path, []byte(content))
	}
	s.docs[u] = d
	s.mu.Unlock()
	s.schedule(0)
}

// didChangeParams are didChange's: protocol.TextDocumentContentChangeEvent
// cannot tell a change without a range (the whole text) from one at 0:0.
type didChangeParams struct {
	TextDocument   protocol.VersionedTextDocumentIdentifier `json:"textDocument"`
	ContentChanges []changeEvent                            `json:"contentChanges"`
}

type changeEvent struct {
	Range *protocol.Range `json:"range,omitempty"`
	Text  string          `json:"text"`
}

// applyChanges applies changes in order to cur (known says there is a
// text to apply a range to). The server asks for full sync, but a client
// that sends ranges anyway must not have a one-word edit taken for the
// whole text.
func applyChanges(cur string, known bool, changes []changeEvent) (string, bool) {
	for _, c := range changes {
		if c.Range == nil {
			cur, known = c.Text, true
			continue
		}
		if !known {
			return "", false
		}
		t := newText(cur)
		start, end := t.offset(c.Range.Start), t.offset(c.Range.End)
		end = max(start, end)
		cur = cur[:start] + c.Text + cur[end:]
	}
	return cur, known
}

func (s *Server) change(u protocol.DocumentURI, version int32, changes []changeEvent) {
	s.mu.Lock()
	d, ok := s.docs[u]
	var cur string
	if ok {
		cur = d.text.data
	}
	content, known := applyChanges(cur, ok, changes)
	if !ok {
		s.mu.Unlock()
		if known { // a buffer never opened: its whole text, or nothing
			s.open(u, version, content)
		}
		return
	}
	d.version, d.text = version, newText(content)
	if d.path != "" {
		s.setBuffer(d.path, []byte(content))
	}
	s.mu.Unlock()
	s.schedule(s.opts.Debounce)
}

func (s *Server) close(ctx context.Context, u protocol.DocumentURI) {
	s.mu.Lock()
	d, ok := s.docs[u]
	delete(s.docs, u)
	if ok && d.path != "" {
		s.dropBuffer(d.path)
	}
	s.mu.Unlock()
	if ok {
		s.conn.Notify(ctx, protocol.MethodTextDocumentPublishDiagnostics, &protocol.PublishDiagnosticsParams{URI: u, Diagnostics: []protocol.Diagnostic{}})
		s.schedule(0) // the file on disk may differ from the buffer
	}
}

// schedule lints after delay, replacing a lint already waiting.
func (s *Server) schedule(delay time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.timer != nil {
		s.timer.Stop()
	}
	s.timer = time.AfterFunc(delay, func() { s.lintAndPublish(context.Background()) })
}
