package lsp

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// TestDisableInTableKeepsTable: a finding in a Markdown table's row (a
// dead link in a references table) is disabled for the file, at the top
// of the body: "for this line" put a comment line between two rows, which
// ends a GFM table, so the rows below rendered as a paragraph of pipes.
// A finding outside a table keeps its line comment.
func TestDisableInTableKeepsTable(t *testing.T) {
	root := t.TempDir()
	table := "| File | Use |\n|---|---|\n| [guide](references/guide.md) | setup |\n| [api](references/api.md) | calls |\n"
	text := "---\nname: table\ndescription: Looks up the reference files when the user asks for them.\n---\n\n# Table\n\n" + table +
		"\nSee [more](references/more.md).\n"
	writeFiles(t, root, map[string]string{"skills/table/SKILL.md": text})
	s := testServer(t, root)
	p := filepath.Join(root, "skills", "table", "SKILL.md")
	u := protocol.DocumentURI(uri.File(p))
	setBuffer(s, u, text)
	ctx := context.Background()
	r, _ := s.lint(ctx)
	s.latest = r
	if n := countRule(r.byPath[p], "skillmd/link"); n != 3 {
		t.Fatalf("want 3 dead links, got %d", n)
	}
	actions := s.codeActions(&protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: protocol.Range{End: protocol.Position{Line: 100}}})
	var titles []string
	for _, a := range actions {
		if !strings.Contains(a.Title, "skillmd/link") {
			continue
		}
		titles = append(titles, a.Title)
		after := applyEdits(text, a.Edit.Changes[u])
		if !strings.Contains(after, table) {
			t.Errorf("%s splits the table:\n%s", a.Title, after)
		}
	}
	if strings.Join(titles, "; ") != "Disable skillmd/link for this file; Disable skillmd/link for this line" {
		t.Errorf("actions: %q", titles)
	}
	for _, l := range []string{"| a | b |", "a | b", "|:--|--:|", "| --- | :-: |"} {
		if got := isDelimiterRow(strings.TrimSpace(l)); got != strings.Contains(l, "-") {
			t.Errorf("isDelimiterRow(%q) = %v", l, got)
		}
	}
}
