package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// LSP 3.17's pull diagnostics, which go.lsp.dev/protocol v0.12 predates:
// the client asks for a document's diagnostics (textDocument/diagnostic)
// or the workspace's (workspace/diagnostic) instead of the server pushing
// them. A client that declares it can pull (VS Code's language client,
// Helix, Neovim 0.10) is given diagnosticProvider and no pushes: it keeps
// pulled and pushed diagnostics apart, so both showed every finding twice.

// Method names and the error code the protocol package lacks.
const (
	methodDocumentDiagnostic  = "textDocument/diagnostic"
	methodWorkspaceDiagnostic = "workspace/diagnostic"
	methodDiagnosticRefresh   = "workspace/diagnostic/refresh"
	methodCancelRequest       = "$/cancelRequest"
	// codeRequestCancelled answers a request the client cancelled.
	codeRequestCancelled jsonrpc2.Code = -32800
)

// diagnosticOptions is the server's diagnosticProvider.
type diagnosticOptions struct {
	Identifier string `json:"identifier,omitempty"`
	// InterFileDependencies: library rules reach across skills, so an edit
	// in one document can change another's diagnostics.
	InterFileDependencies bool `json:"interFileDependencies"`
	WorkspaceDiagnostics  bool `json:"workspaceDiagnostics"`
}

// serverCapabilities adds what LSP 3.17 added to the protocol package's.
type serverCapabilities struct {
	protocol.ServerCapabilities
	PositionEncoding   string             `json:"positionEncoding,omitempty"`
	DiagnosticProvider *diagnosticOptions `json:"diagnosticProvider,omitempty"`
}

type initializeResult struct {
	Capabilities serverCapabilities   `json:"capabilities"`
	ServerInfo   *protocol.ServerInfo `json:"serverInfo,omitempty"`
}

// clientCapabilities317 are the capabilities from LSP 3.17 the server reads.
type clientCapabilities317 struct {
	Capabilities struct {
		General *struct {
			PositionEncodings []string `json:"positionEncodings"`
		} `json:"general"`
		TextDocument *struct {
			Diagnostic *json.RawMessage `json:"diagnostic"`
		} `json:"textDocument"`
		Workspace *struct {
			Diagnostics *struct {
				RefreshSupport bool `json:"refreshSupport"`
			} `json:"diagnostics"`
		} `json:"workspace"`
	} `json:"capabilities"`
}

// documentDiagnosticParams are textDocument/diagnostic's.
type documentDiagnosticParams struct {
	TextDocument     protocol.TextDocumentIdentifier `json:"textDocument"`
	Identifier       string                          `json:"identifier,omitempty"`
	PreviousResultID string                          `json:"previousResultId,omitempty"`
}

// workspaceDiagnosticParams are workspace/diagnostic's.
type workspaceDiagnosticParams struct {
	Identifier        string             `json:"identifier,omitempty"`
	PreviousResultIDs []previousResultID `json:"previousResultIds"`
}

// previousResultID is a report the client holds: its document and id.
type previousResultID struct {
	URI   protocol.DocumentURI `json:"uri"`
	Value string               `json:"value"`
}

// documentReport is a full or unchanged document diagnostic report; in a
// workspace report it also names its document and version.
type documentReport struct {
	Kind     string                `json:"kind"` // "full" or "unchanged"
	ResultID string                `json:"resultId,omitempty"`
	Items    []protocol.Diagnostic `json:"items,omitempty"`
	URI      protocol.DocumentURI  `json:"uri,omitempty"`
	Version  *int32                `json:"version,omitempty"`
}

// MarshalJSON writes the report as LSP 3.17 shapes it: a full report
// always has items (an empty list clears the document's diagnostics; a
// report without them is malformed), an unchanged one none; a workspace
// report's item always has a version, null for a file that is not open.
func (rep documentReport) MarshalJSON() ([]byte, error) {
	type plain documentReport
	var items *[]protocol.Diagnostic // nil: no items field
	if rep.Kind == "full" {
		if rep.Items == nil {
			rep.Items = []protocol.Diagnostic{}
		}
		items = &rep.Items
	}
	if rep.URI == "" { // a document pull's answer
		return json.Marshal(struct {
			plain
			Items *[]protocol.Diagnostic `json:"items,omitempty"`
		}{plain(rep), items})
	}
	return json.Marshal(struct {
		plain
		Items   *[]protocol.Diagnostic `json:"items,omitempty"`
		Version *int32                 `json:"version"`
	}{plain(rep), items, rep.Version})
}

type workspaceReport struct {
	Items []documentReport `json:"items"`
}

// report is d's diagnostics in r as a full report, its resultId a digest
// of the items: the same findings give the same id, so a client asking
// with the id it holds is told "unchanged" and redraws nothing.
func (s *Server) report(r *result, d *document) documentReport {
	items := []protocol.Diagnostic{}
	if r != nil {
		items = s.diagnostics(r, d)
	}
	data, _ := json.Marshal(items)
	h := fnv.New64a()
	h.Write(data)
	return documentReport{Kind: "full", ResultID: fmt.Sprintf("%016x", h.Sum64()), Items: items}
}

// unchanged is rep as an unchanged report when the client holds its id.
func unchanged(rep documentReport, previous string) documentReport {
	if previous != "" && previous == rep.ResultID {
		return documentReport{Kind: "unchanged", ResultID: rep.ResultID}
	}
	return rep
}

// pullDocument answers textDocument/diagnostic once the lint that covers
// everything the client sent before it has run, on its own goroutine:
// the read loop goes on (a $/cancelRequest for it must be read).
func (s *Server) pullDocument(ctx context.Context, reply jsonrpc2.Replier, id jsonrpc2.ID, p documentDiagnosticParams) {
	wait, done := s.pending(ctx, id)
	// Answers are written with a context no cancel ends: a cancelled
	// pull is still answered.
	ctx = context.WithoutCancel(ctx)
	want := s.wantLint()
	go func() {
		defer done()
		r, ok := s.waitLint(wait, want)
		if !ok {
			reply(ctx, nil, jsonrpc2.NewError(codeRequestCancelled, "cancelled"))
			return
		}
		s.mu.Lock()
		d := s.docs[p.TextDocument.URI]
		var c document
		if d != nil {
			c = *d
		}
		s.mu.Unlock()
		if d == nil {
			// Not open: its text is not the server's to place findings in.
			reply(ctx, documentReport{Kind: "full", Items: []protocol.Diagnostic{}}, nil)
			return
		}
		rep := s.report(r, &c)
		s.noteReported(&c, rep.ResultID)
		reply(ctx, unchanged(rep, p.PreviousResultID), nil)
	}()
}

// pullWorkspace answers workspace/diagnostic with a report for each open
// document, then for the workspace folders' files that are not open
// (closedReports). VS Code asks again as soon as it is answered, so while every
// report is one the client holds (or none is open) the answer waits for a
// lint that changes one (a long poll), or for the client to cancel. A
// server never initialized answers at once with no items.
func (s *Server) pullWorkspace(ctx context.Context, reply jsonrpc2.Replier, id jsonrpc2.ID, p workspaceDiagnosticParams) {
	wait, done := s.pending(ctx, id)
	wait, me := s.supersedeWorkspacePull(wait)
	ctx = context.WithoutCancel(ctx)
	held := s.keptHeld(p.PreviousResultIDs)
	// A workspace not linted yet (nothing opened) is linted for the pull:
	// its closed skills are what the report is about, and it waited for a
	// lint nothing would schedule.
	s.mu.Lock()
	never := s.latest == nil && len(s.folders) > 0
	s.mu.Unlock()
	if never {
		s.schedule(0)
	}
	want := s.wantLint()
	go func() {
		defer done()
		defer s.forgetWorkspacePull(me)
		for {
			r, ok := s.waitLint(wait, want)
			if !ok && context.Cause(wait) == errSuperseded {
				// No news since: a newer pull waits for it in this one's place.
				reply(ctx, workspaceReport{Items: []documentReport{}}, nil)
				return
			}
			if !ok {
				reply(ctx, nil, jsonrpc2.NewError(codeRequestCancelled, "cancelled"))
				return
			}
			s.mu.Lock()
			docs := make([]document, 0, len(s.docs))
			for _, d := range s.docs {
				docs = append(docs, *d)
			}
			linted, initialized := s.lintedGen, s.folders != nil
			folders := slices.Clone(s.folders)
			s.mu.Unlock()
			// Open documents first, each in a clear order (by URI).
			slices.SortFunc(docs, func(a, b document) int { return strings.Compare(string(a.uri), string(b.uri)) })
			out := workspaceReport{Items: []documentReport{}}
			news := false
			for i := range docs {
				d := &docs[i]
				rep := s.report(r, d)
				s.noteReported(d, rep.ResultID)
				if prev, ok := held[d.uri]; !ok || prev != rep.ResultID {
					news = true
				}
				rep = unchanged(rep, held[d.uri])
				rep.URI, rep.Version = d.uri, &d.version
				out.Items = append(out.Items, rep)
			}
			closed, closedNews := s.closedReports(r, docs, folders, held)
			out.Items = append(out.Items, closed...)
			news = news || closedNews
			// With nothing open and nothing held there is no news either:
			// answering at once had the client ask again without end. But
			// with nothing open and no folder on disk to read (the whole
			// disk, refused; a folder deleted) no lint can bring news, so
			// the wait would never end: the answer is what is known now
			// (VS Code asks again 2 s after an answer).
			if news || !initialized || (len(docs) == 0 && !anyFolderOnDisk(folders)) {
				reply(ctx, out, nil)
				return
			}
			want = linted + 1 // nothing new: wait for the next lint
		}
	}()
}

// anyFolderOnDisk says whether a workspace folder is read from disk and
// is there: a change in it (seen by the client's file watcher) makes a
// lint. A folder refused as the whole disk is not in folders.
func anyFolderOnDisk(folders []*folder) bool {
	for _, f := range folders {
		if info, err := os.Stat(f.root); err == nil && info.IsDir() {
			return true
		}
	}
	return false
}

// workspaceWaiter is a workspace pull that may be waiting.
type workspaceWaiter struct{ supersede context.CancelCauseFunc }

// errSuperseded ends the wait of a workspace pull a newer one replaces.
var errSuperseded = errors.New("superseded by a newer workspace/diagnostic")

// supersedeWorkspacePull makes the pull waiting on ctx the one workspace
// pull that waits, ending the wait of the one before it (answered with
// no items: it had no news). A client holds one at a time, so the
// others are leftovers; a client that sent 50,000 and never cancelled
// held 50,000 goroutines (575 MB), each one woken by every lint.
func (s *Server) supersedeWorkspacePull(ctx context.Context) (context.Context, *workspaceWaiter) {
	ctx, supersede := context.WithCancelCause(ctx)
	me := &workspaceWaiter{supersede}
	s.mu.Lock()
	if prev := s.workspaceWaiting; prev != nil {
		prev.supersede(errSuperseded)
	}
	s.workspaceWaiting = me
	s.mu.Unlock()
	return ctx, me
}

// forgetWorkspacePull: me is answered, no longer the one waiting.
func (s *Server) forgetWorkspacePull(me *workspaceWaiter) {
	s.mu.Lock()
	if s.workspaceWaiting == me {
		s.workspaceWaiting = nil
	}
	s.mu.Unlock()
	me.supersede(nil)
}

// wantLint is the lint a pull must wait for: the one that reads all the
// client has sent so far (every change schedules a lint).
func (s *Server) wantLint() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.scheduledGen
}

// waitLint waits until lint number want (or a later one) has run and
// returns the latest result; false when ctx ends first (a cancel, the
// connection closing) or the client exits.
func (s *Server) waitLint(ctx context.Context, want uint64) (*result, bool) {
	for {
		s.mu.Lock()
		if s.lintedGen >= want || s.folders == nil {
			r := s.latest
			s.mu.Unlock()
			return r, true
		}
		ch := s.lintDone
		s.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return nil, false
		case <-s.exited:
			return nil, false
		}
	}
}

// linted records that the lint started at generation gen has published:
// pulls waiting for it are woken. In pull mode it also asks the client to
// pull again when an open document's diagnostics are not what it was
// last given though its text is (a skill changed on disk, or in another
// buffer): a document the client edited since, it pulls itself, and a
// refresh per keystroke had it pull every open document again.
func (s *Server) linted(ctx context.Context, gen uint64, r *result, docs []*document) {
	s.mu.Lock()
	s.lintedGen = max(s.lintedGen, gen)
	close(s.lintDone)
	s.lintDone = make(chan struct{})
	refresh := s.pull && s.refresh
	given := maps.Clone(s.reported)
	s.mu.Unlock()
	if !refresh || r == nil {
		return
	}
	for _, d := range docs {
		if g, ok := given[d.uri]; ok && g.version == d.version && s.report(r, d).ResultID != g.id {
			go func() {
				ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
				defer cancel()
				s.conn.Call(ctx, methodDiagnosticRefresh, nil, nil)
			}()
			return
		}
	}
}

// reportedAt is the result id last given for a document, and the
// version of the text it was given for.
type reportedAt struct {
	id      string
	version int32
}

// noteReported remembers the result id last given for d.
func (s *Server) noteReported(d *document, id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, open := s.docs[d.uri]; open {
		s.reported[d.uri] = reportedAt{id, d.version}
	}
}

// pending registers a request $/cancelRequest may cancel; done forgets it.
func (s *Server) pending(ctx context.Context, id jsonrpc2.ID) (context.Context, func()) {
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	key := idKey(id)
	s.mu.Lock()
	s.inFlight[key] = cancel
	s.mu.Unlock()
	return ctx, func() {
		s.mu.Lock()
		delete(s.inFlight, key)
		s.mu.Unlock()
		cancel()
	}
}

// cancel takes $/cancelRequest: a pull still waiting is answered with
// RequestCancelled; any other request was answered before it was read.
func (s *Server) cancel(params json.RawMessage) {
	var p struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(params, &p) != nil {
		return
	}
	var id jsonrpc2.ID
	if json.Unmarshal(p.ID, &id) != nil {
		return
	}
	s.mu.Lock()
	cancel := s.inFlight[idKey(id)]
	s.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

func idKey(id jsonrpc2.ID) string {
	data, _ := json.Marshal(&id) // ID's MarshalJSON has a pointer receiver
	return string(data)
}
