package lsp

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// An editor sends URIs that are not files: VS Code's `untitled:` for a
// new buffer, `git:` for a diff's other side. The server once panicked
// in didOpen while holding its lock, and answered nothing afterwards.
func TestNonFileURIsDoNotStopTheServer(t *testing.T) {
	root := t.TempDir()
	skill := "---\nname: Bad_Name\ndescription: A skill with a bad name for the non-file URI test.\n---\n\n# Body\n"
	writeFiles(t, root, map[string]string{"s/SKILL.md": skill})
	c := newClient(t, root)
	for _, u := range []protocol.DocumentURI{"untitled:Untitled-1", "git:/x/SKILL.md?ref=HEAD", "file://%zz", "::"} {
		notify(t, c, protocol.MethodTextDocumentDidOpen, &protocol.DidOpenTextDocumentParams{
			TextDocument: protocol.TextDocumentItem{URI: u, LanguageID: "markdown", Version: 1, Text: skill},
		})
		notify(t, c, protocol.MethodTextDocumentDidChange, &protocol.DidChangeTextDocumentParams{
			TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: 2},
			ContentChanges: []protocol.TextDocumentContentChangeEvent{{Text: skill + "\n"}},
		})
		var h *protocol.Hover
		call(t, c, protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: 1, Character: 2}}}, &h)
		var actions []protocol.CodeAction
		call(t, c, protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}, &actions)
	}
	c.open("s/SKILL.md", skill)
	c.waitFor("s/SKILL.md", hasCode("skillmd/name"))
}

// notify sends a notification and call makes a call, failing (not
// hanging) when the server stops reading: over net.Pipe a write waits for
// the reader whatever the context says, so the pipe is closed to free it.
func notify(t *testing.T, c *client, method string, params any) {
	t.Helper()
	guard(t, c, method, func() error { return c.conn.Notify(context.Background(), method, params) })
}

func call(t *testing.T, c *client, method string, params, result any) {
	t.Helper()
	guard(t, c, method, func() error {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_, err := c.conn.Call(ctx, method, params, result)
		return err
	})
}

func guard(t *testing.T, c *client, method string, send func() error) {
	t.Helper()
	errc := make(chan error, 1)
	go func() { errc <- send() }()
	select {
	case err := <-errc:
		if err != nil {
			t.Fatalf("%s: %v", method, err)
		}
	case <-time.After(10 * time.Second):
		c.conn.Close()
		t.Fatalf("%s: the server stopped answering", method)
	}
}

// fileOf answers for every URI an editor may send, file or not, and a
// workspace folder that is not a file falls back to the next candidate.
func TestFileOfNeverPanics(t *testing.T) {
	for u, want := range map[string]string{
		"file:///tmp/ws/s/SKILL.md":       "/tmp/ws/s/SKILL.md",
		"file:///tmp/ws/x/../s/SKILL.md":  "/tmp/ws/s/SKILL.md",
		"file:///tmp/my%20ws/SKILL.md":    "/tmp/my ws/SKILL.md",
		"untitled:Untitled-1":             "",
		"git:/tmp/ws/SKILL.md?ref=HEAD":   "",
		"file:relative":                   "",
		"file://%zz":                      "",
		"":                                "",
		"vscode-notebook-cell:/a#cell=1":  "",
		"file:///tmp/ws/SKILL.md#heading": "/tmp/ws/SKILL.md#heading",
		// A file on another host is not this machine's /share/….
		"file://server/share/s/SKILL.md":    "",
		"file://evil.example/tmp/SKILL.md":  "",
		"file://localhost/tmp/ws/SKILL.md":  "/tmp/ws/SKILL.md",
		"file:///tmp/ws/a%2F..%2F..%2Fx.md": "/tmp/x.md",
	} {
		got, ok := fileOf(uri.URI(u))
		if got != want || ok != (want != "") {
			t.Errorf("fileOf(%q) = %q, %v; want %q", u, got, ok, want)
		}
	}
	p := &protocol.InitializeParams{WorkspaceFolders: []protocol.WorkspaceFolder{{URI: "untitled:x"}}, RootPath: "/tmp/ws"}
	if got := workspaceRoot(p); got != "/tmp/ws" {
		t.Errorf("workspaceRoot with an untitled: folder = %q, want the rootPath", got)
	}
}

// A workspace folder that is the file system's root (an editor started
// in / with no project marker) had every lint walk the whole disk,
// /proc and /sys included: 16 s and 260 MB before the first diagnostic
// on a small machine, and again at every save. The root is not read
// whole; an open file's skill is linted as a file outside the workspace.
func TestWholeDiskWorkspaceLintsOnlyOpenSkills(t *testing.T) {
	for _, dir := range []string{"/", "/tmp", "/tmp/ws"} {
		if got, want := walkable(dir, io.Discard), dir != "/"; got != want {
			t.Errorf("walkable(%q) = %v, want %v", dir, got, want)
		}
	}
	tmp := t.TempDir()
	writeFiles(t, tmp, map[string]string{
		"open/SKILL.md":  brokenSkill,
		"other/SKILL.md": brokenSkill,
	})
	for _, added := range []bool{false, true} {
		var c *client
		if added {
			c = newClient(t, tmp)
			c.conn.Notify(context.Background(), protocol.MethodWorkspaceDidChangeWorkspaceFolders, &protocol.DidChangeWorkspaceFoldersParams{
				Event: protocol.WorkspaceFoldersChangeEvent{
					Removed: []protocol.WorkspaceFolder{{URI: string(uri.File(tmp))}},
					Added:   []protocol.WorkspaceFolder{{URI: "file:///"}},
				}})
		} else {
			c = newClient(t, "/")
		}
		rel := strings.TrimPrefix(filepath.ToSlash(tmp), "/") + "/open/SKILL.md"
		if added {
			rel = "open/SKILL.md"
		}
		c.open(rel, brokenSkill)
		c.waitFor(rel, hasCode("skillmd/name"))
		other := protocol.DocumentURI(uri.File(filepath.Join(tmp, "other", "SKILL.md")))
		for _, p := range c.pending[other] { // published while the wait above ran
			if len(p.Diagnostics) > 0 {
				t.Fatalf("added=%v: a skill nobody opened was linted: the disk was walked", added)
			}
		}
		for quiet := time.After(300 * time.Millisecond); ; {
			select {
			case p := <-c.diags:
				if p.URI == other && len(p.Diagnostics) > 0 {
					t.Fatalf("added=%v: a skill nobody opened was linted: the disk was walked", added)
				}
				continue
			case <-quiet:
			}
			break
		}
	}
}
