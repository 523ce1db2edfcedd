package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest/v2"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skillstudio/skillstudio/lsp"
)

// nestedScopeTree is a checkout whose team/ folder has its own config:
// notes-draft/ left out and the agentskills profile, under which a
// model: field is unknown. The draft beside team/notes has its name, so
// were it searched the two would clash (library/duplicate-name);
// solo/tally has model: too, known under the run's profile (all).
func nestedScopeTree(t *testing.T) string {
	t.Helper()
	isolateConfig(t)
	root := t.TempDir()
	skill := func(name string) string {
		return "---\nname: " + name + "\ndescription: Keeps the " + name + " of a meeting for the team.\nmodel: opus\n---\n\n# " + name + "\n\nWrite them down.\n"
	}
	for name, text := range map[string]string{
		"team/.skillstudio.yaml":    "exclude:\n  - notes-draft/\nprofile: agentskills\n",
		"team/notes/SKILL.md":       skill("notes"),
		"team/notes-draft/SKILL.md": skill("notes"),
		"solo/tally/SKILL.md":       skill("tally"),
	} {
		writeFile(t, filepath.Join(root, filepath.FromSlash(name)), text)
	}
	return root
}

// A subfolder's exclude: and profile: apply below it, the same in lint,
// the studio and the editor's server. They applied in none: the draft
// was read (a name clash) and notes was checked under profile all.
func TestNestedExcludeAndProfileInLintStudioAndLSP(t *testing.T) {
	root := nestedScopeTree(t)
	t.Chdir(root)

	// lint
	var out, errOut bytes.Buffer
	run(context.Background(), []string{"lint", "."}, &out, &errOut)
	got := out.String()
	if !strings.Contains(got, "team/notes/SKILL.md:4:1: error skillmd/unknown-field") {
		t.Errorf("lint: team/'s profile: did not apply to team/notes:\n%s", got)
	}
	if strings.Contains(got, "notes-draft") || strings.Contains(got, "duplicate-name") {
		t.Errorf("lint: team/'s exclude: did not apply:\n%s", got)
	}
	if strings.Contains(got, "solo/tally/SKILL.md:4:1") || !strings.Contains(got, "in 2 skills") {
		t.Errorf("lint: team/'s settings reached beyond it:\n%s", got)
	}
	if strings.Contains(errOut.String(), "not apply") || strings.Contains(errOut.String(), "exclude:") {
		t.Errorf("lint: a note says the nested settings do not apply:\n%s", errOut.String())
	}

	// the studio: two skills, one error (notes' model: field)
	tm, wait := runStudioOn(t)
	wait("2 skills", "notes", "tally", "✗1")
	tm.Type("q")
	tm.FinalModel(t, teatest.WithFinalTimeout(finalTimeout))

	// the editor's server
	c := newScopeClient(t, root)
	for _, rel := range []string{"team/notes/SKILL.md", "solo/tally/SKILL.md"} {
		text, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		c.open(filepath.Join(root, filepath.FromSlash(rel)), string(text))
	}
	notes := c.wait(filepath.Join(root, "team", "notes", "SKILL.md"), "skillmd/unknown-field")
	if strings.Contains(notes, "library/duplicate-name") {
		t.Errorf("lsp: team/'s exclude: did not apply: %s", notes)
	}
	if tally := c.wait(filepath.Join(root, "solo", "tally", "SKILL.md"), ""); strings.Contains(tally, "skillmd/unknown-field") {
		t.Errorf("lsp: team/'s profile: reached solo/: %s", tally)
	}
}

// scopeClient is the least of an editor: it opens files and keeps the
// diagnostics' codes published for each.
type scopeClient struct {
	t     *testing.T
	conn  jsonrpc2.Conn
	mu    sync.Mutex
	codes map[string]string // path → its codes, space-separated
}

func newScopeClient(t *testing.T, root string) *scopeClient {
	t.Helper()
	serverEnd, clientEnd := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- lsp.Serve(ctx, serverEnd, lsp.Options{Version: "test", Debounce: 5 * time.Millisecond})
	}()
	c := &scopeClient{t: t, codes: map[string]string{}}
	c.conn = jsonrpc2.NewConn(jsonrpc2.NewStream(clientEnd))
	c.conn.Go(ctx, func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		if req.Method() == protocol.MethodTextDocumentPublishDiagnostics {
			var p protocol.PublishDiagnosticsParams
			if json.Unmarshal(req.Params(), &p) == nil {
				var cs []string
				for _, d := range p.Diagnostics {
					cs = append(cs, d.Code.(string))
				}
				c.mu.Lock()
				c.codes[uri.URI(p.URI).Filename()] = strings.Join(cs, " ") + " "
				c.mu.Unlock()
			}
			return nil
		}
		if req.Method() == protocol.MethodClientRegisterCapability {
			go reply(ctx, nil, nil)
			return nil
		}
		return reply(ctx, nil, nil)
	})
	t.Cleanup(func() {
		c.conn.Call(context.Background(), protocol.MethodShutdown, nil, nil)
		c.conn.Notify(context.Background(), protocol.MethodExit, nil)
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Error("the server did not exit")
		}
		cancel()
		c.conn.Close()
	})
	var res protocol.InitializeResult
	folders := []protocol.WorkspaceFolder{{URI: string(uri.File(root)), Name: filepath.Base(root)}}
	if _, err := c.conn.Call(ctx, protocol.MethodInitialize, &protocol.InitializeParams{WorkspaceFolders: folders}, &res); err != nil {
		t.Fatal(err)
	}
	c.conn.Notify(ctx, protocol.MethodInitialized, &protocol.InitializedParams{})
	return c
}

func (c *scopeClient) open(path, text string) {
	c.conn.Notify(context.Background(), protocol.MethodTextDocumentDidOpen, &protocol.DidOpenTextDocumentParams{
		TextDocument: protocol.TextDocumentItem{URI: protocol.DocumentURI(uri.File(path)), LanguageID: "markdown", Version: 1, Text: text},
	})
}

// wait returns path's codes once it has some containing code ("": any
// publication), or fails.
func (c *scopeClient) wait(path, code string) string {
	c.t.Helper()
	for range 1000 {
		c.mu.Lock()
		got, ok := c.codes[path]
		c.mu.Unlock()
		if ok && strings.Contains(got, code) {
			return got
		}
		time.Sleep(10 * time.Millisecond)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t.Fatalf("lsp: %s never had %q: %q", path, code, c.codes[path])
	return ""
}

// The review reads every skill of the checkout: a subfolder's exclude:
// (which came with the skills) leaves nothing out of it.
func TestReviewIgnoresNestedExclude(t *testing.T) {
	root := nestedScopeTree(t)
	var out, errOut bytes.Buffer
	run(context.Background(), []string{"review", root}, &out, &errOut)
	if !strings.Contains(out.String(), filepath.Join("team", "notes-draft", "SKILL.md")) {
		t.Errorf("a nested exclude: hid a skill from the review:\n%s\n%s", out.String(), errOut.String())
	}
}
