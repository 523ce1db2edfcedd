package formats

import (
	"bytes"
	"fmt"
	"path"
	"strings"

	"github.com/skillstudio/skillstudio/formats/osloop"
)

// The manifests themselves: Claude Code reads .claude-plugin/plugin.json
// and marketplace.json with JSON.parse and checks them against its
// manifest schema (zod) before anything else. A file that does not parse
// (a trailing comma, a comment, a byte-order mark, a cut-off file) or a
// field of a type the schema never takes is "an invalid manifest file"
// and the plugin, or every plugin of the marketplace, does not load: none
// of its skills reach the agent. A key written twice parses (the later
// value wins) and is only a warning.

// manifestFields are plugin.json's fields whose JSON kind the schema fixes
// (Claude Code plugins reference, manifest fields, and its loader's
// "Validation errors: author: Expected object, received string" …), with
// what a value may be. A component path list takes strings; hooks and the
// server fields also take config objects in the list.
var manifestFields = []struct {
	key   string
	kinds []osloop.Kind // what the value may be
	items []osloop.Kind // what an array's items may be (when an array is allowed)
	want  string
}{
	{"name", []osloop.Kind{osloop.KindString}, nil, "a string (the plugin's kebab-case name)"},
	{"version", []osloop.Kind{osloop.KindString}, nil, "a string (\"1.2.0\")"},
	{"description", []osloop.Kind{osloop.KindString}, nil, "a string"},
	{"homepage", []osloop.Kind{osloop.KindString}, nil, "a string (a URL)"},
	{"repository", []osloop.Kind{osloop.KindString}, nil, "a string (the repository's URL)"},
	{"license", []osloop.Kind{osloop.KindString}, nil, "a string (an SPDX id such as \"MIT\")"},
	{"author", []osloop.Kind{osloop.KindObject}, nil, "an object ({\"name\": \"…\"})"},
	{"keywords", []osloop.Kind{osloop.KindArray}, []osloop.Kind{osloop.KindString}, "an array of strings"},
	{"skills", []osloop.Kind{osloop.KindString, osloop.KindArray}, []osloop.Kind{osloop.KindString}, "a path or an array of paths (\"./skills/\")"},
	{"agents", []osloop.Kind{osloop.KindString, osloop.KindArray}, []osloop.Kind{osloop.KindString}, "a path or an array of paths (\"./agents/reviewer.md\")"},
	{"outputStyles", []osloop.Kind{osloop.KindString, osloop.KindArray}, []osloop.Kind{osloop.KindString}, "a path or an array of paths"},
	{"commands", []osloop.Kind{osloop.KindString, osloop.KindArray, osloop.KindObject}, []osloop.Kind{osloop.KindString}, "a path, an array of paths or an object of commands"},
	{"hooks", []osloop.Kind{osloop.KindString, osloop.KindArray, osloop.KindObject}, []osloop.Kind{osloop.KindString, osloop.KindObject}, "a path to a hooks JSON file, an array of them or the hooks object"},
	{"mcpServers", []osloop.Kind{osloop.KindString, osloop.KindArray, osloop.KindObject}, []osloop.Kind{osloop.KindString, osloop.KindObject}, "a path to an MCP config, an array of them or the servers object"},
	{"lspServers", []osloop.Kind{osloop.KindString, osloop.KindArray, osloop.KindObject}, []osloop.Kind{osloop.KindString, osloop.KindObject}, "a path to an LSP config, an array of them or the servers object"},
}

// marketplaceFields are marketplace.json's top-level fields of fixed kind.
var marketplaceFields = []struct {
	key, want, example string
	kind               osloop.Kind
}{
	{"name", "a string, the marketplace's kebab-case name", `"name": "my-marketplace"`, osloop.KindString},
	{"owner", "an object naming who maintains it", `"owner": {"name": "Your Name"}`, osloop.KindObject},
	{"plugins", "an array of plugin entries", `"plugins": [{"name": "my-plugin", "source": "./plugins/my-plugin"}]`, osloop.KindArray},
}

// readManifest reads a plugin.json or marketplace.json and reports what
// makes Claude Code refuse it as JSON, and keys written twice; nil when
// it is missing, too big, or not a JSON object.
func (c *pluginCheck) readManifest(name string) *osloop.Doc {
	b := c.manifestBytes(name)
	if b == nil {
		return nil
	}
	doc, synErr := osloop.ParseJSON(b)
	base := path.Base(name)
	if synErr != nil {
		line, col := doc.Pos(synErr.Offset)
		msg := fmt.Sprintf("%s is not valid JSON: %s", base, synErr.Msg)
		if bytes.HasPrefix(b, []byte("\xef\xbb\xbf")) {
			msg = base + " starts with a UTF-8 byte-order mark, which Claude Code's JSON parser reads as a stray character"
		} else if rest := b[min(synErr.Offset, len(b)):]; bytes.HasPrefix(rest, []byte("//")) || bytes.HasPrefix(rest, []byte("/*")) {
			msg += " (JSON has no comments)"
		}
		c.loose = append(c.loose, pluginRules.New("library/plugin-manifest-json", name, line, col,
			msg+": Claude Code refuses the manifest and "+refusedWhat(base), osloop.JSONHint(b, synErr)))
		return nil
	}
	m := jsonFile{name, doc}
	if doc.Root.Kind != osloop.KindObject {
		c.at("library/plugin-manifest-json", m, doc.Root, fmt.Sprintf("%s holds %s, not a JSON object: Claude Code refuses the manifest and %s", base, kindName(doc.Root.Kind), refusedWhat(base)),
			"Make the file one JSON object: { \"name\": \"…\", … }.")
		return nil
	}
	for _, dup := range doc.Duplicates {
		first, _ := doc.Pos(dup.First)
		line, col := doc.Pos(dup.Second)
		c.loose = append(c.loose, pluginRules.New("library/plugin-manifest-duplicate-key", name, line, col,
			fmt.Sprintf("key %q is written twice (first on line %d); Claude Code's JSON.parse keeps this later value and drops the first", dup.Key, first),
			"Keep one of the two: other tools (jq, Python, editors) may read the other one."))
	}
	if base == "plugin.json" {
		c.checkPluginFields(m)
	} else {
		c.checkMarketplaceFields(m)
	}
	return doc
}

// refusedWhat is what is lost when Claude Code refuses the manifest.
func refusedWhat(base string) string {
	if base == "marketplace.json" {
		return "none of the marketplace's plugins can be added or installed"
	}
	return "the plugin fails to load: none of its skills, commands, agents or hooks reach the agent"
}

func kindName(k osloop.Kind) string {
	s := k.String()
	switch {
	case k == osloop.KindNull:
		return s
	case strings.HasPrefix(s, "a") || strings.HasPrefix(s, "o"):
		return "an " + s
	}
	return "a " + s
}

// checkPluginFields reports plugin.json's required name and fields of a
// kind the manifest schema never takes.
func (c *pluginCheck) checkPluginFields(m jsonFile) {
	root := m.doc.Root
	if name := root.Get("name"); name == nil {
		c.at("library/plugin-manifest-type", m, root, "plugin.json has no \"name\": Claude Code requires it in a manifest and refuses the plugin, so none of its skills load",
			"Add \"name\": \"your-plugin\" (kebab-case; it is how users install and address the plugin), or delete plugin.json to have the name taken from the folder.")
	} else if name.Kind == osloop.KindString && strings.TrimSpace(name.Str) == "" {
		c.at("library/plugin-manifest-type", m, name, "plugin.json's \"name\" is empty: Claude Code requires a name and refuses the plugin, so none of its skills load",
			"Write the plugin's kebab-case name: \"name\": \"your-plugin\".")
	}
	c.checkKinds(m, root, "plugin.json")
}

// checkKinds reports the manifest fields of obj (plugin.json, or a
// marketplace entry, which carries the same fields) of a kind the schema
// never takes.
func (c *pluginCheck) checkKinds(m jsonFile, obj *osloop.Node, where string) {
	for _, f := range manifestFields {
		v := obj.Get(f.key)
		if v == nil || f.key == "name" && where != "plugin.json" { // an entry's name: checkMarketplaceFields
			continue
		}
		bad := badKind(v, f.kinds, f.items)
		if bad == nil {
			continue
		}
		what := kindName(bad.Kind)
		if bad != v {
			what = "an array holding " + what
		}
		c.at("library/plugin-manifest-type", m, bad, fmt.Sprintf("%s's %q is %s; Claude Code's manifest schema takes %s, so it refuses the plugin and none of its skills load", where, f.key, what, f.want),
			fmt.Sprintf("Write %q as %s, or drop it (components in the standard folders load without being named).", f.key, f.want))
	}
}

// checkMarketplaceFields reports marketplace.json's required fields and
// entries Claude Code's marketplace schema refuses.
func (c *pluginCheck) checkMarketplaceFields(m jsonFile) {
	root := m.doc.Root
	for _, f := range marketplaceFields {
		v := root.Get(f.key)
		switch {
		case v == nil:
			c.at("library/plugin-manifest-type", m, root, fmt.Sprintf("marketplace.json has no %q (%s): Claude Code refuses the marketplace, so none of its plugins can be added or installed", f.key, f.want),
				"Add "+f.example+".")
		case v.Kind != f.kind:
			c.at("library/plugin-manifest-type", m, v, fmt.Sprintf("marketplace.json's %q is %s; the marketplace schema takes %s, so Claude Code refuses the marketplace", f.key, kindName(v.Kind), f.want),
				"Write it as "+f.example+".")
		}
	}
	plugins := root.Get("plugins")
	if plugins == nil || plugins.Kind != osloop.KindArray {
		return
	}
	for _, e := range plugins.Items {
		if e.Kind != osloop.KindObject {
			c.at("library/plugin-manifest-type", m, e, fmt.Sprintf("a plugin entry of marketplace.json is %s; each entry is an object with a \"name\" and a \"source\", so Claude Code refuses the marketplace", kindName(e.Kind)),
				"Write the entry as { \"name\": \"…\", \"source\": \"./plugins/…\" }.")
			continue
		}
		if n := e.Get("name"); n == nil || n.Kind != osloop.KindString || strings.TrimSpace(n.Str) == "" {
			at := e
			if n != nil {
				at = n
			}
			c.at("library/plugin-manifest-type", m, at, "a plugin entry of marketplace.json has no name string; Claude Code refuses the marketplace, so none of its plugins can be installed",
				"Give the entry \"name\": \"plugin-name\" (users install it as name@marketplace).")
		}
		if s := e.Get("source"); s == nil || (s.Kind != osloop.KindString && s.Kind != osloop.KindObject) {
			at := e
			if s != nil {
				at = s
			}
			c.at("library/plugin-manifest-type", m, at, "a plugin entry of marketplace.json has no source (a relative path or a source object); Claude Code refuses the marketplace",
				"Add \"source\": \"./plugins/name\", or an object such as {\"source\": \"github\", \"repo\": \"owner/repo\"}.")
		}
		c.checkKinds(m, e, "a marketplace entry")
	}
}

// badKind is v, or the first of its items, when it is of a kind not
// allowed; nil when all is well.
func badKind(v *osloop.Node, kinds, items []osloop.Kind) *osloop.Node {
	if !kindIn(v.Kind, kinds) {
		return v
	}
	if v.Kind == osloop.KindArray {
		for _, it := range v.Items {
			if !kindIn(it.Kind, items) {
				return it
			}
		}
	}
	return nil
}

func kindIn(k osloop.Kind, kinds []osloop.Kind) bool {
	for _, want := range kinds {
		if k == want {
			return true
		}
	}
	return false
}
