package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNeovimReadmeSnippetEveryFormat is a user following the README: the
// README's Neovim 0.7 snippet, pasted as is, with skillstudio on PATH.
// Opened in turn, an OS Loop manifest.json, module.ts and skills/index.json,
// an .xgs.js skill, a reference .md and Codex's agents/openai.yaml of a
// SKILL.md folder each get the
// server attached and a diagnostic; the index and the .xgs.js get a fix
// applied (testdata/nvim_formats.lua).
func TestNeovimReadmeSnippetEveryFormat(t *testing.T) {
	nvim, bin := neovimAndServer(t)
	snippet := readmeLua(t, "Neovim 0.7 (Debian 12's package)")
	dir := t.TempDir()
	root := filepath.Join(dir, "repo")
	copyTree(t, filepath.Join("..", "examples", "library"), root)
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFiles(t, root, map[string]string{
		"skills/release-notes/references/commit-types.md": "# Types\n\n```\nnever closed\n",
		"skills/release-notes/agents/openai.yaml":         "interface:\n  display_name: Release notes\n  colour: blue\n",
	})
	snippetFile := filepath.Join(dir, "snippet.lua")
	if err := os.WriteFile(snippetFile, []byte(snippet), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []string{
		"osloop/skills/broken-feed-reader/manifest.json\tosloop/name",
		"osloop/skills/broken-feed-reader/module.ts\tosloop/permission",
		"osloop/skills/index.json\tosloop/index-mismatch\tfix",
		"xgs/broken-weather.xgs.js\txgs/header-order\tfix",
		"skills/release-notes/references/commit-types.md\tskillmd/unclosed-fence",
		// Codex's agents/openai.yaml is read and judged: a snippet whose
		// filetypes left yaml out never showed its findings.
		"skills/release-notes/agents/openai.yaml\tskillmd/codex-config",
	}
	out := runNvimScript(t, nvim, "nvim_formats.lua", root, dir, "OK",
		"PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"),
		"SKILLSTUDIO_SNIPPET="+snippetFile, "SKILLSTUDIO_CASES="+strings.Join(cases, "\n"))
	t.Log(out)
}

// readmeLua returns the ```lua block of README.md after the line starting
// with after.
func readmeLua(t *testing.T, after string) string {
	t.Helper()
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(readme), "\n"+after)
	if ok {
		_, rest, ok = strings.Cut(rest, "```lua\n")
	}
	if ok {
		rest, _, ok = strings.Cut(rest, "```")
	}
	if !ok {
		t.Fatalf("README.md has no ```lua block after %q", after)
	}
	return rest
}

// copyTree copies the regular files under src to dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestReadmeEditorSnippetsAgree keeps the README's editor snippets on one
// list of file types: both Neovim snippets' patterns, VS Code's
// languageId and Helix's [[language]] names (the Neovim 0.7 one is the
// list TestNeovimReadmeSnippetEveryFormat runs).
func TestReadmeEditorSnippetsAgree(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	quoted := func(s string) []string {
		var out []string
		for i, part := range strings.Split(s, `"`) {
			if i%2 == 1 {
				out = append(out, part)
			}
		}
		return out
	}
	between := func(s, from, to string) []string {
		var out []string
		for {
			_, rest, ok := strings.Cut(s, from)
			if !ok {
				return out
			}
			v, after, _ := strings.Cut(rest, to)
			out = append(out, v)
			s = after
		}
	}
	tested := between(readmeLua(t, "Neovim 0.7 (Debian 12's package)"), "pattern = {", "}")
	if len(tested) != 1 {
		t.Fatalf("README.md: the Neovim 0.7 snippet has %d patterns, want 1", len(tested))
	}
	want := strings.Join(quoted(tested[0]), ",")
	lists := map[string]string{}
	for i, p := range between(text, "  pattern = {", "}") {
		lists["Neovim pattern "+string(rune('1'+i))] = strings.Join(quoted(p), ",")
	}
	for _, p := range between(text, `"glspc.server.languageId": [`, "]") {
		lists["VS Code languageId"] = strings.Join(quoted(p), ",")
	}
	if helix, ok := strings.CutPrefix(between(text, "**Helix**", "```\n\n")[0], " (`~/.config/helix/languages.toml`):"); ok {
		lists["Helix"] = strings.Join(quoted(strings.Join(between(helix, "name = ", "\n"), " ")), ",")
	}
	if len(lists) != 4 {
		t.Fatalf("README.md: found %d of the 4 snippet lists: %v", len(lists), lists)
	}
	for name, got := range lists {
		if got != want {
			t.Errorf("README.md: %s lists %s; the Neovim 0.7 snippet (the one tested) lists %s", name, got, want)
		}
	}
}
