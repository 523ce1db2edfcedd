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
	"os"
	"path/filepath"
	"slices"
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
	// What changed since the last lint: files whose skills are read again
	// (formats.Collected.Reread), or, with rereadAll, everything.
	changed   []string // absolute paths
	rereadAll bool
	// watch is true when the client can watch files for the server
	// (workspace.didChangeWatchedFiles.dynamicRegistration): after
	// initialized it is asked to, or it never reports changes on disk.
	watch bool

	// enc is the position encoding settled at initialize (encoding.go).
	enc sharedEncoding

	lintMu sync.Mutex // one lint at a time; the newest text wins
	// linting is true while lintSoon runs; lintAgain asks it for one more
	// lint (under mu).
	linting, lintAgain bool
	// configShown are the config problems last told to the user
	// (showConfigProblems); only the lint, under lintMu, touches it.
	configShown map[string]bool

	// exited is closed on the exit notification: Serve returns at once,
	// even while a read of stdin is blocked (closing stdin does not wake it).
	exited   chan struct{}
	exitOnce sync.Once

	// Pull diagnostics (pull.go). scheduledGen counts the lints asked
	// for, lintedGen is the newest that has run; lintDone is closed and
	// replaced as each one ends. pull is true for a client that pulls
	// (no pushes then), refresh when it takes workspace/diagnostic/refresh;
	// reported is what was last given per open document, inFlight
	// the pulls a $/cancelRequest may still cancel.
	scheduledGen, lintedGen uint64
	lintDone                chan struct{}
	pull, refresh           bool
	reported                map[protocol.DocumentURI]reportedAt
	inFlight                map[string]context.CancelFunc
	// workspaceWaiting is the one workspace pull that long-polls; a newer
	// one answers it (pullWorkspace), so waits stay one however many come.
	workspaceWaiting *workspaceWaiter
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

// newServer is a server with no connection yet.
func newServer(opts Options) *Server {
	return &Server{
		opts: opts, rules: formats.Rules(), docs: map[protocol.DocumentURI]*document{}, exited: make(chan struct{}),
		lintDone: make(chan struct{}), reported: map[protocol.DocumentURI]reportedAt{}, inFlight: map[string]context.CancelFunc{},
	}
}

// Serve runs a server on rwc until the client exits or the stream ends.
func Serve(ctx context.Context, rwc io.ReadWriteCloser, opts Options) error {
	if opts.Debounce == 0 {
		opts.Debounce = 15 * time.Millisecond
	}
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	s := newServer(opts)
	s.conn = jsonrpc2.NewConn(newStream(rwc))
	s.conn.Go(ctx, s.serveMessage)
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

// serveMessage runs handle and keeps its error from go.lsp.dev/jsonrpc2:
// the library keeps each failure in an atomic.Value, which panics when a
// second one has another type (an answer's failed write, then the
// context.Canceled of the read after it), so an editor that quit while an
// answer was due crashed the server. A failed handler still ends the
// connection, as the library would.
func (s *Server) serveMessage(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
	if err := s.handle(ctx, reply, req); err != nil {
		fmt.Fprintf(s.opts.Log, "skillstudio lsp: %s: %v\n", req.Method(), err)
		s.conn.Close()
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
		var p317 clientCapabilities317
		_ = json.Unmarshal(params, &p317) // what p decoded, this does
		return reply(ctx, s.initialize(&p, &p317), nil)
	case protocol.MethodInitialized:
		s.mu.Lock()
		watch := s.watch
		s.mu.Unlock()
		if watch {
			// Its own goroutine: the reply comes through the loop that
			// called this handler.
			go s.registerWatchers(context.WithoutCancel(ctx))
		}
		return nil
	}
	s.mu.Lock()
	down := s.shutdown
	s.mu.Unlock()
	if _, isCall := req.(*jsonrpc2.Call); isCall && down {
		// The protocol's answer to any request after shutdown, a second
		// shutdown included.
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
		// A save is when other tools write too (formatters, generators, a
		// git checkout): the whole workspace is read again, as at start.
		// A client may send the text saved (includeText, or unasked): it is
		// what is on disk now, so it is the buffer's text too.
		var p didSaveParams
		if json.Unmarshal(params, &p) == nil && p.Text != nil {
			s.saved(p.TextDocument.URI, *p.Text)
		}
		s.rereadEverything()
		return nil
	case methodCancelRequest:
		s.cancel(params)
		return nil
	case methodDocumentDiagnostic:
		var p documentDiagnosticParams
		if ok, err := decode(&p, &p.TextDocument.URI); !ok {
			return err
		}
		if call, isCall := req.(*jsonrpc2.Call); isCall {
			s.pullDocument(ctx, reply, call.ID(), p)
		}
		return nil
	case methodWorkspaceDiagnostic:
		var p workspaceDiagnosticParams
		if err := json.Unmarshal(params, &p); err != nil {
			return reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, err.Error()))
		}
		if call, isCall := req.(*jsonrpc2.Call); isCall {
			s.pullWorkspace(ctx, reply, call.ID(), p)
		}
		return nil
	case protocol.MethodTextDocumentDidClose:
		var p protocol.DidCloseTextDocumentParams
		if json.Unmarshal(params, &p) == nil {
			s.close(ctx, p.TextDocument.URI)
		}
		return nil
	case protocol.MethodWorkspaceDidChangeWatchedFiles:
		var p protocol.DidChangeWatchedFilesParams
		if json.Unmarshal(params, &p) == nil {
			s.watched(p.Changes)
		}
		return nil
	case protocol.MethodWorkspaceDidChangeWorkspaceFolders:
		var p protocol.DidChangeWorkspaceFoldersParams
		if json.Unmarshal(params, &p) == nil {
			s.changeFolders(p.Event)
			s.rereadEverything()
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

func (s *Server) initialize(p *protocol.InitializeParams, p317 *clientCapabilities317) *initializeResult {
	roots := workspaceRoots(p)
	folders := make([]*folder, 0, len(roots))
	for _, root := range roots {
		if walkable(root, s.opts.Log) {
			folders = append(folders, newFolder(root, s.rules, s.opts.Log))
		}
	}
	ws := p.Capabilities.Workspace
	s.mu.Lock()
	s.folders = folders
	s.watch = ws != nil && ws.DidChangeWatchedFiles != nil && ws.DidChangeWatchedFiles.DynamicRegistration
	caps := &p317.Capabilities
	s.pull = caps.TextDocument != nil && caps.TextDocument.Diagnostic != nil
	s.refresh = caps.Workspace != nil && caps.Workspace.Diagnostics != nil && caps.Workspace.Diagnostics.RefreshSupport
	pull := s.pull
	s.mu.Unlock()
	enc := encUTF16
	if g := caps.General; g != nil {
		enc = pickEncoding(g.PositionEncodings)
	}
	s.enc.set(enc)
	var provider *diagnosticOptions
	if pull {
		provider = &diagnosticOptions{Identifier: "skillstudio", InterFileDependencies: true, WorkspaceDiagnostics: true}
	}
	return &initializeResult{
		Capabilities: serverCapabilities{
			// Said even for UTF-16, the default, so a client that offered
			// several knows which was taken.
			PositionEncoding:   enc.String(),
			DiagnosticProvider: provider,
			ServerCapabilities: protocol.ServerCapabilities{
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
			}},
		ServerInfo: &protocol.ServerInfo{Name: "skillstudio", Version: s.opts.Version},
	}
}

// registerWatchers asks the client to report every file created, changed
// or deleted in the workspace: library rules reach across skills, so a
// skill deleted, renamed or added outside the editor (a git checkout, a
// terminal, lint --fix) changes what an open buffer shows, and a folder
// deleted is reported as the folder alone, so no narrower pattern would
// see it. The declared didChangeWatchedFiles handler was otherwise never
// called: clients send it only for what a server registered.
func (s *Server) registerWatchers(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	params := protocol.RegistrationParams{Registrations: []protocol.Registration{{
		ID:              "skillstudio-watch",
		Method:          protocol.MethodWorkspaceDidChangeWatchedFiles,
		RegisterOptions: protocol.DidChangeWatchedFilesRegistrationOptions{Watchers: []protocol.FileSystemWatcher{{GlobPattern: "**/*"}}},
	}}}
	if _, err := s.conn.Call(ctx, protocol.MethodClientRegisterCapability, params, nil); err != nil {
		fmt.Fprintf(s.opts.Log, "skillstudio lsp: the editor did not take the file watchers: %v (files changed outside it show at the next edit)\n", err)
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
	d := &document{uri: u, path: path, version: version, text: s.textOf(content)}
	if isFile {
		d.folder, d.rel = s.ownerOf(path)
		s.setBuffer(path, []byte(content))
		s.changedOnDisk(path)
	}
	s.docs[u] = d
	s.mu.Unlock()
	s.schedule(0)
}

// textOf is content indexed for positions in the encoding settled on.
func (s *Server) textOf(content string) *text { return newTextIn(content, s.enc.get()) }

// changedOnDisk notes that the buffer for path p appeared or went: its
// skill is read again (setBuffer and dropBuffer note p) when the file is
// on disk, as the search then finds the same skills; a buffer of a file
// not on disk may be a new skill, or its going one fewer, so everything
// is read again. The caller holds s.mu.
func (s *Server) changedOnDisk(p string) {
	if _, err := os.Lstat(p); err != nil {
		s.rereadAll = true
	}
}

// didChangeParams are didChange's: protocol.TextDocumentContentChangeEvent
// cannot tell a change without a range (the whole text) from one at 0:0.
type didChangeParams struct {
	TextDocument   protocol.VersionedTextDocumentIdentifier `json:"textDocument"`
	ContentChanges []changeEvent                            `json:"contentChanges"`
}

// didSaveParams are didSave's: protocol.DidSaveTextDocumentParams cannot
// tell a save without text from one of an empty file.
type didSaveParams struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
	Text         *string                         `json:"text,omitempty"`
}

// saved takes the text a client sent with didSave as u's buffer.
func (s *Server) saved(u protocol.DocumentURI, content string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d, ok := s.docs[u]
	if !ok || d.text.data == content {
		return
	}
	d.text = s.textOf(content)
	if d.path != "" {
		s.setBuffer(d.path, []byte(content))
	}
}

type changeEvent struct {
	Range *protocol.Range `json:"range,omitempty"`
	Text  string          `json:"text"`
}

// applyChanges applies changes in order to cur (known says there is a
// text to apply a range to). The server asks for full sync, but a client
// that sends ranges anyway must not have a one-word edit taken for the
// whole text.
//
// Each ranged change is against the text the ones before it left, and
// applied one by one a batch of N edits cost N copies and line indexes of
// the whole document. A run of changes each wholly before the one before
// it (VS Code's order for multi-cursor edits) finds every range in one
// index of the text, since what lies before an edit is unchanged by it,
// and is spliced in one copy; other orders take the one-by-one path.
func applyChanges(cur string, known bool, changes []changeEvent, enc posEncoding) (string, bool) {
	for i := 0; i < len(changes); {
		c := changes[i]
		if c.Range == nil {
			cur, known = c.Text, true
			i++
			continue
		}
		if !known {
			return "", false
		}
		t := newTextIn(cur, enc)
		run := descendingRun(t, changes[i:])
		if len(run) < 2 {
			// Ascending runs (Helix's order, each range in the text the
			// edits before it left) take one copy too; the first change
			// always starts one.
			run = ascendingRun(t, changes[i:])
			slices.Reverse(run)
		}
		cur = splice(cur, run)
		i += len(run)
	}
	return cur, known
}

// edit is a change found in the text: bytes [start, end) become text.
type edit struct {
	start, end int
	text       string
}

// descendingRun is the longest run of ranged changes at the head of cs
// each ending at or before the start of the one before it, with every
// position inside t (a position past a line's end is clamped, and would
// mean another place once an edit before it on that line is applied).
func descendingRun(t *text, cs []changeEvent) []edit {
	var run []edit
	var prev protocol.Position
	for i, c := range cs {
		if c.Range == nil || !exact(t, c.Range.Start) || !exact(t, c.Range.End) || before(c.Range.End, c.Range.Start) {
			break
		}
		if i > 0 && before(prev, c.Range.End) {
			break
		}
		start := t.offset(c.Range.Start)
		run = append(run, edit{start, t.offset(c.Range.End), c.Text})
		prev = c.Range.Start
		if start > 0 && t.data[start-1] == '\r' {
			// offset trims a line's trailing \r\n: when the edit leaves
			// only \r after this \r, a place before it is clamped anew.
			break
		}
	}
	return run
}

// ascendingRun is the longest run of ranged changes at the head of cs
// (at least one) each starting at or after the end of the text the one
// before it put in, found in t, the text before the run, in one pass:
// the text after the run's last edit is still t's, so a position past
// that edit's new text is found in t from its end. Positions are clamped
// as offset clamps them in the text the edits before left, so the run
// gives what applying the changes one by one gives.
func ascendingRun(t *text, cs []changeEvent) []edit {
	var run []edit
	// The text the run has made so far ends with the last edit's new text:
	// lines is how many line breaks it holds, col the length (in t.enc) of its
	// last line; at is where t's unchanged rest starts.
	lines, col, at := 0, 0, 0
	var last byte // the last byte the run wrote or kept
	for _, c := range cs {
		if c.Range == nil || last == '\r' {
			// offset trims a line's trailing \r\n: past a \r the run wrote,
			// the rest's first line could trim into what the run wrote.
			break
		}
		start, ok := restOffset(t, at, lines, col, c.Range.Start)
		if !ok {
			break // inside what the run already wrote
		}
		end, ok := restOffset(t, at, lines, col, c.Range.End)
		if !ok || end < start {
			end = start // an inverted range deletes nothing, as offset's max does
		}
		run = append(run, edit{start, end, c.Text})
		// Advance past the kept text up to the edit, then its new text.
		kept := t.data[at:start]
		lines, col = advance(lines, col, kept, t.enc)
		lines, col = advance(lines, col, c.Text, t.enc)
		if c.Text != "" {
			last = c.Text[len(c.Text)-1]
		} else if kept != "" {
			last = kept[len(kept)-1]
		}
		at = end
		if strings.HasSuffix(kept, "\r") {
			// A "\r" kept before the edit may have become one line end
			// with a "\n" the edit wrote: counted apart, it was two.
			break
		}
	}
	return run
}

// advance moves a position (lines line ends, col units on the last line)
// past s, counting line ends as the LSP does ("\r\n", "\n", lone "\r").
func advance(lines, col int, s string, enc posEncoding) (int, int) {
	k := strings.LastIndexAny(s, "\r\n")
	if k < 0 {
		return lines, col + enc.len(s)
	}
	return lines + lineEnds(s[:k+1]), enc.len(s[k+1:])
}

// lineEnds counts s's line ends as the LSP does: "\r\n" is one.
func lineEnds(s string) int {
	return strings.Count(s, "\n") + strings.Count(s, "\r") - strings.Count(s, "\r\n")
}

// restOffset is the offset in t of position p of the text an ascending
// run made so far (lines line breaks and col units on its last line
// written, then t from at); ok is false for a position inside what the
// run wrote.
func restOffset(t *text, at, lines, col int, p protocol.Position) (int, bool) {
	n := int(p.Line)
	if n < lines || n == lines && int(p.Character) < col {
		return 0, false
	}
	if n == lines {
		// The line the run's last edit ends on, continued by t's rest.
		rest := t.data[at:]
		if k := strings.IndexAny(rest, "\r\n"); k >= 0 {
			rest = rest[:k]
		}
		return at + t.enc.bytesIn(rest, int(p.Character)-col), true
	}
	// Line n is wholly t's: the k-th line after the one holding at.
	k := n - lines
	first := t.lineOf(at)
	if first+k >= t.lineCount() {
		return len(t.data), true
	}
	return t.offset(protocol.Position{Line: uint32(first + k), Character: p.Character}), true
}

// exact reports whether p names a place in t (not clamped to it).
func exact(t *text, p protocol.Position) bool {
	return int(p.Line) < t.lineCount() && t.pos(t.offset(p)) == p
}

func before(a, b protocol.Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
}

// splice applies edits given last first, in one copy of cur.
func splice(cur string, edits []edit) string {
	n := len(cur)
	for _, e := range edits {
		n += len(e.text) - (e.end - e.start)
	}
	var b strings.Builder
	b.Grow(n)
	at := 0
	for i := len(edits) - 1; i >= 0; i-- {
		e := edits[i]
		b.WriteString(cur[at:e.start])
		b.WriteString(e.text)
		at = e.end
	}
	b.WriteString(cur[at:])
	return b.String()
}

func (s *Server) change(u protocol.DocumentURI, version int32, changes []changeEvent) {
	s.mu.Lock()
	d, ok := s.docs[u]
	var cur string
	if ok {
		cur = d.text.data
	}
	content, known := applyChanges(cur, ok, changes, s.enc.get())
	if !ok {
		s.mu.Unlock()
		if known { // a buffer never opened: its whole text, or nothing
			s.open(u, version, content)
		}
		return
	}
	d.version, d.text = version, s.textOf(content)
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
	delete(s.reported, u)
	if ok && d.path != "" {
		s.dropBuffer(d.path)
		s.changedOnDisk(d.path)
	}
	pull := s.pull
	s.mu.Unlock()
	if ok && pull {
		s.schedule(0)
	} else if ok {
		s.conn.Notify(ctx, protocol.MethodTextDocumentPublishDiagnostics, &protocol.PublishDiagnosticsParams{URI: u, Diagnostics: []protocol.Diagnostic{}})
		s.schedule(0) // the file on disk may differ from the buffer
	}
}

// watched takes the files the client saw change on disk. A file changed
// has its skills read again, as a keystroke does; a file created or
// deleted may be a skill come or gone (a folder deleted is reported as the
// folder alone), so everything is read again, unless it is inside a
// version-control folder, whose churn (.git/index at every git status)
// changes no skill. A checkout or a build reports many files in a few
// batches: lint once they stop coming.
func (s *Server) watched(changes []*protocol.FileEvent) {
	s.mu.Lock()
	for _, c := range changes {
		p, ok := fileOf(uri.URI(c.URI))
		if !ok || inVCSFolder(p) {
			continue
		}
		// A subfolder's config changed: what it excludes, the profile and
		// rules below it, are the whole read's to apply (rereadConfigs).
		if c.Type == protocol.FileChangeTypeChanged && filepath.Base(p) != model.ProjectFileName {
			s.noteChanged(p)
		} else {
			s.rereadAll = true
		}
	}
	s.mu.Unlock()
	s.schedule(s.opts.Debounce)
}

// noteChanged notes p for the next lint to read its skills again. A path
// already noted is not noted twice, and past maxRereadPaths the lint
// reads everything: a flood of events (10,000 a message, a keystroke
// burst) that keeps the debounce from firing grew the list without bound.
// The caller holds s.mu.
func (s *Server) noteChanged(p string) {
	if s.rereadAll || slices.Contains(s.changed, p) {
		return
	}
	if len(s.changed) >= maxRereadPaths {
		s.changed, s.rereadAll = nil, true
		return
	}
	s.changed = append(s.changed, p)
}

// inVCSFolder reports whether p lies in a .git, .hg, .svn or .jj folder.
func inVCSFolder(p string) bool {
	for _, seg := range strings.Split(filepath.ToSlash(p), "/") {
		switch seg {
		case ".git", ".hg", ".svn", ".jj":
			return true
		}
	}
	return false
}

// rereadEverything lints at once, reading every skill again.
func (s *Server) rereadEverything() {
	s.mu.Lock()
	s.rereadAll = true
	s.mu.Unlock()
	s.schedule(0)
}

// schedule lints after delay, replacing a lint already waiting.
func (s *Server) schedule(delay time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.timer != nil {
		s.timer.Stop()
	}
	s.scheduledGen++
	s.timer = time.AfterFunc(delay, s.lintSoon)
}

// lintSoon lints now, or, while a lint runs, has it lint once more when
// it is done: one lint runs and one waits, however many timers fire. A
// lint waiting on a client that stopped reading held every later timer's
// goroutine behind it, one per keystroke past the debounce, without bound.
func (s *Server) lintSoon() {
	s.mu.Lock()
	if s.linting {
		s.lintAgain = true
		s.mu.Unlock()
		return
	}
	s.linting = true
	s.mu.Unlock()
	for {
		s.lintAndPublish(context.Background())
		s.mu.Lock()
		if !s.lintAgain {
			s.linting = false
			s.mu.Unlock()
			return
		}
		s.lintAgain = false
		s.mu.Unlock()
	}
}
