package lsp

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// workspacePull asks workspace/diagnostic with the ids held and returns
// its items as sent (raw, to see null versions and empty item lists).
func (c *client) workspacePull(held map[protocol.DocumentURI]string) []map[string]any {
	c.t.Helper()
	ids := []map[string]any{}
	for u, v := range held {
		ids = append(ids, map[string]any{"uri": u, "value": v})
	}
	var raw json.RawMessage
	c.call(methodWorkspaceDiagnostic, map[string]any{"previousResultIds": ids}, &raw)
	var rep struct {
		Items []map[string]any `json:"items"`
	}
	if err := json.Unmarshal(raw, &rep); err != nil {
		c.t.Fatal(err)
	}
	return rep.Items
}

// The workspace pull reports the skills that are not open too: in path
// order after the open documents, with version null, positions in the
// settled encoding (UTF-8 here, after an emoji), without the files the
// config excludes or a link out of the folder leads to; a file the
// client holds as it is comes back "unchanged", and one whose findings
// went (deleted) is sent an empty full report, which clears it.
func TestWorkspacePullReportsClosedSkills(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "ws")
	broken := func(name, pre string) string {
		return "---\nname: " + name + "\ndescription: A skill with a broken link for the workspace pull test.\n---\n\n# T\n\n" + pre + "See [gone](gone.md).\n"
	}
	writeFiles(t, root, map[string]string{
		".skillstudio.yaml":     "exclude:\n  - scratch/\n",
		"s/open/SKILL.md":       broken("open", ""),
		"s/b-closed/SKILL.md":   broken("b-closed", "😀 "),
		"s/a-closed/SKILL.md":   broken("a-closed", ""),
		"scratch/x/SKILL.md":    broken("x", ""),
		"s/clean/SKILL.md":      skillText("clean"),
		"../outside/o/SKILL.md": broken("o", ""),
	})
	if err := os.Symlink(filepath.Join(dir, "outside", "o"), filepath.Join(root, "s", "linked")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	caps := map[string]any{}
	for k, v := range pullCaps {
		caps[k] = v
	}
	caps["general"] = map[string]any{"positionEncodings": []string{"utf-8", "utf-16"}}
	c := newClientWith(t, 5*time.Millisecond, caps, root)
	c.root = root
	c.open("s/open/SKILL.md", broken("open", ""))

	items := c.workspacePull(nil)
	var got []string
	held := map[protocol.DocumentURI]string{}
	for _, it := range items {
		rel, _ := filepath.Rel(root, uri.URI(it["uri"].(string)).Filename())
		got = append(got, filepath.ToSlash(rel))
		held[protocol.DocumentURI(it["uri"].(string))] = it["resultId"].(string)
		if _, ok := it["version"]; !ok {
			t.Errorf("%s: no version field (null for a file not open): %v", rel, it)
		}
		if rel == filepath.FromSlash("s/b-closed/SKILL.md") {
			if it["version"] != nil {
				t.Errorf("a closed file's version: %v", it["version"])
			}
			found := false
			for _, x := range it["items"].([]any) {
				d := x.(map[string]any)
				if d["code"] != "skillmd/link" {
					continue
				}
				found = true
				start := d["range"].(map[string]any)["start"].(map[string]any)
				// "😀 " is 5 bytes: the link starts at byte 9 of its line.
				if start["line"] != float64(7) || start["character"] != float64(len("😀 See ")) {
					t.Errorf("the closed file's finding: %v", d)
				}
			}
			if !found {
				t.Errorf("no skillmd/link in the closed file's report: %v", it)
			}
		}
	}
	// s/clean has findings too (skillmd/tokens, info).
	if want := "s/open/SKILL.md s/a-closed/SKILL.md s/b-closed/SKILL.md s/clean/SKILL.md"; strings.Join(got, " ") != want {
		t.Fatalf("reported %q, want %q (open first, then the closed files with findings in path order; no excluded file, none through a link out)", strings.Join(got, " "), want)
	}

	// Holding every closed file's id, not the open one's: the closed files
	// come back unchanged.
	openURI := c.uri("s/open/SKILL.md")
	delete(held, openURI)
	for _, it := range c.workspacePull(held) {
		if it["uri"] != string(openURI) && (it["kind"] != "unchanged" || it["items"] != nil) {
			t.Errorf("a closed file held as it is: %v", it)
		}
	}

	// a-closed is deleted on disk: its next report is full and empty.
	if err := os.RemoveAll(filepath.Join(root, "s", "a-closed")); err != nil {
		t.Fatal(err)
	}
	c.conn.Notify(context.Background(), protocol.MethodWorkspaceDidChangeWatchedFiles, &protocol.DidChangeWatchedFilesParams{
		Changes: []*protocol.FileEvent{{URI: uri.File(filepath.Join(root, "s", "a-closed", "SKILL.md")), Type: protocol.FileChangeTypeDeleted}},
	})
	deadline := time.Now().Add(20 * time.Second)
	for {
		var cleared bool
		for _, it := range c.workspacePull(held) {
			if strings.HasSuffix(it["uri"].(string), "/a-closed/SKILL.md") && it["kind"] == "full" {
				list, ok := it["items"].([]any)
				if !ok || len(list) != 0 {
					t.Fatalf("the deleted file's report: %v (want an empty items list)", it)
				}
				cleared = true
			}
		}
		if cleared {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the deleted closed file was never sent an empty report")
		}
	}
}

// A full document report always carries items, an empty list included
// (LSP 3.17 requires it; omitempty dropped it), an unchanged one none.
func TestReportJSONShape(t *testing.T) {
	for _, tc := range []struct {
		rep  documentReport
		want string
	}{
		{documentReport{Kind: "full", ResultID: "x"}, `{"kind":"full","resultId":"x","items":[]}`},
		{documentReport{Kind: "unchanged", ResultID: "x"}, `{"kind":"unchanged","resultId":"x"}`},
		{documentReport{Kind: "full", ResultID: "x", URI: "file:///a"}, `{"kind":"full","resultId":"x","uri":"file:///a","items":[],"version":null}`},
		{documentReport{Kind: "unchanged", ResultID: "x", URI: "file:///a"}, `{"kind":"unchanged","resultId":"x","uri":"file:///a","version":null}`},
	} {
		data, err := json.Marshal(tc.rep)
		if err != nil || string(data) != tc.want {
			t.Errorf("%+v: %s %v, want %s", tc.rep, data, err, tc.want)
		}
	}
}

// A workspace report covers at most maxClosedReports files not open, the
// first in path order.
func TestWorkspacePullCapsClosedFiles(t *testing.T) {
	defer func(n int) { maxClosedReports = n }(maxClosedReports)
	maxClosedReports = 2
	root := t.TempDir()
	files := map[string]string{}
	for _, name := range []string{"d", "b", "a", "c"} {
		files["s/"+name+"/SKILL.md"] = "---\nname: " + name + "\ndescription: Use when: the cap test\n---\n\n# T\n"
	}
	writeFiles(t, root, files)
	c := newClientWith(t, 5*time.Millisecond, pullCaps, root)
	var got []string
	for _, it := range c.workspacePull(nil) {
		rel, _ := filepath.Rel(root, uri.URI(it["uri"].(string)).Filename())
		got = append(got, filepath.ToSlash(rel))
	}
	if want := "s/a/SKILL.md s/b/SKILL.md"; strings.Join(got, " ") != want {
		t.Errorf("reported %q, want %q", strings.Join(got, " "), want)
	}
}
