package lsp

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// A client that can watch files (VS Code, Helix, Zed, Neovim 0.9+,
// Emacs's eglot) sends workspace/didChangeWatchedFiles only for what the
// server registered: it is asked to watch the workspace after initialized.
func TestWatchersRegisteredWhenTheClientCan(t *testing.T) {
	root := t.TempDir()
	caps := protocol.ClientCapabilities{Workspace: &protocol.WorkspaceClientCapabilities{
		DidChangeWatchedFiles: &protocol.DidChangeWatchedFilesWorkspaceClientCapabilities{DynamicRegistration: true},
	}}
	c := newClientWith(t, 5*time.Millisecond, caps, root)
	select {
	case p := <-c.registered:
		if len(p.Registrations) != 1 || p.Registrations[0].Method != protocol.MethodWorkspaceDidChangeWatchedFiles {
			t.Fatalf("registrations: %+v", p)
		}
		var opts protocol.DidChangeWatchedFilesRegistrationOptions
		b, _ := json.Marshal(p.Registrations[0].RegisterOptions)
		if err := json.Unmarshal(b, &opts); err != nil || len(opts.Watchers) == 0 || opts.Watchers[0].GlobPattern != "**/*" {
			t.Fatalf("watchers: %s", b)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the server never asked the client to watch files")
	}
}

// A client that cannot register watchers is not asked to (it would
// answer with an error).
func TestNoWatchersForAClientThatCannot(t *testing.T) {
	c := newClient(t, t.TempDir())
	// A request answered after initialized: a registration sent on
	// initialized would have reached the client before its answer.
	c.call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: c.uri("x/SKILL.md")}}}, nil)
	select {
	case p := <-c.registered:
		t.Fatalf("registered %+v with a client that did not offer dynamic registration", p)
	default:
	}
}

// A skill deleted outside the editor, reported as a watched file, clears
// the duplicate-name error it caused in an open buffer.
func TestWatchedDeleteRelints(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"skills/same/SKILL.md": skillText("same"), "skills/twin/SKILL.md": skillText("same")})
	c := newClient(t, root)
	c.open("skills/same/SKILL.md", skillText("same"))
	c.waitFor("skills/same/SKILL.md", hasCode("library/duplicate-name"))
	if err := os.RemoveAll(filepath.Join(root, "skills", "twin")); err != nil {
		t.Fatal(err)
	}
	c.conn.Notify(context.Background(), protocol.MethodWorkspaceDidChangeWatchedFiles, &protocol.DidChangeWatchedFilesParams{
		Changes: []*protocol.FileEvent{{URI: c.uri("skills/twin"), Type: protocol.FileChangeTypeDeleted}},
	})
	c.waitFor("skills/same/SKILL.md", not(hasCode("library/duplicate-name")))
}

// A .skillstudio.yaml saved in the editor (or changed on disk) is read
// again at the next lint: the server read it once, at start, and a rule
// turned off went on being reported until the editor was restarted.
func TestConfigChangedOnDiskIsReadAgain(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"skills/solo/SKILL.md": skillText("solo")})
	c := newClient(t, root)
	c.open("skills/solo/SKILL.md", skillText("solo"))
	c.waitFor("skills/solo/SKILL.md", hasCode("skillmd/description-colon"))
	writeFiles(t, root, map[string]string{".skillstudio.yaml": quietColon})
	c.conn.Notify(context.Background(), protocol.MethodTextDocumentDidSave, &protocol.DidSaveTextDocumentParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: c.uri(".skillstudio.yaml")},
	})
	c.waitFor("skills/solo/SKILL.md", not(hasCode("skillmd/description-colon")))
	// And back on when the file goes.
	if err := os.Remove(filepath.Join(root, ".skillstudio.yaml")); err != nil {
		t.Fatal(err)
	}
	c.conn.Notify(context.Background(), protocol.MethodWorkspaceDidChangeWatchedFiles, &protocol.DidChangeWatchedFilesParams{
		Changes: []*protocol.FileEvent{{URI: c.uri(".skillstudio.yaml"), Type: protocol.FileChangeTypeDeleted}},
	})
	c.waitFor("skills/solo/SKILL.md", hasCode("skillmd/description-colon"))
}
