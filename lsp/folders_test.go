package lsp

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

const (
	colonSkill = "---\nname: %s\ndescription: Use when: the user asks about %s\n---\n\n# Skill\n\nText.\n"
	quietColon = "rules:\n  skillmd/description-colon: off\n"
)

func skillText(name string) string {
	return strings.ReplaceAll(strings.Replace(colonSkill, "%s", name, 1), "%s", "folders")
}

// TestWorkspaceFolders: a client with two workspace folders (a VS Code
// multi-root workspace) gets one library per folder, each read with its
// own .skillstudio.yaml. Only the first folder was linted as a library;
// a file of the second was linted alone, under the first folder's config:
// a rule the first folder turns off vanished from the second, and two
// skills of one name in the second were not a clash.
func TestWorkspaceFolders(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	writeFiles(t, a, map[string]string{
		".skillstudio.yaml":     quietColon,
		"skills/same/SKILL.md":  skillText("same"),
		"skills/other/SKILL.md": "---\nname: other\ndescription: A skill of the first folder that nothing else shares.\n---\n\n# Other\n",
	})
	writeFiles(t, b, map[string]string{
		"skills/same/SKILL.md": skillText("same"),
		"skills/twin/SKILL.md": skillText("same"),
	})
	c := newClientFolders(t, 0, a, b)
	c.open("skills/same/SKILL.md", skillText("same"))
	c.open("../b/skills/same/SKILL.md", skillText("same"))
	// The second folder: its own config (none: the colon is reported) and
	// its own library (its two "same" skills clash).
	c.waitFor("../b/skills/same/SKILL.md", func(ds []protocol.Diagnostic) bool {
		return hasCode("skillmd/description-colon")(ds) && hasCode("library/duplicate-name")(ds)
	})
	// Its fix is offered, against the buffer of the second folder.
	rel := "../b/skills/same/SKILL.md"
	var actions []protocol.CodeAction
	c.call(protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: c.uri(rel)},
		Range:        protocol.Range{Start: protocol.Position{Line: 2}, End: protocol.Position{Line: 2}},
	}, &actions)
	var fixed string
	for _, a := range actions {
		if strings.Contains(a.Title, "skillmd/description-colon") && !strings.HasPrefix(a.Title, "Disable") {
			fixed = applyEdits(skillText("same"), a.Edit.Changes[c.uri(rel)])
		}
	}
	if !strings.Contains(fixed, `description: "Use when:`) {
		t.Errorf("no working fix in the second folder: %+v", actions)
	}
	// The first: its config turns the colon off, and its "same" does not
	// clash with the second folder's.
	c.change("skills/same/SKILL.md", skillText("same"))
	c.waitFor("skills/same/SKILL.md", func(ds []protocol.Diagnostic) bool {
		return !hasCode("skillmd/description-colon")(ds) && !hasCode("library/duplicate-name")(ds)
	})
}

// TestWorkspaceFoldersNested: a folder inside another is its own
// library; the outer folder's config does not reach its files.
func TestWorkspaceFoldersNested(t *testing.T) {
	dir := t.TempDir()
	inner := filepath.Join(dir, "packages", "inner")
	writeFiles(t, dir, map[string]string{
		".skillstudio.yaml":                quietColon,
		"packages/inner/skills/x/SKILL.md": skillText("x"),
		"packages/inner/.skillstudio.yaml": "profile: all\n",
		"skills/outer/SKILL.md":            skillText("outer"),
	})
	c := newClientFolders(t, 0, dir, inner)
	c.open("packages/inner/skills/x/SKILL.md", skillText("x"))
	ds := c.waitFor("packages/inner/skills/x/SKILL.md", hasCode("skillmd/description-colon"))
	if n := strings.Count(codes(ds), "skillmd/description-colon"); n != 1 {
		t.Errorf("the finding is given %d times: %s", n, codes(ds))
	}
}

// TestDidChangeWorkspaceFolders: a folder added later (VS Code's "Add
// Folder to Workspace") becomes its own library; removed, its files are
// linted as files outside the workspace again.
func TestDidChangeWorkspaceFolders(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	writeFiles(t, a, map[string]string{".skillstudio.yaml": quietColon, "skills/one/SKILL.md": skillText("one")})
	writeFiles(t, b, map[string]string{"skills/same/SKILL.md": skillText("same"), "skills/twin/SKILL.md": skillText("same")})
	c := newClientFolders(t, 0, a)
	c.open("../b/skills/same/SKILL.md", skillText("same"))
	c.waitFor("../b/skills/same/SKILL.md", func(ds []protocol.Diagnostic) bool { return !hasCode("library/duplicate-name")(ds) })
	change := func(added, removed []protocol.WorkspaceFolder) {
		c.conn.Notify(context.Background(), protocol.MethodWorkspaceDidChangeWorkspaceFolders, &protocol.DidChangeWorkspaceFoldersParams{
			Event: protocol.WorkspaceFoldersChangeEvent{Added: added, Removed: removed},
		})
	}
	folderB := []protocol.WorkspaceFolder{{URI: string(uri.File(b)), Name: "b"}}
	change(folderB, nil)
	c.waitFor("../b/skills/same/SKILL.md", func(ds []protocol.Diagnostic) bool {
		return hasCode("library/duplicate-name")(ds) && hasCode("skillmd/description-colon")(ds)
	})
	change(nil, folderB)
	c.waitFor("../b/skills/same/SKILL.md", func(ds []protocol.Diagnostic) bool { return !hasCode("library/duplicate-name")(ds) })
}

// TestWorkspaceFoldersCapability: the server says it takes workspace
// folders and their changes, or VS Code never sends the second folder's
// changes.
func TestWorkspaceFoldersCapability(t *testing.T) {
	s := testServer(t, t.TempDir())
	res := s.initialize(&protocol.InitializeParams{}, &clientCapabilities317{})
	w := res.Capabilities.Workspace
	if w == nil || w.WorkspaceFolders == nil || !w.WorkspaceFolders.Supported || w.WorkspaceFolders.ChangeNotifications != true {
		t.Errorf("capabilities: %+v", res.Capabilities.Workspace)
	}
}
