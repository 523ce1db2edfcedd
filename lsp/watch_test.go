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

// A file changed on disk has its skill read again, as a keystroke does:
// a name clash another tool wrote shows at once, and a .git file created
// beside it is no reason to read everything.
func TestWatchedChangeRereadsItsSkill(t *testing.T) {
	root := t.TempDir()
	skill := func(name string) string {
		return "---\nname: " + name + "\ndescription: One of two skills whose names another tool edits on disk.\n---\n\n# " + name + "\n"
	}
	writeFiles(t, root, map[string]string{"skills/one/SKILL.md": skill("one"), "skills/two/SKILL.md": skill("two")})
	c := newClient(t, root)
	c.open("skills/one/SKILL.md", skill("one"))
	c.waitFor("skills/one/SKILL.md", not(hasCode("library/duplicate-name")))
	notify := func(rel string, typ protocol.FileChangeType) {
		c.conn.Notify(context.Background(), protocol.MethodWorkspaceDidChangeWatchedFiles, &protocol.DidChangeWatchedFilesParams{
			Changes: []*protocol.FileEvent{{URI: c.uri(rel), Type: typ}},
		})
	}
	writeFiles(t, root, map[string]string{"skills/two/SKILL.md": skill("one"), ".git/index": "x"})
	notify(".git/index", protocol.FileChangeTypeCreated)
	notify("skills/two/SKILL.md", protocol.FileChangeTypeChanged)
	c.waitFor("skills/one/SKILL.md", hasCode("library/duplicate-name"))
}

func TestInVCSFolder(t *testing.T) {
	for p, want := range map[string]bool{
		"/w/.git/index": true, "/w/skills/a/.hg/store": true, "/w/.jj/repo": true,
		"/w/skills/a/SKILL.md": false, "/w/.github/workflows/ci.yml": false, "/w/.gitignore": false,
	} {
		if got := inVCSFolder(filepath.FromSlash(p)); got != want {
			t.Errorf("inVCSFolder(%q) = %v, want %v", p, got, want)
		}
	}
}

// A subfolder's .skillstudio.yaml changed outside the editor applies at
// once: its exclude: leaves a copy out of the library (no name clash)
// and its profile: checks the skills below it. A change was taken for a
// file some skill reads, and the cached subfolder config stayed.
func TestNestedConfigChangedOnDiskApplies(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	root := t.TempDir()
	skill := "---\nname: notes\ndescription: Keeps the notes of a meeting for the team.\nmodel: opus\n---\n\n# Notes\n"
	writeFiles(t, root, map[string]string{
		"team/.skillstudio.yaml":    "rules:\n  skillmd/tokens: off\n",
		"team/notes/SKILL.md":       skill,
		"team/notes-draft/SKILL.md": skill,
	})
	c := newClient(t, root)
	c.open("team/notes/SKILL.md", skill)
	c.waitFor("team/notes/SKILL.md", hasCode("library/duplicate-name"))
	writeFiles(t, root, map[string]string{"team/.skillstudio.yaml": "exclude:\n  - notes-draft/\nprofile: agentskills\n"})
	c.conn.Notify(context.Background(), protocol.MethodWorkspaceDidChangeWatchedFiles, &protocol.DidChangeWatchedFilesParams{
		Changes: []*protocol.FileEvent{{URI: c.uri("team/.skillstudio.yaml"), Type: protocol.FileChangeTypeChanged}},
	})
	c.waitFor("team/notes/SKILL.md", func(ds []protocol.Diagnostic) bool {
		return !hasCode("library/duplicate-name")(ds) && hasCode("skillmd/unknown-field")(ds)
	})
}
