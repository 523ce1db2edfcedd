package lsp

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

const brokenSkill = "---\nname: Broken_Skill\ndescription: Use when: testing the server\n---\n\n# Broken\n\nSee [gone](gone.md).\n"

func TestDiagnosticsFixAndDisable(t *testing.T) {
	root := t.TempDir()
	// On disk the skill is clean: what the server reports comes from the buffer.
	writeFiles(t, root, map[string]string{"s/broken/SKILL.md": "---\nname: broken\ndescription: A skill that is clean on disk for this test.\n---\n\n# Broken\n"})
	c := newClient(t, root)
	rel := "s/broken/SKILL.md"
	c.open(rel, brokenSkill)
	ds := c.waitFor(rel, hasCode("skillmd/description-colon"))
	for _, d := range ds {
		if d.Code == "skillmd/name" {
			if d.Range.Start.Line != 1 || d.Range.Start.Character != 6 || d.Severity != protocol.DiagnosticSeverityError {
				t.Errorf("skillmd/name at %+v severity %v", d.Range, d.Severity)
			}
			if d.CodeDescription == nil || !strings.HasSuffix(string(d.CodeDescription.Href), "docs/rules.md#skillmd-name") || d.Source != "skillstudio" {
				t.Errorf("codeDescription %+v source %q", d.CodeDescription, d.Source)
			}
		}
	}

	var actions []protocol.CodeAction
	c.call(protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: c.uri(rel)},
		Range:        protocol.Range{Start: protocol.Position{Line: 2}, End: protocol.Position{Line: 2}},
	}, &actions)
	var fixAction, disableAction *protocol.CodeAction
	for i, a := range actions {
		switch {
		case strings.HasPrefix(a.Title, "Disable skillmd/description-colon"):
			disableAction = &actions[i]
		case strings.Contains(a.Title, "skillmd/description-colon"):
			fixAction = &actions[i]
		}
	}
	if fixAction == nil || disableAction == nil {
		t.Fatalf("want a fix and a disable action, got %+v", actions)
	}

	fixed := applyEdits(brokenSkill, fixAction.Edit.Changes[c.uri(rel)])
	if !strings.Contains(fixed, `description: "Use when: testing the server"`) {
		t.Fatalf("fix gave:\n%s", fixed)
	}
	c.change(rel, fixed)
	c.waitFor(rel, not(hasCode("skillmd/description-colon")))

	disabled := applyEdits(brokenSkill, disableAction.Edit.Changes[c.uri(rel)])
	if !strings.Contains(disabled, "# skillstudio-disable-next-line skillmd/description-colon\ndescription:") {
		t.Fatalf("disable gave:\n%s", disabled)
	}
	c.change(rel, disabled)
	got := c.waitFor(rel, not(hasCode("skillmd/description-colon")))
	if hasCode("library/unused-suppression")(got) || !hasCode("skillmd/link")(got) {
		t.Errorf("after disabling: %s", codes(got))
	}

	// The file on disk was never touched.
	if data, _ := os.ReadFile(filepath.Join(root, rel)); strings.Contains(string(data), "Use when") {
		t.Error("the server wrote the file")
	}
}

// A library rule across files: two skills listed side by side share a
// name; renaming one in its buffer clears the finding on the other, which
// is open too.
func TestLibraryRulesAcrossOpenFiles(t *testing.T) {
	root := t.TempDir()
	a := "---\nname: notes\ndescription: Takes notes for the library test of the server.\n---\n\n# A\n"
	b := "---\nname: notes\ndescription: Also takes notes for the library test of the server.\n---\n\n# B\n"
	writeFiles(t, root, map[string]string{"skills/notes/SKILL.md": a, "skills/notes-b/SKILL.md": b})
	c := newClient(t, root)
	c.open("skills/notes/SKILL.md", a)
	ds := c.waitFor("skills/notes/SKILL.md", hasCode("library/duplicate-name"))
	for _, d := range ds {
		if d.Code == "library/duplicate-name" {
			if len(d.RelatedInformation) != 1 || !strings.HasSuffix(string(d.RelatedInformation[0].Location.URI), "/skills/notes-b/SKILL.md") {
				t.Errorf("relatedInformation %+v", d.RelatedInformation)
			}
		}
	}
	c.open("skills/notes-b/SKILL.md", b)
	c.change("skills/notes-b/SKILL.md", strings.Replace(b, "name: notes", "name: notes-two", 1))
	c.waitFor("skills/notes/SKILL.md", not(hasCode("library/duplicate-name")))
}

func TestHoverCompletionSymbols(t *testing.T) {
	root := t.TempDir()
	skill := "---\nname: demo\ndescription: Demonstrates hover for the server test suite.\neffort: high\nquiz:\n  - title: Check\n    questions:\n      - question: Ready?\n        options:\n          - label: yes\n            correct: true\n        onIncorrect:\n          - load-skill: helper\n          - goto: Steps\n          - load-reference: refs/more.md\n---\n\n# Demo\n\n## Steps\n"
	helper := "---\nname: helper\ndescription: Helps the demo skill in the server test suite.\n---\n\n# Helper\n"
	script := "// ==XGooseSkill==\n// @name demo-x\n// @run-at \n// ==/XGooseSkill==\nexport async function search(q) {}\n"
	writeFiles(t, root, map[string]string{"demo/SKILL.md": skill, "demo/refs/more.md": "# More\n", "helper/SKILL.md": helper, "demo-x.xgs.js": script})
	c := newClient(t, root)
	c.open("demo/SKILL.md", skill)
	c.open("demo-x.xgs.js", script)
	c.waitFor("demo/SKILL.md", func([]protocol.Diagnostic) bool { return true })

	hover := func(rel string, line, char uint32) string {
		var h *protocol.Hover
		c.call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: c.uri(rel)}, Position: protocol.Position{Line: line, Character: char}}}, &h)
		if h == nil {
			return ""
		}
		return h.Contents.Value
	}
	if got := hover("demo/SKILL.md", 3, 2); !strings.Contains(got, "**effort**") || !strings.Contains(got, "`max`") {
		t.Errorf("hover on effort: %q", got)
	}
	if got := hover("demo/SKILL.md", 12, 14); !strings.Contains(got, "helper/SKILL.md") {
		t.Errorf("hover on load-skill: %q", got)
	}
	if got := hover("demo/SKILL.md", 13, 14); !strings.Contains(got, "heading on line 20") {
		t.Errorf("hover on goto: %q", got)
	}
	if got := hover("demo/SKILL.md", 14, 20); !strings.Contains(got, "→ `demo/refs/more.md`") {
		t.Errorf("hover on load-reference: %q", got)
	}
	if got := hover("demo-x.xgs.js", 1, 6); !strings.Contains(got, "**@name**") || !strings.Contains(got, "kebab-case") {
		t.Errorf("hover on @name: %q", got)
	}

	complete := func(rel string, line, char uint32) []string {
		var l protocol.CompletionList
		c.call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: c.uri(rel)}, Position: protocol.Position{Line: line, Character: char}}}, &l)
		var out []string
		for _, it := range l.Items {
			out = append(out, it.Label)
		}
		return out
	}
	if got := strings.Join(complete("demo/SKILL.md", 3, 8), " "); got != "low medium high max" {
		t.Errorf("effort values: %q", got)
	}
	if got := strings.Join(complete("demo/SKILL.md", 3, 1), " "); !strings.Contains(got, "effort") || strings.Contains(got, "name") {
		t.Errorf("keys starting with e: %q", got)
	}
	if got := strings.Join(complete("demo-x.xgs.js", 2, 11), " "); got != "document_start document_end document_idle" {
		t.Errorf("run-at values: %q", got)
	}
	if got := strings.Join(complete("demo-x.xgs.js", 1, 6), " "); !strings.Contains(got, "namespace") {
		t.Errorf("directive names: %q", got)
	}

	var syms []protocol.DocumentSymbol
	c.call(protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: c.uri("demo/SKILL.md")}}, &syms)
	var names []string
	for _, s := range syms {
		names = append(names, s.Name)
		for _, ch := range s.Children {
			names = append(names, ">"+ch.Name)
		}
	}
	if got := strings.Join(names, "|"); got != "quiz|>Check|>Ready?|Demo|Steps" {
		t.Errorf("symbols: %q", got)
	}
	c.call(protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: c.uri("demo-x.xgs.js")}}, &syms)
	if len(syms) != 1 || syms[0].Name != "search" || syms[0].Range.Start.Line != 4 {
		t.Errorf("script symbols: %+v", syms)
	}
}

// An OS Loop package: manifest.json gets its findings from the buffer
// (the examples' broken package, its version fixed in the editor only).
func TestManifestDiagnostics(t *testing.T) {
	src := filepath.Join("..", "examples", "library", "osloop", "skills", "broken-feed-reader")
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Skipf("the examples library is not here: %v", err)
	}
	root := t.TempDir()
	files := map[string]string{}
	for _, e := range entries {
		if !e.IsDir() {
			data, err := os.ReadFile(filepath.Join(src, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			files["pkg/broken-feed-reader/"+e.Name()] = string(data)
		}
	}
	writeFiles(t, root, files)
	rel := "pkg/broken-feed-reader/manifest.json"
	c := newClient(t, root)
	c.open(rel, files[rel])
	ds := c.waitFor(rel, hasCode("osloop/version"))
	for _, d := range ds {
		if d.Code == "osloop/version" && d.Range.Start.Line != 3 {
			t.Errorf("osloop/version on line %d, want 4 (0-based 3)", d.Range.Start.Line+1)
		}
	}
	// Fixed in the buffer only: the finding goes.
	c.change(rel, strings.Replace(files[rel], `"version": "1.0"`, `"version": "1.0.0"`, 1))
	c.waitFor(rel, not(hasCode("osloop/version")))
}

// didSave re-lints what changed on disk beside the buffer: a link's
// target created after the file was opened (no watcher event) is found
// once the editor saves.
func TestSaveRelintsWhatChangedOnDisk(t *testing.T) {
	root := t.TempDir()
	text := "---\nname: saver\ndescription: Checks that saving re-reads the files on disk around the buffer.\n---\n\n# Saver\n\nSee [more](more.md).\n"
	writeFiles(t, root, map[string]string{"saver/SKILL.md": text})
	c := newClient(t, root)
	c.open("saver/SKILL.md", text)
	c.waitFor("saver/SKILL.md", func(ds []protocol.Diagnostic) bool { return strings.Contains(codes(ds), "skillmd/link") })
	writeFiles(t, root, map[string]string{"saver/more.md": "# More\n"})
	c.conn.Notify(context.Background(), protocol.MethodTextDocumentDidSave, &protocol.DidSaveTextDocumentParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: c.uri("saver/SKILL.md")},
	})
	c.waitFor("saver/SKILL.md", func(ds []protocol.Diagnostic) bool { return !strings.Contains(codes(ds), "skillmd/link") })
}

// Frontmatter keys offered are the profile's: the project's
// .skillstudio.yaml asks for the open standard only, so a Claude Code
// field is not offered.
func TestCompletionFollowsTheProfile(t *testing.T) {
	complete := func(root string) string {
		text := "---\nname: prof\ndescription: Completion per profile for the language server tests.\ne\n---\n\n# Prof\n"
		writeFiles(t, root, map[string]string{"prof/SKILL.md": text})
		c := newClient(t, root)
		c.open("prof/SKILL.md", text)
		var l protocol.CompletionList
		c.call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: c.uri("prof/SKILL.md")}, Position: protocol.Position{Line: 3, Character: 1}}}, &l)
		var out []string
		for _, it := range l.Items {
			out = append(out, it.Label)
		}
		return strings.Join(out, " ")
	}
	if got := complete(t.TempDir()); !strings.Contains(got, "effort") {
		t.Errorf("profile all: %q lacks effort", got)
	}
	strict := t.TempDir()
	writeFiles(t, strict, map[string]string{".skillstudio.yaml": "profile: agentskills\n"})
	if got := complete(strict); strings.Contains(got, "effort") {
		t.Errorf("profile agentskills offers effort: %q", got)
	}
	// A subfolder's profile: applies to the skills below it, as in lint.
	nested := t.TempDir()
	writeFiles(t, nested, map[string]string{"prof/.skillstudio.yaml": "profile: agentskills\n"})
	if got := complete(nested); strings.Contains(got, "effort") {
		t.Errorf("a subfolder's profile agentskills, yet effort is offered: %q", got)
	}
}

// Findings after non-ASCII text sit where they are: the pipeline's columns
// are already UTF-16 code units, which LSP positions count too (an emoji
// is two, é one). A CRLF file gives the same positions as an LF one.
func TestDiagnosticColumnsAreUTF16(t *testing.T) {
	root := t.TempDir()
	c := newClient(t, root)
	for _, tc := range []struct{ rel, eol string }{{"s/units/SKILL.md", "\n"}, {"s/crlf/SKILL.md", "\r\n"}} {
		name := filepath.Base(filepath.Dir(tc.rel))
		doc := strings.ReplaceAll("---\nname: "+name+"\ndescription: Converts units for the column test of the server.\n---\n\n# Units\n\n😀 é See [ref](missing.md).\n", "\n", tc.eol)
		writeFiles(t, root, map[string]string{tc.rel: doc})
		c.open(tc.rel, doc)
		ds := c.waitFor(tc.rel, hasCode("skillmd/link"))
		for _, d := range ds {
			if d.Code != "skillmd/link" {
				continue
			}
			// 😀(2) space(1) é(1) space(1) "See "(4): the link starts at 9;
			// the finding runs to the end of the line, 27 units long.
			want := protocol.Range{Start: protocol.Position{Line: 7, Character: 9}, End: protocol.Position{Line: 7, Character: 27}}
			if d.Range != want {
				t.Errorf("%s: skillmd/link at %+v, want %+v", tc.rel, d.Range, want)
			}
		}
	}
}

// A finding about the whole file (the body's token cost sits on its first
// line and stays there) cannot be disabled for one line: the comment would
// become that first line. The server offers the file-wide comment instead,
// and it silences the finding. In a CRLF file the comment ends in CRLF.
func TestDisableWholeFileFinding(t *testing.T) {
	root := t.TempDir()
	c := newClient(t, root)
	for _, tc := range []struct{ rel, eol string }{{"s/costly/SKILL.md", "\n"}, {"s/crlf/SKILL.md", "\r\n"}} {
		name := filepath.Base(filepath.Dir(tc.rel))
		doc := strings.ReplaceAll("---\nname: "+name+"\ndescription: Costs tokens for the disable test of the server.\n---\n\n# Costly\n\nText.\n", "\n", tc.eol)
		writeFiles(t, root, map[string]string{tc.rel: doc})
		c.open(tc.rel, doc)
		ds := c.waitFor(tc.rel, hasCode("skillmd/tokens"))
		var line uint32
		for _, d := range ds {
			if d.Code == "skillmd/tokens" {
				line = d.Range.Start.Line
			}
		}
		var actions []protocol.CodeAction
		c.call(protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: c.uri(tc.rel)},
			Range:        protocol.Range{Start: protocol.Position{Line: line}, End: protocol.Position{Line: line}},
		}, &actions)
		var disable *protocol.CodeAction
		for i, a := range actions {
			if strings.HasPrefix(a.Title, "Disable skillmd/tokens") {
				if a.Title != "Disable skillmd/tokens for this file" {
					t.Errorf("%s: offered %q", tc.rel, a.Title)
				}
				disable = &actions[i]
			}
		}
		if disable == nil {
			t.Fatalf("%s: no disable action in %+v", tc.rel, actions)
		}
		disabled := applyEdits(doc, disable.Edit.Changes[c.uri(tc.rel)])
		if want := "---" + tc.eol + "<!-- skillstudio-disable skillmd/tokens -->" + tc.eol; !strings.Contains(disabled, want) {
			t.Errorf("%s: disable gave %q", tc.rel, disabled)
		}
		c.change(tc.rel, disabled)
		got := c.waitFor(tc.rel, not(hasCode("skillmd/tokens")))
		if hasCode("library/unused-suppression")(got) {
			t.Errorf("%s: after disabling: %s", tc.rel, codes(got))
		}
	}
}

// A fix that moves lines, applied from the editor to a CRLF file, keeps
// the file CRLF, as lint --fix does on disk.
func TestFixKeepsCRLF(t *testing.T) {
	root := t.TempDir()
	rel := "x/order.xgs.js"
	doc := strings.ReplaceAll("// ==XGooseSkill==\n// @name Order\n// @namespace order\n// @version 1.0.0\n// @run-at document_idle\n// @description Orders things for the CRLF test of the server.\n// @match https://example.com/*\n// ==/XGooseSkill==\n\nimport { defineSkill } from \"@xgoose/skill\";\n\nexport default defineSkill({});\n", "\n", "\r\n")
	writeFiles(t, root, map[string]string{rel: doc})
	c := newClient(t, root)
	c.open(rel, doc)
	c.waitFor(rel, hasCode("xgs/header-order"))
	var actions []protocol.CodeAction
	c.call(protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: c.uri(rel)},
		Range:        protocol.Range{End: protocol.Position{Line: 8}},
	}, &actions)
	for _, a := range actions {
		if !strings.HasSuffix(a.Title, "(xgs/header-order)") {
			continue
		}
		fixed := applyEdits(doc, a.Edit.Changes[c.uri(rel)])
		if strings.Count(fixed, "\n") != strings.Count(fixed, "\r\n") {
			t.Errorf("the fix left lone LFs in a CRLF file: %q", fixed)
		}
		c.change(rel, fixed)
		c.waitFor(rel, not(hasCode("xgs/header-order")))
		return
	}
	t.Fatalf("no header-order fix in %+v", actions)
}

// A file the editor has open but never saved (`:edit skills/new/SKILL.md`)
// is linted from its buffer like any other, whether its folder exists on
// disk or not.
func TestUnsavedNewFile(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"skills/old/SKILL.md": "---\nname: old\ndescription: An old skill on disk for the unsaved-file test.\n---\n\n# Old\n"})
	c := newClient(t, root)
	for _, rel := range []string{"skills/new/SKILL.md", "skills/old/references/guide.md"} {
		if rel == "skills/old/references/guide.md" {
			c.open("skills/old/SKILL.md", "---\nname: old\ndescription: An old skill on disk for the unsaved-file test.\n---\n\n# Old\n\nSee [the guide](references/guide.md#missing-part).\n")
			c.open(rel, "# Guide\n\nText.\n")
			c.waitFor("skills/old/SKILL.md", hasCode("skillmd/anchor"))
			continue
		}
		c.open(rel, "---\nname: New_Skill\ndescription: A new skill that is not saved yet.\n---\n\n# New\n")
		c.waitFor(rel, hasCode("skillmd/name"))
	}
}

// The workspace lint leaves out what the config's exclude: names: a
// draft copy of a skill beside it is no duplicate of it.
func TestWorkspaceLintHonoursExclude(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	root := t.TempDir()
	a := "---\nname: notes\ndescription: Takes notes for the exclude test of the server.\n---\n\n# A\n\nSee [gone](gone.md).\n"
	writeFiles(t, root, map[string]string{
		".skillstudio.yaml":           "exclude:\n  - skills/draft-*/\n",
		"skills/notes/SKILL.md":       a,
		"skills/draft-notes/SKILL.md": a,
	})
	c := newClient(t, root)
	c.open("skills/notes/SKILL.md", a)
	if ds := c.waitFor("skills/notes/SKILL.md", hasCode("skillmd/link")); hasCode("library/duplicate-name")(ds) {
		t.Errorf("a skill in an excluded folder counted as a duplicate: %s", codes(ds))
	}
}

// A keystroke reads only the edited skill again, with the library checks
// over everything: a name clash typed into one skill shows on it at once
// and goes when it is typed away. A skill written on disk meanwhile is
// seen at the next save, which reads the whole workspace again.
func TestKeystrokeRereadsItsSkillAndSaveTheWorkspace(t *testing.T) {
	root := t.TempDir()
	skill := func(name, what string) string {
		return "---\nname: " + name + "\ndescription: " + what + "\n---\n\n# " + name + "\n\nDo the thing.\n"
	}
	files := map[string]string{
		"skills/alpha/SKILL.md": skill("alpha", "Drafts the weekly status mail from the team's notes."),
		"skills/beta/SKILL.md":  skill("beta", "Files expense receipts into the right ledger folder."),
	}
	writeFiles(t, root, files)
	c := newClient(t, root)
	rel := "skills/alpha/SKILL.md"
	c.open(rel, files[rel])
	c.waitFor(rel, not(hasCode("library/duplicate-name")))
	c.change(rel, skill("beta", "Drafts the weekly status mail from the team's notes."))
	c.waitFor(rel, hasCode("library/duplicate-name"))
	c.change(rel, files[rel])
	c.waitFor(rel, not(hasCode("library/duplicate-name")))

	writeFiles(t, root, map[string]string{"skills/gamma/SKILL.md": skill("alpha", "A third skill, written by another tool.")})
	ds := c.waitVersion(rel, c.change(rel, files[rel]+"\nOne more line.\n"))
	if strings.Contains(codes(ds), "library/duplicate-name") {
		t.Fatal("a keystroke read the whole workspace again: the skill written on disk was seen before a save")
	}
	c.conn.Notify(context.Background(), protocol.MethodTextDocumentDidSave, &protocol.DidSaveTextDocumentParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: c.uri(rel)},
	})
	c.waitFor(rel, hasCode("library/duplicate-name"))
}

// A config saved in the editor applies from that save on: the folder's
// own and a subfolder's, with no restart.
func TestSavedConfigApplies(t *testing.T) {
	root := t.TempDir()
	rel := "skills/mis/SKILL.md"
	text := "---\nname: misnamed\ndescription: Its name is not its folder's, which skillmd/name-dir reports.\n---\n\n# Misnamed\n"
	writeFiles(t, root, map[string]string{rel: text})
	c := newClient(t, root)
	c.open(rel, text)
	c.waitFor(rel, hasCode("skillmd/name-dir"))
	save := func(cfg, body string) {
		writeFiles(t, root, map[string]string{cfg: body})
		c.conn.Notify(context.Background(), protocol.MethodTextDocumentDidSave, &protocol.DidSaveTextDocumentParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: c.uri(cfg)},
		})
	}
	save(".skillstudio.yaml", "rules:\n  skillmd/name-dir: off\n")
	c.waitFor(rel, not(hasCode("skillmd/name-dir")))
	save("skills/.skillstudio.yaml", "rules:\n  skillmd/name-dir: warning\n")
	c.waitFor(rel, hasCode("skillmd/name-dir"))
}

// A nested config that does not read is said once (window/showMessage,
// with its position), not at every keystroke; so is a broken root config.
func TestBrokenNestedConfigIsShownOnce(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	root := t.TempDir()
	rel := "skills/mis/SKILL.md"
	text := "---\nname: misnamed\ndescription: Its name is not its folder's, which skillmd/name-dir reports.\n---\n\n# Misnamed\n"
	writeFiles(t, root, map[string]string{rel: text, "skills/.skillstudio.yaml": "rules:\n  skillmd/name-dir: loud\n"})
	c := newClient(t, root)
	c.open(rel, text)
	c.waitFor(rel, hasCode("skillmd/name-dir"))
	c.shownOnce(t, rel, text, "the broken nested config", func(m protocol.ShowMessageParams) bool {
		return m.Type == protocol.MessageTypeError && strings.Contains(m.Message, filepath.Join("skills", ".skillstudio.yaml")+":2:")
	})
}

// A workspace's .skillstudio.yaml that links out of its checkout is not
// read (its target's values would be quoted in errors); the server lints
// with the defaults and says so once, as a warning naming --config.
func TestProjectConfigLinkingOutIsNotRead(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	outside := filepath.Join(t.TempDir(), "elsewhere.yaml")
	if err := os.WriteFile(outside, []byte("rules:\n  skillmd/name-dir: off\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	rel := "skills/mis/SKILL.md"
	text := "---\nname: misnamed\ndescription: Its name is not its folder's, which skillmd/name-dir reports.\n---\n\n# Misnamed\n"
	writeFiles(t, root, map[string]string{rel: text, ".git/HEAD": "ref: refs/heads/main\n"})
	if err := os.Symlink(outside, filepath.Join(root, ".skillstudio.yaml")); err != nil {
		t.Skip(err)
	}
	c := newClient(t, root)
	c.open(rel, text)
	c.waitFor(rel, hasCode("skillmd/name-dir"))
	c.shownOnce(t, rel, text, "the unread project file", func(m protocol.ShowMessageParams) bool {
		return m.Type == protocol.MessageTypeWarning && strings.Contains(m.Message, "not read") && strings.Contains(m.Message, "--config")
	})
}

// shownOnce waits for one window/showMessage about what, checks it with
// want, then types in the open document rel and checks nothing is shown
// again: a config problem is said once, not at every keystroke.
func (c *client) shownOnce(t *testing.T, rel, text, what string, want func(protocol.ShowMessageParams) bool) {
	t.Helper()
	select {
	case m := <-c.messages:
		if !want(m) {
			t.Errorf("%s: message %+v", what, m)
		}
	case <-time.After(5 * time.Second):
		t.Fatalf("%s was not shown", what)
	}
	v := c.change(rel, text+"\nMore.\n")
	c.waitVersion(rel, v)
	select {
	case m := <-c.messages:
		t.Errorf("%s shown again after a keystroke: %+v", what, m)
	default:
	}
}
