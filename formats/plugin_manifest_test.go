package formats

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/internal/ruletest"
	"github.com/skillstudio/skillstudio/model"
)

// kit is a plugin whose skills load when its plugin.json reads.
func kit(manifest string) fstest.MapFS {
	return fstest.MapFS{
		"kit/.claude-plugin/plugin.json": file(manifest),
		"kit/skills/notes/SKILL.md":      file(skillText),
	}
}

// market is a marketplace listing ./kit.
func market(manifest string) fstest.MapFS {
	return fstest.MapFS{
		".claude-plugin/marketplace.json": file(manifest),
		"kit/skills/notes/SKILL.md":       file(skillText),
	}
}

var manifestCases = []ruletest.Case{
	pluginCase("library/plugin-manifest-json", "cut short", true, kit(`{"name":`)),
	pluginCase("library/plugin-manifest-json", "a trailing comma", true, kit(`{"name": "kit", "skills": ["./skills/",]}`)),
	pluginCase("library/plugin-manifest-json", "a byte-order mark", true, kit("\ufeff{\"name\": \"kit\"}")),
	pluginCase("library/plugin-manifest-json", "a comment", true, kit("{\n  // the kit\n  \"name\": \"kit\"\n}")),
	pluginCase("library/plugin-manifest-json", "UTF-16", true, kit("\xff\xfe{\x00}\x00")),
	pluginCase("library/plugin-manifest-json", "an array", true, kit(`["kit"]`)),
	pluginCase("library/plugin-manifest-json", "empty", true, kit("")),
	pluginCase("library/plugin-manifest-json", "a marketplace with a trailing comma", true, market(`{"name": "m", "owner": {"name": "o"}, "plugins": [{"name": "kit", "source": "./kit"},]}`)),
	pluginCase("library/plugin-manifest-json", "plain JSON, CRLF and spaces around", false, kit("\r\n  {\"name\": \"kit\",\r\n \"skills\": \"./skills/\"}\r\n")),
	pluginCase("library/plugin-manifest-json", "a marketplace that reads", false, market(`{"name": "m", "owner": {"name": "o"}, "plugins": [{"name": "kit", "source": "./kit"}]}`)),

	pluginCase("library/plugin-manifest-type", "no name", true, kit(`{"version": "1.0.0"}`)),
	pluginCase("library/plugin-manifest-type", "a name that is a number", true, kit(`{"name": 7}`)),
	pluginCase("library/plugin-manifest-type", "an empty name", true, kit(`{"name": " "}`)),
	pluginCase("library/plugin-manifest-type", "author a string", true, kit(`{"name": "kit", "author": "Ana"}`)),
	pluginCase("library/plugin-manifest-type", "repository an object", true, kit(`{"name": "kit", "repository": {"type": "git", "url": "https://example.com/kit"}}`)),
	pluginCase("library/plugin-manifest-type", "skills an object", true, kit(`{"name": "kit", "skills": {"notes": "./skills/notes"}}`)),
	pluginCase("library/plugin-manifest-type", "skills a list of objects", true, kit(`{"name": "kit", "skills": [{"path": "./skills/notes"}]}`)),
	pluginCase("library/plugin-manifest-type", "hooks true", true, kit(`{"name": "kit", "hooks": true}`)),
	pluginCase("library/plugin-manifest-type", "commands a number", true, kit(`{"name": "kit", "commands": 3}`)),
	pluginCase("library/plugin-manifest-type", "keywords a string", true, kit(`{"name": "kit", "keywords": "notes, todo"}`)),
	pluginCase("library/plugin-manifest-type", "a marketplace without owner", true, market(`{"name": "m", "plugins": [{"name": "kit", "source": "./kit"}]}`)),
	pluginCase("library/plugin-manifest-type", "a marketplace whose plugins is an object", true, market(`{"name": "m", "owner": {"name": "o"}, "plugins": {"kit": "./kit"}}`)),
	pluginCase("library/plugin-manifest-type", "an entry without a source", true, market(`{"name": "m", "owner": {"name": "o"}, "plugins": [{"name": "kit"}]}`)),
	pluginCase("library/plugin-manifest-type", "an entry whose skills is a number", true, market(`{"name": "m", "owner": {"name": "o"}, "plugins": [{"name": "kit", "source": "./kit", "skills": 1}]}`)),
	pluginCase("library/plugin-manifest-type", "every documented shape", false, kit(`{"name": "kit", "version": "1.0.0", "description": "d", "author": {"name": "Ana", "email": "a@example.com"}, "homepage": "https://example.com", "repository": "https://example.com/kit", "license": "MIT", "keywords": ["notes"], "skills": "./skills/", "agents": ["./agents/a.md"], "commands": {"hello": {"source": "./c.md"}}, "hooks": {"hooks": {}}, "mcpServers": "./.mcp.json", "lspServers": {"go": {"command": "gopls"}}, "outputStyles": ["./styles/"], "category": "tools"}`)),
	pluginCase("library/plugin-manifest-type", "a marketplace with github and path sources", false, market(`{"name": "m", "owner": {"name": "o"}, "plugins": [{"name": "kit", "source": "./kit", "author": {"name": "A"}, "skills": ["./skills/notes"]}, {"name": "far", "source": {"source": "github", "repo": "o/far"}}]}`)),

	pluginCase("library/plugin-manifest-duplicate-key", "skills written twice", true, kit(`{"name": "kit", "skills": "./a/", "skills": "./skills/"}`)),
	pluginCase("library/plugin-manifest-duplicate-key", "each key once", false, kit(`{"name": "kit", "skills": "./skills/", "author": {"name": "kit"}}`)),
}

// The finding names the manifest, the line and column of the first byte
// the parser cannot read (the byte-order mark, the comma before "]", the
// comment's slash, the end of a cut file), says why and what is lost,
// and is one finding: the skills of the refused plugin are not also
// judged against a manifest that is not there.
func TestPluginManifestFindingsPointAtTheProblem(t *testing.T) {
	for _, tc := range []struct {
		manifest    string
		line, col   int
		rule, inMsg string
	}{
		{"\ufeff{\"name\": \"kit\"}", 1, 1, "library/plugin-manifest-json", "byte-order mark"},
		{"{\n  \"name\": \"kit\",\n  \"skills\": [\"./skills/\",]\n}", 3, 26, "library/plugin-manifest-json", "trailing comma"},
		{"{\n  // the kit\n  \"name\": \"kit\"\n}", 2, 3, "library/plugin-manifest-json", "no comments"},
		{"{\"name\":", 1, 9, "library/plugin-manifest-json", "not valid JSON"},
		{"{\"name\": \"kit\",\n \"author\": \"Ana\"}", 2, 12, "library/plugin-manifest-type", "\"author\" is a string"},
		{"{\"name\": \"kit\",\n \"skills\": [\"./skills/\", 3]}", 2, 26, "library/plugin-manifest-type", "an array holding a number"},
		{"{\"name\": \"kit\",\n \"name\": \"kit2\"}", 2, 2, "library/plugin-manifest-duplicate-key", "first on line 1"},
	} {
		var got []model.Diagnostic
		for _, d := range pluginFindings(kit(tc.manifest)) {
			if strings.HasPrefix(d.Rule, "library/plugin-manifest") {
				got = append(got, d)
			}
		}
		if len(got) != 1 {
			t.Errorf("%q: %d manifest findings, want 1: %v", tc.manifest, len(got), got)
			continue
		}
		d := got[0]
		if d.Rule != tc.rule || d.File != "kit/.claude-plugin/plugin.json" || d.Line != tc.line || d.Column != tc.col || !strings.Contains(d.Message, tc.inMsg) || d.Hint == "" {
			t.Errorf("%q:\n got %s %s:%d:%d %q (hint %q)\nwant %s %s:%d:%d …%s…", tc.manifest, d.Rule, d.File, d.Line, d.Column, d.Message, d.Hint, tc.rule, "kit/.claude-plugin/plugin.json", tc.line, tc.col, tc.inMsg)
		}
	}
}

// A manifest of any bytes gives findings, never a panic, and a finding's
// position is inside the file.
func FuzzPluginManifest(f *testing.F) {
	for _, s := range []string{`{"name": "kit"}`, "\ufeff{}", `{"name":`, `{"skills": [1, {"a": null}], "hooks": [true]}`, `{"plugins": [1, {"name": 2, "source": []}]}`, "{\"a\":1,\"a\":2}"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, manifest string, marketplace bool) {
		name := "kit/.claude-plugin/plugin.json"
		if marketplace {
			name = "kit/.claude-plugin/marketplace.json"
		}
		fsys := fstest.MapFS{name: file(manifest), "kit/skills/notes/SKILL.md": file(skillText)}
		for _, d := range pluginFindings(fsys) {
			if d.File == name && d.Line > strings.Count(manifest, "\n")+1 {
				t.Fatalf("%s at line %d of a %d-line file", d.Rule, d.Line, strings.Count(manifest, "\n")+1)
			}
			if d.Message == "" {
				t.Fatalf("%s with no message", fmt.Sprint(d))
			}
		}
	})
}
