package xgs

import (
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/internal/ruletest"
	"github.com/skillstudio/skillstudio/model"
)

// baseSkill is the repo's own clean example: it has no findings, and each
// rule case below breaks (or keeps) it with one small edit.
func baseSkill(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile("testdata/hotel-rates.xgs.js")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// edit replaces old with new in src; the test fails if old is missing.
type edit struct{ old, new string }

type ruleCase struct {
	name  string
	edits []edit
	file  string // default hotel-rates.xgs.js
	raw   func(base string) string
	// missing loads a file that does not exist.
	missing bool
	// extra are more files beside it (a registry.json).
	extra map[string]string
}

func (c ruleCase) load(t *testing.T) *model.Skill {
	t.Helper()
	src := baseSkill(t)
	for _, e := range c.edits {
		if !strings.Contains(src, e.old) {
			t.Fatalf("case %s: %q not in the base skill", c.name, e.old)
		}
		src = strings.Replace(src, e.old, e.new, 1)
	}
	if c.raw != nil {
		src = c.raw(src)
	}
	file := c.file
	if file == "" {
		file = "hotel-rates.xgs.js"
	}
	fsys := fstest.MapFS{file: {Data: []byte(src)}}
	for name, text := range c.extra {
		fsys[name] = &fstest.MapFile{Data: []byte(text)}
	}
	if c.missing {
		file = "gone.xgs.js"
	}
	return Load(fsys, file, model.Options{})
}

// asBundle turns the base skill into what the build writes: its header,
// then an IIFE with no default export.
func asBundle(src string) string {
	end := strings.Index(src, "// ==/XGooseSkill==\n") + len("// ==/XGooseSkill==\n")
	return src[:end] + "(() => {\n  var f = (x) => eval(x);\n  window.xgoose = window.xgoose || {};\n})();\n"
}

// builtRegistry lists hotel-rates.xgs.js with one function, as the build
// writes it.
const builtRegistry = `{"skills": [{"name": "hotel-rates", "namespace": "hotels", "version": "1.0.0", "file": "hotel-rates.xgs.js",
  "functions": [{"name": "searchRates", "summary": "Search rates.", "signature": "searchRates({ city: string })", "input": {"type": "object"}, "examples": []}]}]}`

func header(old, new string) edit { return edit{old, new} }
func top(code string) edit {
	return edit{"\nconst Rate = z.object", "\n" + code + "\nconst Rate = z.object"}
}
func inHandler(code string) edit {
	return edit{"      const r = await fetch(", "      " + code + "\n      const r = await fetch("}
}

// ruleCases maps each rule to cases that must report it (fail) and cases
// that must not (pass).
var ruleCases = map[string]struct{ fail, pass []ruleCase }{
	"xgs/unreadable": {
		fail: []ruleCase{{name: "missing file", missing: true}},
		pass: []ruleCase{{name: "base"}},
	},
	"xgs/encoding": {
		fail: []ruleCase{
			{name: "NUL byte", edits: []edit{top("const a = 1;\x00")}},
			{name: "invalid UTF-8", edits: []edit{top("// caf\xe9")}},
		},
		pass: []ruleCase{{name: "UTF-8 text", edits: []edit{top("// café ★")}}},
	},
	"xgs/too-large": {
		fail: []ruleCase{
			{name: "5 MiB", raw: func(s string) string { return s + strings.Repeat("// padding padding padding\n", 5<<20/27) }},
			{name: "600,000 tokens in 1.2 MB", raw: func(s string) string { return s + "const a = 1" + strings.Repeat("+a", 300_000) + ";\n" }},
		},
		pass: []ruleCase{{name: "base"}},
	},
	"xgs/built-bundle": {
		fail: []ruleCase{{name: "a bundle listed in registry.json", raw: asBundle, extra: map[string]string{"registry.json": builtRegistry}}},
		pass: []ruleCase{
			{name: "the source beside registry.json", extra: map[string]string{"registry.json": builtRegistry}},
			{name: "a bundle with no registry.json", raw: asBundle},
		},
	},
	"xgs/windows-name": {
		fail: []ruleCase{
			{name: "a device name", edits: []edit{header("@name hotel-rates", "@name con")}, file: "con.xgs.js"},
			{name: "a device name in capitals", file: "AUX.xgs.js"},
			{name: "a colon", file: "hotel:rates.xgs.js"},
			{name: "a device @name in a file named otherwise", edits: []edit{header("@name hotel-rates", "@name nul")}, file: "rates.xgs.js"},
		},
		pass: []ruleCase{{name: "names that only start like devices", edits: []edit{header("@name hotel-rates", "@name console")}, file: "console.xgs.js"}},
	},
	"xgs/file-name": {
		fail: []ruleCase{{name: "other name", file: "rates.xgs.js"}},
		pass: []ruleCase{{name: "name.xgs.js", file: "hotel-rates.xgs.js"}},
	},
	"xgs/header-markers": {
		fail: []ruleCase{
			{name: "no closing marker", edits: []edit{header("// ==/XGooseSkill==\n", "")}},
			{name: "not first", raw: func(s string) string { return "\"use strict\";\n" + s }},
			{name: "no header", raw: func(s string) string { return s[strings.Index(s, "import"):] }},
		},
		pass: []ruleCase{{name: "blank line first", raw: func(s string) string { return "\n" + s }}},
	},
	"xgs/header-line": {
		fail: []ruleCase{{name: "a note", edits: []edit{header("// @keyword hotel\n", "// @keyword hotel\n// rates are per night\n")}}},
		pass: []ruleCase{{name: "empty comment", edits: []edit{header("// @keyword hotel\n", "// @keyword hotel\n//\n")}}},
	},
	"xgs/header-order": {
		fail: []ruleCase{{name: "version first", edits: []edit{header("// @version 1.2.0\n", ""), header("// @name hotel-rates\n", "// @version 1.2.0\n// @name hotel-rates\n")}}},
		pass: []ruleCase{{name: "spec order", edits: []edit{header("// @keyword rates\n", "// @keyword rates\n// @homepage https://example.test/docs\n")}}},
	},
	"xgs/name": {
		fail: []ruleCase{
			{name: "snake case", edits: []edit{header("@name hotel-rates", "@name Hotel_Rates")}, file: "Hotel_Rates.xgs.js"},
			{name: "missing", edits: []edit{header("// @name hotel-rates\n", "")}},
			{name: "double hyphen", edits: []edit{header("@name hotel-rates", "@name hotel--rates")}, file: "hotel--rates.xgs.js"},
		},
		pass: []ruleCase{{name: "digits", edits: []edit{header("@name hotel-rates", "@name hotel-rates-2")}, file: "hotel-rates-2.xgs.js"}},
	},
	"xgs/namespace": {
		fail: []ruleCase{
			{name: "hyphen", edits: []edit{header("@namespace hotelRates", "@namespace hotel-rates")}},
			{name: "leading digit", edits: []edit{header("@namespace hotelRates", "@namespace 2hotels")}},
			{name: "missing", edits: []edit{header("// @namespace hotelRates\n", "")}},
		},
		pass: []ruleCase{{name: "dollar and underscore", edits: []edit{header("@namespace hotelRates", "@namespace $hotel_rates2")}}},
	},
	"xgs/version": {
		fail: []ruleCase{
			{name: "two parts", edits: []edit{header("@version 1.2.0", "@version 1.2")}},
			{name: "v prefix", edits: []edit{header("@version 1.2.0", "@version v1.2.0")}},
		},
		pass: []ruleCase{{name: "prerelease", edits: []edit{header("@version 1.2.0", "@version 1.2.0-beta.1")}}},
	},
	"xgs/version-missing": {
		fail: []ruleCase{{name: "missing", edits: []edit{header("// @version 1.2.0\n", "")}}},
		pass: []ruleCase{{name: "base"}},
	},
	"xgs/match-required": {
		fail: []ruleCase{{name: "missing", edits: []edit{header("// @match https://www.example-hotels.test/*\n", "")}}},
		pass: []ruleCase{{name: "all urls", edits: []edit{header("@match https://www.example-hotels.test/*", "@match <all_urls>")}}},
	},
	"xgs/match-pattern": {
		fail: []ruleCase{
			{name: "no path", edits: []edit{header("@match https://www.example-hotels.test/*", "@match https://www.example-hotels.test")}},
			{name: "bad scheme", edits: []edit{header("@match https://www.example-hotels.test/*", "@match chrome://settings/*")}},
			{name: "star inside host", edits: []edit{header("@match https://www.example-hotels.test/*", "@match https://www.*.test/*")}},
		},
		pass: []ruleCase{
			{name: "wildcard subdomain", edits: []edit{header("@match https://www.example-hotels.test/*", "@match *://*.example-hotels.test/*")}},
			{name: "port", edits: []edit{header("@match https://www.example-hotels.test/*", "@match http://localhost:8080/*")}},
			{name: "file", edits: []edit{header("@match https://www.example-hotels.test/*", "@match file:///home/*")}},
		},
	},
	"xgs/include-glob": {
		fail: []ruleCase{
			{name: "space", edits: []edit{header("// @primary", "// @include https://example.test/a b\n// @primary")}},
			{name: "regex", edits: []edit{header("// @primary", "// @include /^https?:\\/\\/x/\n// @primary")}},
		},
		pass: []ruleCase{{name: "glob", edits: []edit{header("// @primary", "// @include https://example.test/forum/*\n// @exclude *://*/login?x=1\n// @primary")}}},
	},
	"xgs/run-at": {
		fail: []ruleCase{{name: "hyphen", edits: []edit{header("// @primary", "// @run-at document-idle\n// @primary")}}},
		pass: []ruleCase{{name: "underscore", edits: []edit{header("// @primary", "// @run-at document_end\n// @primary")}}},
	},
	"xgs/all-frames": {
		fail: []ruleCase{
			{name: "yes", edits: []edit{header("// @primary", "// @all-frames yes\n// @primary")}},
			{name: "empty", edits: []edit{header("// @primary", "// @all-frames\n// @primary")}},
		},
		pass: []ruleCase{{name: "true", edits: []edit{header("// @primary", "// @all-frames true\n// @primary")}}},
	},
	"xgs/detect": {
		fail: []ruleCase{
			{name: "syntax", edits: []edit{header("// @primary", "// @detect document.title ===\n// @primary")}},
			{name: "two statements", edits: []edit{header("// @primary", "// @detect 1); alert(1\n// @primary")}},
			{name: "statement", edits: []edit{header("// @primary", "// @detect var x = 1\n// @primary")}},
		},
		pass: []ruleCase{{name: "expression", edits: []edit{header("// @primary", "// @detect !!document.querySelector('meta[name=\"generator\"][content^=\"Hotel\"]')\n// @primary")}}},
	},
	"xgs/homepage": {
		fail: []ruleCase{{name: "no scheme", edits: []edit{header("// @keyword rates\n", "// @keyword rates\n// @homepage example.test/docs\n")}}},
		pass: []ruleCase{{name: "https", edits: []edit{header("// @keyword rates\n", "// @keyword rates\n// @homepage https://example.test/docs\n")}}},
	},
	"xgs/unknown-directive": {
		fail: []ruleCase{{name: "grant", edits: []edit{header("// @keyword rates\n", "// @keyword rates\n// @grant none\n")}}},
		pass: []ruleCase{{name: "author", edits: []edit{header("// @keyword rates\n", "// @keyword rates\n// @author Ada\n")}}},
	},
	"xgs/duplicate-directive": {
		fail: []ruleCase{{name: "two namespaces", edits: []edit{header("// @namespace hotelRates\n", "// @namespace hotelRates\n// @namespace hotels\n")}}},
		pass: []ruleCase{{name: "repeated keyword", edits: []edit{header("// @keyword rates\n", "// @keyword rates\n// @keyword stays\n")}}},
	},
	"xgs/syntax": {
		fail: []ruleCase{
			{name: "bad const", edits: []edit{top("const = 1;")}},
			{name: "unclosed", raw: func(s string) string { return strings.TrimSuffix(s, "});\n") }},
		},
		pass: []ruleCase{
			{name: "modern syntax", edits: []edit{top("const o = { a: 1, ...{ b: 2 } }; const v = o?.a ?? 0; class K { #x = 1; static s = 2; }")}},
			// sobek rejects both (grafana/sobek#15); esbuild bundles them.
			{name: "for await in a handler", edits: []edit{inHandler("for await (const page of [Promise.resolve(1)]) { void page; }")}},
			{name: "async generator methods", edits: []edit{top("const pager = {\n  async *pages(url) {\n    let next = url;\n    while (next) { const r = await fetch(next); yield* (await r.json()).items; yield; next = r.headers.get(\"link\"); }\n  },\n};\nclass Feed { static async *[Symbol.asyncIterator]() { yield await 1; } }\nconst product = 2 * 3, async = 4; void (async * product);")}},
		},
	},
	"xgs/define-skill": {
		fail: []ruleCase{
			{name: "no default export", edits: []edit{{"export default defineSkill({", "export const skill = ({"}}},
			{name: "not fn", edits: []edit{{"  searchRates: fn({", "  other: async () => 1,\n  searchRates: fn({"}}},
			{name: "no handler", edits: []edit{{"    handler: async", "    handle: async"}}},
		},
		pass: []ruleCase{
			{name: "exported const", edits: []edit{{"export default defineSkill({", "export const skill = defineSkill({"}}, raw: func(s string) string { return s + "export default skill;\n" }},
			{name: "renamed imports", edits: []edit{
				{`import { defineSkill, fn } from "@xgoose/skill";`, `import { defineSkill as define, fn as f } from "@xgoose/skill";`},
				{"export default defineSkill({", "export default define({"}, {"searchRates: fn({", "searchRates: f({"}}},
		},
	},
	"xgs/primary": {
		fail: []ruleCase{
			{name: "typo", edits: []edit{header("@primary searchRates", "@primary searchRate")}},
			{name: "twice", edits: []edit{header("// @primary searchRates\n", "// @primary searchRates\n// @primary searchRates\n")}},
		},
		pass: []ruleCase{{name: "base"}},
	},
	"xgs/primary-missing": {
		fail: []ruleCase{{name: "missing", edits: []edit{header("// @primary searchRates\n", "")}}},
		pass: []ruleCase{{name: "base"}},
	},
	"xgs/options-object": {
		fail: []ruleCase{
			{name: "two parameters", edits: []edit{{"async ({ property, checkin, nights }) =>", "async ({ property, checkin, nights }, extra) =>"}}},
			{name: "tuple input", edits: []edit{{"input: z.object({\n      property:", "input: z.tuple([z.string()]),\n    _old: z.object({\n      property:"}}},
			{name: "no input", edits: []edit{{"input: z.object({\n      property:", "_old: z.object({\n      property:"}}},
		},
		pass: []ruleCase{{name: "method handler", edits: []edit{{"handler: async ({ property, checkin, nights }) => {", "async handler({ property, checkin, nights }) {"}}}},
	},
	"xgs/no-any": {
		fail: []ruleCase{
			{name: "any", edits: []edit{{"nights: z.number().int().min(1).max(30),", "nights: z.any(),"}}},
			{name: "unknown in record", edits: []edit{{"nights: z.number().int().min(1).max(30),", "nights: z.record(z.unknown()).describe(\"x\"),"}}},
		},
		pass: []ruleCase{{name: "any in output", edits: []edit{{"output: z.object({ rates: z.array(Rate) }),", "output: z.object({ rates: z.array(Rate), raw: z.any() }),"}}}},
	},
	"xgs/output-shape": {
		fail: []ruleCase{{name: "no output", edits: []edit{{"    output: z.object({ rates: z.array(Rate) }),\n", ""}}}},
		pass: []ruleCase{{name: "shape in summary", edits: []edit{
			{"    output: z.object({ rates: z.array(Rate) }),\n", ""},
			{"Nightly rates for a stay at one property.", "Returns { rates: { date, price }[] } for a stay."}}}},
	},
	"xgs/describe": {
		fail: []ruleCase{
			{name: "plain string", edits: []edit{{"property: z.string().regex(/^[A-Z]{5}$/).describe('Property code, e.g. \"NYCXX\"'),", "property: z.string(),"}}},
			{name: "unbounded number", edits: []edit{{"nights: z.number().int().min(1).max(30),", "nights: z.number().int(),"}}},
			{name: "union", edits: []edit{{"nights: z.number().int().min(1).max(30),", "nights: z.union([z.number().min(1), z.literal(\"all\")]),"}}},
			{name: "nested", edits: []edit{{"nights: z.number().int().min(1).max(30),", "nights: z.number().int().min(1).max(30),\n      guest: z.object({ name: z.string() }).optional(),"}}},
		},
		pass: []ruleCase{
			{name: "enum", edits: []edit{{"property: z.string().regex(/^[A-Z]{5}$/).describe('Property code, e.g. \"NYCXX\"'),", "property: z.enum([\"NYCXX\", \"LONXX\"]),"}}},
			{name: "describe before nullable", edits: []edit{{"property: z.string().regex(/^[A-Z]{5}$/).describe('Property code, e.g. \"NYCXX\"'),", "property: z.string().describe(\"Property code\").nullable(),"}}},
			{name: "url", edits: []edit{{"property: z.string().regex(/^[A-Z]{5}$/).describe('Property code, e.g. \"NYCXX\"'),", "property: z.string().url(),"}}},
			{name: "union of literals", edits: []edit{{"property: z.string().regex(/^[A-Z]{5}$/).describe('Property code, e.g. \"NYCXX\"'),", "property: z.union([z.literal(\"NYCXX\"), z.literal(\"LONXX\"), z.enum([\"PARXX\"])]),"}}},
		},
	},
	"xgs/examples": {
		fail: []ruleCase{
			{name: "none", edits: []edit{{"    examples: [{ args: { property: \"NYCXX\", checkin: \"2025-03-14\", nights: 2 } }],\n", ""}}},
			{name: "empty", edits: []edit{{"examples: [{ args: { property: \"NYCXX\", checkin: \"2025-03-14\", nights: 2 } }],", "examples: [],"}}},
			{name: "unknown key", edits: []edit{{"args: { property: \"NYCXX\",", "args: { propertyCode: \"NYCXX\","}}},
			{name: "args not object", edits: []edit{{"args: { property: \"NYCXX\", checkin: \"2025-03-14\", nights: 2 }", "args: [\"NYCXX\"]"}}},
			{name: "misspelt returns", edits: []edit{{"nights: 2 } }],", "nights: 2 }, retruns: { rates: [] } }],"}}},
			{name: "output key", edits: []edit{{"nights: 2 } }],", "nights: 2 }, output: { rates: [] } }],"}}},
		},
		pass: []ruleCase{{name: "note and returns", edits: []edit{{"nights: 2 } }],", "nights: 2 }, note: \"two nights\", returns: { rates: [] } }],"}}}},
	},
	"xgs/example-args": {
		fail: []ruleCase{
			{name: "wrong type", edits: []edit{{"nights: 2 } }]", "nights: \"2\" } }]"}}},
			{name: "missing required", edits: []edit{{"checkin: \"2025-03-14\", nights: 2", "checkin: \"2025-03-14\""}}},
			{name: "enum out of range", edits: []edit{
				{"property: z.string().regex(/^[A-Z]{5}$/).describe('Property code, e.g. \"NYCXX\"'),", "property: z.enum([\"NYCXX\", \"LONXX\"]),"},
				{"args: { property: \"NYCXX\",", "args: { property: \"PARXX\","}}},
			{name: "out of bounds", edits: []edit{{"nights: 2 } }]", "nights: 90 } }]"}}},
		},
		pass: []ruleCase{
			{name: "optional left out", edits: []edit{{"nights: z.number().int().min(1).max(30),", "nights: z.number().int().min(1).max(30).optional(),"}, {"checkin: \"2025-03-14\", nights: 2", "checkin: \"2025-03-14\""}}},
			{name: "nullable null", edits: []edit{{"nights: z.number().int().min(1).max(30),", "nights: z.number().int().min(1).max(30).nullable(),"}, {"nights: 2 } }]", "nights: null } }]"}}},
			{name: "JS-only regex", edits: []edit{{"regex(/^[A-Z]{5}$/)", "regex(/^(?<!x)[A-Z]{5}$/)"}}},
		},
	},
	"xgs/url-format": {
		fail: []ruleCase{
			{name: "named url", edits: []edit{{"nights: z.number().int().min(1).max(30),", "nights: z.number().int().min(1).max(30),\n      photoUrl: z.string().describe(\"Photo to attach\").optional(),"}}},
			{name: "described as a link", edits: []edit{{"nights: z.number().int().min(1).max(30),", "nights: z.number().int().min(1).max(30),\n      page: z.string().describe(\"Link to the booking page\").optional(),"}}},
		},
		pass: []ruleCase{
			{name: "url format", edits: []edit{{"nights: z.number().int().min(1).max(30),", "nights: z.number().int().min(1).max(30),\n      photoUrl: z.string().url().optional(),"}}},
			{name: "zod 4 z.url", edits: []edit{{"nights: z.number().int().min(1).max(30),", "nights: z.number().int().min(1).max(30),\n      photoUrl: z.url().optional(),"}}},
			{name: "relative path", edits: []edit{{"nights: z.number().int().min(1).max(30),", "nights: z.number().int().min(1).max(30),\n      page: z.string().describe(\"Path of the booking page, relative to the site (the link's href)\").optional(),"}}},
			{name: "part of a url", edits: []edit{{"nights: z.number().int().min(1).max(30),", "nights: z.number().int().min(1).max(30),\n      title: z.string().describe(\"Article title as in the URL, e.g. Alan_Turing\").optional(),\n      board: z.string().describe(\"Board name from the page's URL\").optional(),\n      q: z.string().describe(\"Query, URL-encoded\").optional(),"}}},
			{name: "url slug", edits: []edit{{"nights: z.number().int().min(1).max(30),", "nights: z.number().int().min(1).max(30),\n      urlSlug: z.string().describe(\"Topic slug\").optional(),"}}},
		},
	},
	"xgs/import-skill": {
		fail: []ruleCase{
			{name: "default import", edits: []edit{{"import { z } from \"zod\";\n", "import { z } from \"zod\";\nimport vb from \"./vbulletin-forum.xgs.js\";\n"}}},
			{name: "side effect import", edits: []edit{{"import { z } from \"zod\";\n", "import { z } from \"zod\";\nimport \"../skills/other.xgs.js\";\n"}}},
			{name: "re-export", edits: []edit{{"import { z } from \"zod\";\n", "import { z } from \"zod\";\nexport { helper } from \"./other.XGS.js\";\n"}}},
		},
		pass: []ruleCase{
			{name: "page global", edits: []edit{inHandler("const v = window.xgoose?.skills?.vbulletin; if (!v) throw new Error(\"vbulletin-forum skill not loaded\");")}},
			{name: "plain helper module", edits: []edit{{"import { z } from \"zod\";\n", "import { z } from \"zod\";\nimport { fmt } from \"./fmt.js\";\n"}}},
		},
	},
	"xgs/import-outside": {
		fail: []ruleCase{
			{name: "climbing out", edits: []edit{{"import { z } from \"zod\";\n", "import { z } from \"zod\";\nimport cfg from \"../../.docker/config.json\";\n"}}},
			{name: "absolute", edits: []edit{{"import { z } from \"zod\";\n", "import { z } from \"zod\";\nimport \"/etc/app/settings.js\";\n"}}},
			{name: "windows drive", edits: []edit{{"import { z } from \"zod\";\n", "import { z } from \"zod\";\nimport \"C:\\\\Users\\\\me\\\\key.json\";\n"}}},
			{name: "down then further up", edits: []edit{{"import { z } from \"zod\";\n", "import { z } from \"zod\";\nexport { x } from \"./lib/../../x.js\";\n"}}},
		},
		pass: []ruleCase{
			{name: "helper below", edits: []edit{{"import { z } from \"zod\";\n", "import { z } from \"zod\";\nimport { fmt } from \"./lib/../fmt.js\";\n"}}},
			{name: "package", edits: []edit{{"import { z } from \"zod\";\n", "import { z } from \"zod\";\nimport pad from \"left-pad\";\n"}}},
		},
	},
	"xgs/errors": {
		fail: []ruleCase{
			{name: "empty catch", edits: []edit{inHandler("try { JSON.parse(\"{}\"); } catch {}")}},
			{name: "catch only logs", edits: []edit{inHandler("try { JSON.parse(\"{}\"); } catch (e) { console.warn(e); }")}},
			{name: "throw string", edits: []edit{inHandler("if (!property) throw \"no property\";")}},
			{name: "promise catch", edits: []edit{inHandler("fetch(\"/ping\").catch(() => {});")}},
			{name: "defensive return on a missing argument", edits: []edit{inHandler("if (!property) return null;")}},
			{name: "defensive return in a block, one of several tests", edits: []edit{inHandler("if (nights > 30 || !checkin) { return { error: \"checkin required\" }; }")}},
			{name: "defensive bare return on args.x", edits: []edit{{"handler: async ({ property, checkin, nights }) => {", "handler: async (args) => {\n      if (!args?.property) return;\n      const { property, checkin, nights } = args;"}}},
		},
		pass: []ruleCase{
			{name: "shaped status", edits: []edit{inHandler("try { JSON.parse(\"{}\"); } catch (e) { return { status: \"blocked\" }; }")}},
			{name: "missing argument throws", edits: []edit{inHandler("if (!property) throw new Error(\"property is required\");")}},
			{name: "missing optional argument picks a default by a call", edits: []edit{inHandler("if (!nights) return await fetch(\"/rates\").then((r) => r.json());")}},
			{name: "test of a local value, not an argument", edits: []edit{inHandler("const rows = []; if (!rows.length) return { status: \"no_results\" };")}},
			{name: "nested function's own parameter", edits: []edit{inHandler("const pick = (property) => { if (!property) return null; return property; };")}},
			{name: "rethrow", edits: []edit{inHandler("try { JSON.parse(\"{}\"); } catch (e) { console.warn(e); throw e; }")}},
		},
	},
	"xgs/iso-dates": {
		fail: []ruleCase{
			{name: "free date", edits: []edit{{"checkin: z.string().date(),", "checkin: z.string().describe(\"Check-in day\"),"}}},
			{name: "datetime", edits: []edit{{"checkin: z.string().date(),", "checkin: z.string().datetime(),"}}},
			{name: "US example", edits: []edit{{"checkin: \"2025-03-14\"", "checkin: \"03/14/2025\""}}},
			{name: "money without currency", edits: []edit{{"price: z.number().nonnegative().describe(\"Nightly price in the property's local currency\"),", "price: z.number().nonnegative().describe(\"Nightly price\"),"}}},
			{name: "wrong regex", edits: []edit{{"checkin: z.string().date(),", "checkin: z.string().regex(/^\\d{2}\\/\\d{2}\\/\\d{4}$/),"}}},
		},
		pass: []ruleCase{
			{name: "regex", edits: []edit{{"checkin: z.string().date(),", "checkin: z.string().regex(/^\\d{4}-\\d{2}-\\d{2}$/),"}}},
			{name: "ISO code", edits: []edit{{"price: z.number().nonnegative().describe(\"Nightly price in the property's local currency\"),", "price: z.number().nonnegative().describe(\"Nightly price in USD\"),"}}},
			{name: "rate type and price switch are no amounts", edits: []edit{{"nights: z.number().int().min(1).max(30),", "nights: z.number().int().min(1).max(30),\n      rateType: z.enum([\"cash\", \"points\"]).optional(),\n      rateCode: z.string().regex(/^[A-Z]{3}$/).optional(),\n      includePrices: z.boolean().optional(),"}}},
			{name: "updatedAt is no date", edits: []edit{{"nights: z.number().int().min(1).max(30),", "nights: z.number().int().min(1).max(30),\n      updatedAfter: z.number().int().min(0).describe(\"epoch ms\"),"}}},
		},
	},
	"xgs/no-top-level-await": {
		fail: []ruleCase{
			{name: "await", edits: []edit{top("const cfg = await Promise.resolve(1);")}},
			{name: "for await beside an async generator method", edits: []edit{top("const src = { async *rows() { yield 1; } };\nfor await (const row of src.rows()) { void row; }")}},
		},
		pass: []ruleCase{
			{name: "in async function", edits: []edit{top("async function load() { return await Promise.resolve(1); }")}},
			{name: "arrow with expression body", edits: []edit{top("const g = async () => 1;\nconst h = async () => await g();")}},
			{name: "for of", edits: []edit{top("for (const x of []) { void x; }")}},
		},
	},
	"xgs/no-chrome": {
		fail: []ruleCase{{name: "storage", edits: []edit{inHandler("await chrome.storage.local.get(\"k\");")}}},
		pass: []ruleCase{{name: "local chrome", edits: []edit{inHandler("const chrome = { ok: 1 }; void chrome.ok;")}}},
	},
	"xgs/computed-import": {
		fail: []ruleCase{
			{name: "glob-shaped require", edits: []edit{inHandler("const t = require(\"../\" + args.city);")}},
			{name: "template import", edits: []edit{inHandler("const t = await import(`./data/${args.city}.json`);")}},
			{name: "require of a value", edits: []edit{inHandler("const t = require(args.city);")}},
		},
		pass: []ruleCase{
			{name: "literal import", edits: []edit{inHandler("const t = await import(\"./data/\" + \"en.json\");")}},
			{name: "a method named require", edits: []edit{inHandler("const t = loader.require(\"../\" + args.city);")}},
		},
	},
	"xgs/runtime-import": {
		fail: []ruleCase{
			{name: "import of a value", edits: []edit{inHandler("const m = await import(args.city);")}},
			{name: "import of a built URL", edits: []edit{inHandler("const m = await import(\"https://cdn.example/\" + args.city + \".js\");")}},
		},
		pass: []ruleCase{{name: "fetch of a value", edits: []edit{inHandler("const m = await fetch(args.city);")}}},
	},
	"xgs/no-eval": {
		fail: []ruleCase{
			{name: "eval", edits: []edit{inHandler("eval(\"1\");")}},
			{name: "new Function", edits: []edit{inHandler("new Function(\"return 1\")();")}},
			{name: "string setTimeout", edits: []edit{inHandler("setTimeout(\"go()\", 10);")}},
		},
		pass: []ruleCase{{name: "function setTimeout", edits: []edit{inHandler("setTimeout(() => 1, 10); JSON.parse(\"1\");")}}},
	},
	"xgs/no-secrets": {
		fail: []ruleCase{
			{name: "github token", edits: []edit{top("const gh = \"ghp_" + strings.Repeat("aB3", 12) + "\";")}},
			{name: "aws key", edits: []edit{top("const id = \"AKIA" + "ABCDEFGHIJKLMNOP\";")}},
			{name: "entropy", edits: []edit{top("const apiKey = \"q8Zr2LmX0vTn4Ks9PwYb\";")}},
			{name: "private key", edits: []edit{top("const pem = `-----BEGIN RSA PRIVATE KEY-----\nMIIB`;")}},
		},
		pass: []ruleCase{{name: "header name", edits: []edit{top("const tokenHeader = \"X-CSRF-Token\"; const keyword = \"q8Zr2LmX0vTn4Ks9PwYb\";")}}},
	},
	"xgs/no-global-patch": {
		fail: []ruleCase{
			{name: "fetch", edits: []edit{top("window.fetch = async () => null;")}},
			{name: "console", edits: []edit{top("console.log = () => {};")}},
			{name: "prototype", edits: []edit{top("XMLHttpRequest.prototype.open = function () {};")}},
		},
		pass: []ruleCase{{name: "navigate", edits: []edit{inHandler("if (r0) window.location.href = \"/login\";"), top("let r0 = false;")}}},
	},
	"xgs/function-summary": {
		fail: []ruleCase{
			{name: "missing", edits: []edit{{"    summary: \"Nightly rates for a stay at one property.\",\n", ""}}},
			{name: "empty", edits: []edit{{"summary: \"Nightly rates for a stay at one property.\"", "summary: \" \""}}},
			{name: "two lines", edits: []edit{{"summary: \"Nightly rates for a stay at one property.\"", "summary: `Nightly rates.\nPer property.`"}}},
		},
		pass: []ruleCase{{name: "template", edits: []edit{{"summary: \"Nightly rates for a stay at one property.\"", "summary: `Nightly rates for a stay.`"}}}},
	},
	"xgs/unresolved-schema": {
		fail: []ruleCase{
			{name: "non-literal default", edits: []edit{{"nights: z.number().int().min(1).max(30),", "nights: z.number().int().min(1).max(30).default(defaultNights()),"}}},
			{name: "unmodelled constructor", edits: []edit{{"nights: z.number().int().min(1).max(30),", "nights: z.templateLiteral([z.number(), \"n\"]),"}}},
			{name: "imported schema", edits: []edit{{"output: z.object({ rates: z.array(Rate) }),", "output: RatesFromElsewhere,"}}},
		},
		pass: []ruleCase{{name: "const schema", edits: []edit{top("const Nights = z.number().int().min(1).max(30);"), {"nights: z.number().int().min(1).max(30),", "nights: Nights,"}}}},
	},
}

func TestBaseSkillIsClean(t *testing.T) {
	s := ruleCase{name: "base"}.load(t)
	if len(s.Diagnostics) != 0 {
		t.Fatalf("the base skill has findings:\n%s", diagList(s.Diagnostics))
	}
}

// TestRules runs every case of ruleCases through the shared harness.
func TestRules(t *testing.T) {
	var cases []ruletest.Case
	for id, c := range ruleCases {
		for _, f := range c.fail {
			cases = append(cases, ruletest.Fails(id, f.name, findings(f)))
		}
		for _, p := range c.pass {
			cases = append(cases, ruletest.Passes(id, p.name, findings(p)))
		}
	}
	ruletest.Run(t, Rules, cases, ruletest.Options{Unpositioned: []string{"xgs/unreadable"}})
}

func findings(c ruleCase) func(t *testing.T) []model.Diagnostic {
	return func(t *testing.T) []model.Diagnostic { return c.load(t).Diagnostics }
}

// TestBuiltBundleReadAsBuilt: a bundle beside the registry.json the build
// wrote has no source findings (no define-skill, no eval in generated
// code) and the registry's functions.
func TestBuiltBundleReadAsBuilt(t *testing.T) {
	s := ruleCase{raw: asBundle, extra: map[string]string{"registry.json": builtRegistry}}.load(t)
	for _, d := range s.Diagnostics {
		if d.Severity > model.SeverityInfo {
			t.Errorf("finding on a built bundle: %v", d)
		}
	}
	if len(s.Functions) != 1 || s.Functions[0].Name != "searchRates" {
		t.Errorf("functions %+v, want searchRates from registry.json", s.Functions)
	}
	plain := ruleCase{raw: asBundle}.load(t)
	if len(plain.Functions) != 0 || len(plain.Diagnostics) == 0 {
		t.Errorf("a bundle without registry.json should be linted as source: %v", plain.Diagnostics)
	}
}
