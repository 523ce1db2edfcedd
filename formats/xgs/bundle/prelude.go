package bundle

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/skillstudio/skillstudio/internal/lazyre"
)

// The embedded zod is bundled once per process, not once per build.
//
// Linking and printing zod's ~100 modules was nearly all of a rebuild
// (40–50 ms of CPU per save, for a skill of a few kB): esbuild's context
// caches the parse, not the link. So zod is built on its own, the first
// time a build needs it, into a prelude: an ES module bundle turned into
// a function that evaluates zod on its first call and returns its
// exports. A skill is bundled against a facade module (served at zod's
// entry path, so esbuild's messages name it as before) that calls the
// prelude and re-exports every name zod exports, and the bundle is
//
//	header block
//	(() => {
//	  var __xgoose_zod__ = …prelude…;
//	  (() => { …esbuild's IIFE: runtime, facade, skill, entry… })();
//	})();
//
// esbuild still checks each imported name against zod's real exports; zod
// still runs lazily, when the skill's module is first required (after
// @detect), its modules in the same order. A skill with a zod of its own
// (node_modules/zod) is bundled module by module, as before.

// preludeFn is the one name the prelude defines; the facade calls it.
// esbuild never renames an unbound name it sees used, so no symbol of the
// skill's bundle takes it.
const preludeFn = "__xgoose_zod__"

// preludeEntry names the prelude build's entry point, which the plugin
// resolves to the embedded zod's entry: a path esbuild would look up on
// disk, relative to the working folder, if named directly.
const preludeEntry = "xgoose-zod-prelude"

// prelude is one embedded zod, bundled.
type prelude struct {
	// code declares preludeFn; it goes before esbuild's IIFE (assemble).
	code string
	// facade is the module a skill's `import … from "zod"` loads.
	facade string
}

type preludeKey struct {
	entry   string // zod4Entry or zod3Entry
	locales bool   // the real locales, not stubs (zod.go)
	minify  bool
}

type preludeCell struct {
	once sync.Once
	p    *prelude
	err  error
}

// preludes holds at most eight bundles (2 zods × locales × minify),
// each built on first use and kept for the life of the process.
var preludes sync.Map // preludeKey → *preludeCell

// zodPrelude returns the prelude for key, building it on first use.
func zodPrelude(key preludeKey) (*prelude, error) {
	v, _ := preludes.LoadOrStore(key, &preludeCell{})
	c := v.(*preludeCell)
	c.once.Do(func() { c.p, c.err = buildPrelude(key) })
	return c.p, c.err
}

// buildPrelude bundles the embedded zod as an ES module and wraps it.
func buildPrelude(key preludeKey) (*prelude, error) {
	res := api.Build(api.BuildOptions{
		EntryPoints: []string{preludeEntry},
		Bundle:      true,
		Write:       false,
		Format:      api.FormatESModule, // the metafile lists the entry's exports
		Platform:    api.PlatformBrowser,
		Charset:     api.CharsetUTF8,
		Metafile:    true,
		LogLevel:    api.LogLevelSilent,
		// Legal comments stay where they are written, so the export
		// clause is the bundle's last statement.
		LegalComments:     api.LegalCommentsInline,
		MinifyWhitespace:  key.minify,
		MinifySyntax:      key.minify,
		MinifyIdentifiers: key.minify,
		Plugins: []api.Plugin{{Name: "xgoose-zod-prelude", Setup: func(pb api.PluginBuild) {
			pb.OnResolve(api.OnResolveOptions{Filter: "^" + regexp.QuoteMeta(preludeEntry) + "$"}, func(api.OnResolveArgs) (api.OnResolveResult, error) {
				return api.OnResolveResult{Path: key.entry, Namespace: zodNamespace}, nil
			})
			serveEmbeddedZod(pb, func() bool { return key.locales })
		}}},
	})
	if len(res.Errors) > 0 {
		return nil, fmt.Errorf("bundling the embedded zod failed: %s", res.Errors[0].Text)
	}
	if len(res.OutputFiles) != 1 {
		return nil, fmt.Errorf("bundling the embedded zod gave %d files", len(res.OutputFiles))
	}
	exports, err := metafileExports(res.Metafile)
	if err != nil {
		return nil, err
	}
	body, locals, err := cutExportClause(string(res.OutputFiles[0].Contents))
	if err != nil {
		return nil, err
	}
	if got := sortedKeys(locals); strings.Join(got, ",") != strings.Join(exports, ",") {
		return nil, fmt.Errorf("the embedded zod's export clause names %v, its metafile %v", got, exports)
	}
	return &prelude{code: wrapPrelude(key, body, exports, locals), facade: facade(exports)}, nil
}

// metafileExports reads the one output's export names.
func metafileExports(metafile string) ([]string, error) {
	var meta struct {
		Outputs map[string]struct {
			Exports []string `json:"exports"`
		} `json:"outputs"`
	}
	if err := json.Unmarshal([]byte(metafile), &meta); err != nil || len(meta.Outputs) != 1 {
		return nil, fmt.Errorf("the embedded zod's metafile has no single output")
	}
	for _, o := range meta.Outputs {
		names := append([]string(nil), o.Exports...)
		sort.Strings(names)
		return names, nil
	}
	return nil, nil
}

// exportClause is esbuild's last statement in an ES module bundle:
// `export { a, b as c };` (`export{a,b as c};` minified).
var exportClause = lazyre.New(`^export\s*\{([^{}]*)\};?\s*$`)

// cutExportClause splits an ES module bundle into the code before its
// export clause and the clause's alias → local name map.
func cutExportClause(code string) (string, map[string]string, error) {
	// The clause holds no brace, so it starts at the last "export {" (the
	// regexp alone would scan the whole bundle: 14 ms for zod).
	at := max(strings.LastIndex(code, "export {"), strings.LastIndex(code, "export{"))
	var m []int
	if at == 0 || at > 0 && !jsNamePart(code[at-1]) {
		m = exportClause.FindStringSubmatchIndex(code[at:])
	}
	if m == nil {
		return "", nil, fmt.Errorf("the embedded zod's bundle does not end in an export clause")
	}
	locals := map[string]string{}
	for _, item := range strings.Split(code[at+m[2]:at+m[3]], ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		local, alias, ok := strings.Cut(item, " as ")
		if !ok {
			alias = local
		}
		local, alias = strings.TrimSpace(local), strings.TrimSpace(alias)
		if strings.HasPrefix(alias, `"`) {
			s, err := strconv.Unquote(alias)
			if err != nil {
				return "", nil, fmt.Errorf("the embedded zod exports %s", alias)
			}
			alias = s
		}
		if !jsName.MatchString(local) {
			return "", nil, fmt.Errorf("the embedded zod's export clause has %q", item)
		}
		locals[alias] = local
	}
	return code[:at], locals, nil
}

var jsName = lazyre.New(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

func jsNamePart(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// wrapPrelude turns the bundle into `var __xgoose_zod__ = …;`: a function
// that runs zod's modules on its first call and returns their exports.
// The body keeps its lines as printed (a template literal may span them).
func wrapPrelude(key preludeKey, body string, exports []string, locals map[string]string) string {
	const ns = "__xgoose_zod_ns__"
	head := "  // " + zodNamespace + ":" + key.entry + " (zod " + zodVersion(key.entry) + "): bundled once per process, run on the first import\n" +
		"  var " + preludeFn + " = (() => {\n" +
		"    let " + ns + ";\n" +
		"    return () => " + ns + " || (" + ns + " = (() => {\n"
	ret, tail := "      return { ", " };\n    })());\n  })();\n"
	if key.minify {
		head = "var " + preludeFn + "=(()=>{let " + ns + ";return()=>" + ns + "||(" + ns + "=(()=>{"
		ret, tail = "return{", "}})())})();"
	}
	var b strings.Builder
	b.Grow(len(head) + len(body) + 40*len(exports))
	b.WriteString(head)
	b.WriteString(body)
	if !strings.HasSuffix(body, "\n") {
		b.WriteString("\n")
	}
	// Zod 4 compiles object parsers with new Function unless told not to,
	// probing for eval at a bundle's first z.object(). A site whose CSP
	// forbids eval refuses the probe and reports a securitypolicyviolation
	// for every injection, though zod falls back and works. The schemas are
	// documentation the runtime never validates with, so the JIT buys
	// nothing: turn it off before the skill's module runs (a skill's own
	// z.config call still comes after and wins).
	if cfg, ok := locals["config"]; ok && key.entry == zod4Entry {
		if key.minify {
			b.WriteString(cfg + "({jitless:!0});")
		} else {
			b.WriteString("      " + cfg + "({ jitless: true });\n")
		}
	}
	b.WriteString(ret)
	for i, name := range exports {
		if i > 0 {
			b.WriteString(", ")
		}
		prop := name
		if !jsName.MatchString(name) {
			prop = strconv.Quote(name)
		}
		b.WriteString(prop + ": " + locals[name])
	}
	b.WriteString(tail)
	return b.String()
}

func zodVersion(entry string) string {
	if entry == zod3Entry {
		return EmbeddedZod3
	}
	return EmbeddedZod4
}

// facade writes the module a skill's `import … from "zod"` gets: every
// zod export, read from the prelude's once it has run (zod reassigns none
// of its exports after its modules have run). The reads are marked pure
// so esbuild drops the ones a skill does not use.
func facade(exports []string) string {
	var b strings.Builder
	b.WriteString("var __xgoose_zod_exports__ = " + preludeFn + "();\n")
	b.WriteString("var __xgoose_zod_get__ = (name) => __xgoose_zod_exports__[name];\n")
	var renamed []string
	taken := map[string]bool{}
	for _, name := range exports {
		if plainLocal(name) {
			taken[name] = true
		}
	}
	for _, name := range exports {
		local, export := name, "export "
		if !plainLocal(name) {
			// default, enum, null, undefined…: exported under a local name.
			local, export = "zod_"+strings.ReplaceAll(name, "$", "_"), ""
			for taken[local] || !jsName.MatchString(local) {
				local += "_"
			}
			taken[local] = true
			renamed = append(renamed, local+" as "+strconv.Quote(name))
		}
		fmt.Fprintf(&b, "%svar %s = /* @__PURE__ */ __xgoose_zod_get__(%s);\n", export, local, strconv.Quote(name))
	}
	if len(renamed) > 0 {
		b.WriteString("export { " + strings.Join(renamed, ", ") + " };\n")
	}
	return b.String()
}

// plainLocal: name can be declared as a variable of the same name in a
// module (strict mode) without shadowing a global a bundle relies on.
func plainLocal(name string) bool {
	if !jsName.MatchString(name) || strings.HasPrefix(name, "__xgoose") {
		return false
	}
	switch name {
	case "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do",
		"else", "enum", "export", "extends", "false", "finally", "for", "function", "if", "import", "in",
		"instanceof", "new", "null", "return", "super", "switch", "this", "throw", "true", "try", "typeof",
		"var", "void", "while", "with", "yield", "let", "static", "implements", "interface", "package",
		"private", "protected", "public", "await", "arguments", "eval", "undefined", "NaN", "Infinity":
		return false
	}
	return true
}

// preludeWrapper opens and closes the IIFE that holds a prelude and
// esbuild's IIFE: the prelude stays private to the bundle, and the skill's
// top-level names (a helper called process, say) cannot shadow a global
// zod's code reads. No prelude, no wrapper.
func preludeWrapper(prelude string, minify bool) (open, close string) {
	switch {
	case prelude == "":
		return "", ""
	case minify:
		return "(()=>{", "})();\n"
	}
	return "(() => {\n", "})();\n"
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
