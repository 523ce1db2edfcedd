package lsp

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// disableFixtures is a workspace where many rules fire: the example
// library (its broken skills), the lint fixtures, and files made to trip
// the rules about a whole file.
func disableFixtures(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for src, dst := range map[string]string{
		"../examples/library":               "examples",
		"../cli/testdata/lint/broken":       "broken",
		"../formats/xgs/testdata":           "xgs",
		"../formats/osloop/testdata/broken": "osloop",
	} {
		if err := os.CopyFS(filepath.Join(root, dst), os.DirFS(src)); err != nil {
			t.Fatal(err)
		}
	}
	long := "---\nname: long\ndescription: A body far over the line and token budget, for the disable test.\n---\n\n# Long\n\n" +
		strings.Repeat("A line of prose that adds to the body's length and token count.\n\n", 600)
	dense := "---\nname: dense\ndescription: A body with more markup than the budget, for the disable test.\n---\n\n# Dense\n\n" +
		strings.Repeat("[a](b) ", 60000) + "\n"
	writeFiles(t, root, map[string]string{"made/long/SKILL.md": long, "made/dense/SKILL.md": dense})
	return root
}

// TestEveryDisableActionDisables: for each rule that fires in the
// fixtures, the disable action the server offers (for the line, or for
// the file when the rule says its findings are about a whole file) is
// applied to the buffer, and the finding must be gone after the next
// lint, without an unused-suppression finding. A rule whose findings sit
// on a file's first line whatever is inserted above (a whole-file rule)
// that is not marked WholeFile in its metadata fails here: its line
// comment disables nothing.
func TestEveryDisableActionDisables(t *testing.T) {
	if testing.Short() {
		t.Skip("lints a workspace once per rule")
	}
	root := disableFixtures(t)
	s := testServer(t, root)
	ctx := context.Background()
	var files []string
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	for _, p := range files {
		data, _ := os.ReadFile(p)
		setBuffer(s, protocol.DocumentURI(uri.File(p)), string(data))
	}
	r, _ := s.lint(ctx)
	tried := map[string]bool{}
	paths := make([]string, 0, len(r.byPath))
	for p := range r.byPath {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		u := protocol.DocumentURI(uri.File(p))
		if s.docs[u] == nil {
			continue
		}
		for _, f := range r.byPath[p] {
			if tried[f.Rule] || f.Line < 1 || f.Rule == "library/unused-suppression" {
				continue
			}
			s.latest = r
			actions := s.codeActions(&protocol.CodeActionParams{
				TextDocument: protocol.TextDocumentIdentifier{URI: u},
				Range:        protocol.Range{Start: protocol.Position{Line: uint32(f.Line - 1)}, End: protocol.Position{Line: uint32(f.Line - 1)}},
			})
			var edit []protocol.TextEdit
			for _, a := range actions {
				if strings.HasPrefix(a.Title, "Disable "+f.Rule+" for") {
					edit = a.Edit.Changes[uri.URI(u)]
					break
				}
			}
			if edit == nil {
				continue // no comment syntax here (JSON)
			}
			tried[f.Rule] = true
			before := r.texts[p]
			setBuffer(s, u, applyEdits(before, edit))
			after, _ := s.lint(ctx)
			setBuffer(s, u, before)
			n0, n1 := countRule(r.byPath[p], f.Rule), countRule(after.byPath[p], f.Rule)
			if n1 >= n0 || countRule(after.byPath[p], "library/unused-suppression") > countRule(r.byPath[p], "library/unused-suppression") {
				t.Errorf("%s: disabling %s at line %d left %d of %d findings; is it a whole-file rule (model.Rule.WholeFile)?", s.shown(p), f.Rule, f.Line, n1, n0)
			}
		}
	}
	if len(tried) < 40 {
		t.Errorf("only %d rules tried: the fixtures no longer trip enough rules", len(tried))
	}
	for _, id := range []string{"skillmd/tokens", "skillmd/body-length"} {
		if !tried[id] {
			t.Errorf("%s never tried", id)
		}
	}
	t.Logf("%d rules tried", len(tried))
}

func countRule(fs []found, rule string) int {
	n := 0
	for _, f := range fs {
		if f.Rule == rule {
			n++
		}
	}
	return n
}

// testServer is a server on root with no client: tests call its methods.
func testServer(t *testing.T, root string) *Server {
	t.Helper()
	s := newServer(Options{Debounce: time.Hour})
	s.initialize(&protocol.InitializeParams{RootURI: uri.File(root)}, &clientCapabilities317{})
	return s
}

// setBuffer opens or changes a buffer as the client's messages would,
// without scheduling a lint: the test lints when it wants.
func setBuffer(s *Server, u protocol.DocumentURI, text string) {
	p := uri.URI(u).Filename()
	d := &document{uri: u, path: p, version: 1, text: newText(text)}
	d.folder, d.rel = s.ownerOf(p)
	s.docs[u] = d
	s.setBuffer(p, []byte(text))
}
