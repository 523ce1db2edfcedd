package osloop

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestReadModuleExports(t *testing.T) {
	src := `// export function fake() {}
/* export const alsoFake = 1 */
const s = "export function inString() {}";
const re = /export function inRegex\(\)/g;
export async function execute(args: Args, ctx: Host): Promise<Map<string, Array<{ a: 1 }>>> {
  return ctx.log.info(` + "`export ${'function'} inTemplate() {}`" + `);
}
export function* gen<T>(x: T) { yield x }
export const handler = async (a: A): Promise<void> => {};
export const notAFunction = 42;
export default function () {}
export interface Shape { purposeId: 'typed-only' }
export type Alias = { kind: 'x' };
export class Thing {}
function onInstall() {}
export { onInstall, Thing as Other };
export type { Alias as A2 };
exports.legacy = function () {};
`
	m := ReadModule(src)
	var names []string
	for _, e := range m.Exports {
		names = append(names, e.Name)
	}
	want := []string{"execute", "gen", "handler", "notAFunction", "default", "Shape", "Alias", "Thing", "onInstall", "Other", "A2", "legacy"}
	if !slices.Equal(names, want) {
		t.Errorf("exports = %v\nwant      %v", names, want)
	}
	e := m.Export("execute")
	if e == nil || !slices.Equal(e.Params, []string{"args", "ctx"}) || e.EmptyBody {
		t.Fatalf("execute = %+v", e)
	}
	if line, col := m.Pos(e.Off); line != 5 || col != 23 {
		t.Errorf("execute at %d:%d, want 5:23", line, col)
	}
	if h := m.Export("handler"); h == nil || !h.Function {
		t.Errorf("handler = %+v, want a function", h)
	}
	if n := m.Export("notAFunction"); n == nil || n.Function {
		t.Errorf("notAFunction = %+v", n)
	}
	if m.Export("Shape") != nil {
		t.Error("an interface counts as a runtime export")
	}
	// The execute param name is a host name: ctx.log counts as host.log.
	if _, ok := m.Uses("log"); !ok {
		t.Errorf("host uses = %+v, want log through ctx", m.HostUses)
	}
	if len(m.PurposeRefs) != 0 {
		t.Errorf("a purposeId in a type became a use: %+v", m.PurposeRefs)
	}
}

func TestReadModuleCalls(t *testing.T) {
	src := `type Req = {
  purposeId: 'only-a-type'
}
const steps = [{ id: 'a', purposeId: 'from-table' }];
export async function execute(args, host) {
  await host.llm.complete({ purposeId: 'direct', messages: [] });
  await host.llm.complete({ messages: [], purposeId: step.purposeId });
  await host?.llm?.complete(req);
  await host.network.fetch('https://api.example.com/v1/items');
  await host.network.fetch(` + "`https://api.example.com/v2/${id}?q=1`" + `);
  await fetch('https://cdn.example.net/' + path);
  await host.network.fetch(url);
  const hidden = "__OSL_SECRET[1234]__";
  x.fetch('not-a-host-fetch');
  await globalThis.fetch('https://global.example.org/a');
  await window.fetch(` + "`https://win.example.org/${q}`" + `);
  a.window.fetch('https://not-global.example.org/');
  self.fetch('https://a-method.example.org/');
}
`
	m := ReadModule(src)
	var calls []string
	for _, c := range m.LLMCalls {
		if c.Dynamic {
			calls = append(calls, "?")
		} else {
			calls = append(calls, c.PurposeID)
		}
	}
	if want := []string{"direct", "?", "?"}; !slices.Equal(calls, want) {
		t.Errorf("llm calls = %v, want %v", calls, want)
	}
	var refs []string
	for _, r := range m.PurposeRefs {
		refs = append(refs, r.Value)
	}
	if want := []string{"from-table", "direct"}; !slices.Equal(refs, want) {
		t.Errorf("purpose refs = %v, want %v", refs, want)
	}
	type f struct {
		url             string
		prefix, dynamic bool
	}
	var got []f
	for _, x := range m.Fetches {
		got = append(got, f{x.URL, x.Prefix, x.Dynamic})
	}
	want := []f{{"https://api.example.com/v1/items", false, false}, {"https://api.example.com/v2/", true, false}, {"https://cdn.example.net/", true, false}, {"", false, true},
		{"https://global.example.org/a", false, false}, {"https://win.example.org/", true, false}}
	if !slices.Equal(got, want) {
		t.Errorf("fetches = %+v\nwant      %+v", got, want)
	}
	if len(m.SecretPlaceholders) != 1 {
		t.Errorf("placeholders = %+v", m.SecretPlaceholders)
	}
	if line, col := m.Pos(m.Fetches[1].Off); line != 10 || col != 28 {
		t.Errorf("template fetch at %d:%d, want 10:28", line, col)
	}
}

func TestLexerDivisionAndRegex(t *testing.T) {
	// After a value '/' divides; elsewhere it opens a regex whose quote
	// must not start a string that swallows the export below.
	src := "const a = b / c / d;\nconst r = x.replace(/'/g, '');\nexport function execute() { return a }\n"
	if ReadModule(src).Export("execute") == nil {
		t.Error("execute lost after a regex containing a quote")
	}
	src = "const t = `a ${ { b: `c ${d}` }.b } e`;\nexport function execute() {}\n"
	if ReadModule(src).Export("execute") == nil {
		t.Error("execute lost after nested template literals")
	}
}

func TestGlobMatch(t *testing.T) {
	cases := []struct {
		pattern, url string
		prefix, want bool
	}{
		{"*", "https://anything", false, true},
		{"https://api.example.com/*", "https://api.example.com/v1", false, true},
		{"https://api.example.com/*", "https://api.example.com.evil.net/v1", false, false},
		{"https://*.example.com/*", "https://eu.example.com/x", false, true},
		{"https://api.example.com/v1", "https://api.example.com/v1/x", false, false},
		{"https://api.example.com/*", "https://api.example.com/", true, true},
		{"https://api.example.com/*", "https://evil.example/", true, false},
		{"https://api.example.com/v1/*", "https://api.example.com/", true, true},
	}
	for _, c := range cases {
		got := globMatch(c.pattern, c.url)
		if c.prefix {
			got = globPrefix(c.pattern, c.url)
		}
		if got != c.want {
			t.Errorf("match(%q, %q, prefix=%v) = %v", c.pattern, c.url, c.prefix, got)
		}
	}
}

// FuzzReadModule: any bytes lex without panic or hang, offsets in range.
func FuzzReadModule(f *testing.F) {
	f.Add("export async function execute(args, host) { await host.llm.complete({ purposeId: 'x' }) }")
	f.Add("`${`${`")
	f.Add("/[/]/ / 'unterminated")
	f.Add("export { a as }")
	f.Add("export const x = (")
	f.Add("type A = { purposeId: 'b' }")
	if files, _ := filepath.Glob("testdata/repo/skills/*/module.ts"); len(files) > 0 {
		for _, p := range files {
			b, _ := os.ReadFile(p)
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		m := ReadModule(src)
		for _, e := range m.Exports {
			if e.Off < 0 || e.Off > len(src) {
				t.Fatalf("export offset %d outside the source", e.Off)
			}
		}
		for _, fe := range m.Fetches {
			if fe.Off < 0 || fe.Off > len(src) {
				t.Fatalf("fetch offset %d outside the source", fe.Off)
			}
		}
		if strings.Count(src, "\n") < 1000 {
			m.Pos(len(src))
		}
	})
}

// A fetch reached through a name it is bound to is a fetch too.
func TestReadModuleFetchThroughBindings(t *testing.T) {
	src := `const g = globalThis.fetch;
export async function execute(args, host) {
  const net = host.network;
  const { network: n2 } = host;
  const f = host.network.fetch.bind(host.network);
  const { fetch: get } = net;
  const viaNet = net.fetch;
  await net.fetch('https://a.example.com/1');
  await n2.fetch('https://b.example.com/2');
  await f('https://c.example.com/3');
  await get('https://d.example.com/4');
  await viaNet('https://e.example.com/5');
  await g('https://f.example.com/6');
  const r = await net.fetch(url);
  other.net.fetch('https://not.example.com/member');
  const y = host.network.fetch('https://g.example.com/7');
  y('https://not.example.com/result');
  store.f('https://not.example.com/method');
}
`
	var got []string
	for _, x := range ReadModule(src).Fetches {
		if x.Dynamic {
			got = append(got, "?")
		} else {
			got = append(got, x.URL)
		}
	}
	want := []string{"https://a.example.com/1", "https://b.example.com/2", "https://c.example.com/3", "https://d.example.com/4",
		"https://e.example.com/5", "https://f.example.com/6", "?", "https://g.example.com/7"}
	if !slices.Equal(got, want) {
		t.Errorf("fetches = %q\nwant      %q", got, want)
	}
}
