package lsp

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skillstudio/skillstudio/fix"
	"github.com/skillstudio/skillstudio/model"
)

// TestFixActionsMatchLintFix: for every fixable finding of the real-world
// fixtures — as written, and with CRLF endings and non-ASCII text before
// the edits (where UTF-16 positions and byte offsets part) — the editor's
// quick fix turns each file into exactly what lint --fix's splice makes of
// it.
func TestFixActionsMatchLintFix(t *testing.T) {
	src, err := filepath.Abs(filepath.Join("..", "cli", "testdata", "realworld"))
	if err != nil {
		t.Fatal(err)
	}
	for name, change := range map[string]func(string) string{
		"as written": func(s string) string { return s },
		"crlf, non-ascii": func(s string) string {
			s = strings.NewReplacer("Lab Tools", "Läb Tööls 工具", "octo-dev", "öcto-dev 🐙", "checklist", "chécklist", "changelog", "chängelog 📝", "Formats", "Förmats").Replace(s)
			return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\n", "\r\n")
		},
	} {
		t.Run(name, func(t *testing.T) {
			root := t.TempDir()
			copyText(t, src, root, change)
			if n := checkFixParity(t, root); n < 10 {
				t.Errorf("only %d fixes compared: the fixtures no longer carry enough fixable findings", n)
			}
		})
	}
}

// checkFixParity opens every file of root as a buffer, lints, and compares
// each fix's code action with fix.ApplyToBytes; it returns how many fixes
// it compared.
func checkFixParity(t *testing.T, root string) int {
	t.Helper()
	s := testServer(t, root)
	var files []string
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			files = append(files, p)
		}
		return nil
	})
	for _, p := range files {
		data, _ := os.ReadFile(p)
		setBuffer(s, protocol.DocumentURI(uri.File(p)), string(data))
	}
	r, _ := s.lint(context.Background())
	s.latest = r
	paths := make([]string, 0, len(r.byPath))
	for p := range r.byPath {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	compared := 0
	for _, p := range paths {
		u := protocol.DocumentURI(uri.File(p))
		for _, f := range r.byPath[p] {
			if f.Fix == nil {
				continue
			}
			want := lintFixOutput(t, f.base, f.Fix.Edits)
			actions := s.codeActions(&protocol.CodeActionParams{
				TextDocument: protocol.TextDocumentIdentifier{URI: u},
				Range:        protocol.Range{Start: protocol.Position{Line: uint32(max(f.Line, 1) - 1)}, End: protocol.Position{Line: uint32(max(f.Line, 1) - 1)}},
			})
			var action *protocol.CodeAction
			for i, a := range actions {
				if a.Title == f.Fix.Description+" ("+f.Rule+")" && len(a.Diagnostics) == 1 && strings.HasPrefix(a.Diagnostics[0].Message, f.Message) {
					action = &actions[i]
				}
			}
			if action == nil {
				t.Errorf("%s:%d %s: no code action for its fix", p, f.Line, f.Rule)
				continue
			}
			for file, text := range want {
				edits := action.Edit.Changes[uri.File(file)]
				if got := applyEdits(r.texts[file], edits); got != text {
					t.Errorf("%s:%d %s: the code action gives\n%q\nlint --fix gives\n%q", p, f.Line, f.Rule, got, text)
				}
			}
			if len(action.Edit.Changes) != len(want) {
				t.Errorf("%s:%d %s: the code action edits %d files, lint --fix %d", p, f.Line, f.Rule, len(action.Edit.Changes), len(want))
			}
			compared++
		}
	}
	return compared
}

// lintFixOutput is what lint --fix's splice makes of each file edits name
// (relative to base), by absolute path.
func lintFixOutput(t *testing.T, base string, edits []model.TextEdit) map[string]string {
	t.Helper()
	byFile := map[string][]model.TextEdit{}
	for _, e := range edits {
		p := filepath.Join(base, filepath.FromSlash(e.File))
		byFile[p] = append(byFile[p], e)
	}
	out := map[string]string{}
	for p, es := range byFile {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		fixed, err := fix.ApplyToBytes(data, es)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		out[p] = string(fixed)
	}
	return out
}

// copyText copies the regular files of src to dst through change.
func copyText(t *testing.T, src, dst string, change func(string) string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if !bytes.Contains(data, []byte{0}) {
			data = []byte(change(string(data)))
		}
		to := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		return os.WriteFile(to, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
