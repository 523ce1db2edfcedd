package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	stdlog "log"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// The browser test loads built .xgs.js bundles the way the spec's host
// extension does: into the MAIN world of a real page (headless Chromium,
// Debian's package chromium) that was served with a CSP, gated on @match
// and @detect, and called as an agent's js_exec would. The page is
// served on loopback; Chromium resolves every host name to that server,
// so a skill's @match hosts (forum.example.com, codeberg.org, ...) and
// the cross-origin APIs it fetches are all this one fixture site.

// browserCSP is a site policy of the kind the injector meets: scripts from
// the site only (no inline, no eval), connections to the site and its API
// hosts. CDP's Runtime.evaluate, like chrome.scripting's MAIN world
// injection, is not itself blocked by it; what the skill does at run time is.
const browserCSP = "default-src 'none'; script-src 'self' 'report-sample'; connect-src 'self' https://*.openfoodfacts.org; " +
	"img-src 'self' data:; style-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'"

// browserFixtureSite answers as a forum, a Forgejo forge and the Open
// Prices APIs would, with made-up data. ?bare serves a page without the
// site's script and generator meta (so DOM-based @detect is false);
// ?nocsp serves the page without a CSP.
func browserFixtureSite() http.Handler {
	issue := map[string]any{
		"number": 1234, "title": "Saving a draft loses the selection", "state": "open",
		"user": map[string]any{"login": "ana"}, "labels": []any{map[string]any{"name": "bug"}}, "comments": 2,
		"created_at": "2026-01-02T10:00:00Z", "updated_at": "2026-02-03T10:00:00Z",
		"html_url": "https://codeberg.org/forgejo/forgejo/issues/1234", "body": "Open a draft, select text, save.",
	}
	answers := map[string]any{
		"/search.json": map[string]any{"results": []any{map[string]any{"title": "Getting started", "url": "/t/1"}}},
		"/api/v1/repos/search": map[string]any{"data": []any{map[string]any{
			"full_name": "ana/pages", "description": "A small site generator", "stars_count": 12, "updated_at": "2026-03-04T00:00:00Z"}}},
		"/api/v1/prices": map[string]any{"items": []any{map[string]any{
			"id": 1, "date": "2025-03-01", "price": 3.5, "currency": "EUR", "price_is_discounted": false, "location_id": 7}},
			"page": 1, "pages": 1, "size": 100, "total": 1},
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		w.Header().Set("Access-Control-Allow-Origin", "*")
		w.Header().Set("Access-Control-Allow-Headers", "Accept")
		w.Header().Set("Access-Control-Expose-Headers", "X-Total-Count")
		var body any
		switch {
		case p == "/site.js":
			w.Header().Set("Content-Type", "text/javascript")
			fmt.Fprint(w, `window.config = { appSubUrl: "" };`)
			return
		case answers[p] != nil:
			body = answers[p]
		case strings.HasPrefix(p, "/api/items/"):
			id := strings.TrimSuffix(strings.TrimPrefix(p, "/api/items/"), ".json")
			body = map[string]any{"id": id, "title": "Item " + id, "updatedAt": "2026-01-01"}
		case strings.HasPrefix(p, "/api/v2/product/"):
			body = map[string]any{"status": 1, "product": map[string]any{
				"product_name": "Hazelnut spread", "brands": "Acme", "quantity": "400 g", "nutriscore_grade": "e"}}
		case strings.HasPrefix(p, "/api/v1/repos/") && strings.HasSuffix(p, "/comments"):
			body = []any{map[string]any{"user": map[string]any{"login": "bo"}, "created_at": "2026-02-01T00:00:00Z", "body": "Seen here too."}}
		case strings.HasPrefix(p, "/api/v1/repos/") && strings.HasSuffix(p, "/issues"):
			w.Header().Set("X-Total-Count", "1")
			body = []any{issue}
		case strings.HasPrefix(p, "/api/v1/repos/") && strings.Contains(p, "/issues/"):
			body = issue
		case strings.HasPrefix(p, "/api/"):
			http.NotFound(w, r)
			return
		default:
			q := r.URL.Query()
			if !q.Has("nocsp") {
				w.Header().Set("Content-Security-Policy", browserCSP)
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			head := `<meta name="generator" content="Fixture Forum 1.0"><script src="/site.js"></script>`
			if q.Has("bare") {
				head = ""
			}
			fmt.Fprintf(w, "<!doctype html><html><head><title>fixture</title>%s</head><body><main id=\"app\">A page</main></body></html>", head)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(body)
	})
}

// browserTab is one headless Chromium tab and what its page reported.
type browserTab struct {
	t   *testing.T
	ctx context.Context

	mu         sync.Mutex
	exceptions []string // Runtime.exceptionThrown: uncaught errors and rejections
	errors     []string // console.error and browser log errors (CSP violations among them)
}

// startChromium starts headless Chromium with the flags known to work on
// these machines, sending every host name to the fixture server, or skips
// the test when chromium is missing (.ci/run installs it).
func startChromium(t *testing.T, srv *httptest.Server) *browserTab {
	t.Helper()
	path := ""
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		t.Skip("chromium is not installed: the browser test needs Debian's package chromium (apt-get install chromium)")
	}
	host := strings.TrimPrefix(srv.URL, "https://")
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("no-proxy-server", true),
		// Loopback only: every name resolves to the fixture server, whose
		// self-signed certificate the browser is told to accept.
		chromedp.Flag("host-resolver-rules", "MAP * "+host),
		chromedp.Flag("ignore-certificate-errors", true),
		chromedp.UserDataDir(t.TempDir()),
	)
	// A guard against a hung browser, not a measurement.
	guard, stop := context.WithTimeout(context.Background(), 5*time.Minute)
	t.Cleanup(stop)
	actx, cancelAlloc := chromedp.NewExecAllocator(guard, opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	tab := &browserTab{t: t, ctx: ctx}
	if err := chromedp.Listen(ctx, tab.record); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	if _, err := chromedp.Call(ctx, log.Enable, cdp.Empty{}); err != nil {
		t.Fatalf("Log.enable: %v", err)
	}
	// A CSP refusal that the code catches (an eval probe in a try) reaches
	// neither the console nor the log: a listener on the document records
	// each one. It runs in a world of its own, so the page's globals, which
	// the skills share, stay as the site made them.
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		WorldName: "csp-watch",
		Source: `document.addEventListener("securitypolicyviolation", (e) => {
			const d = document.documentElement.dataset;
			d.cspViolations = (d.cspViolations ? d.cspViolations + "\n" : "") + e.effectiveDirective + " " + e.blockedURI + " " + JSON.stringify(e.sample);
		});`,
	}); err != nil {
		t.Fatalf("Page.addScriptToEvaluateOnNewDocument: %v", err)
	}
	return tab
}

func (b *browserTab) record(ev any) {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch ev := ev.(type) {
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		msg := d.Text
		if d.Exception != nil && d.Exception.Description != "" {
			msg += " " + d.Exception.Description
		}
		b.exceptions = append(b.exceptions, msg)
	case *runtime.EventConsoleAPICalled:
		if ev.Type == runtime.ConsoleAPICalledTypeError {
			var parts []string
			for _, a := range ev.Args {
				parts = append(parts, string(a.Value)+a.Description)
			}
			b.errors = append(b.errors, "console.error: "+strings.Join(parts, " "))
		}
	case *log.EventEntryAdded:
		if ev.Entry.Level == log.EntryLevelError {
			b.errors = append(b.errors, string(ev.Entry.Source)+": "+ev.Entry.Text)
		}
	}
}

// open navigates to rawURL; what earlier pages reported is forgotten first,
// so errors of the page's own load count.
func (b *browserTab) open(rawURL string) {
	b.t.Helper()
	b.mu.Lock()
	b.exceptions, b.errors = nil, nil
	b.mu.Unlock()
	if err := chromedp.Do(b.ctx, chromedp.Navigate(rawURL)); err != nil {
		b.t.Fatalf("navigate %s: %v", rawURL, err)
	}
}

// zodEvalProbe is the CSP sample of Zod 4's allowsEval check: with its JIT
// on, the first z.object() of each injected bundle tries new Function("")
// in a try/catch and falls back to its interpreter when the CSP refuses;
// the refusal still fires a securitypolicyviolation (and a report to a
// site that asks for them). The prelude turns the JIT off (prelude.go).
const zodEvalProbe = `script-src eval "(function anonymous(\n) {\n\n})"`

// reported returns the page's uncaught exceptions and error messages so
// far, CSP refusals among the errors, and apart from them how many of the
// refusals were Zod's eval probe. The round trip that reads the refusals
// also lets events sent before it be recorded.
func (b *browserTab) reported() (exceptions, errors []string, zodProbes int) {
	var csp string
	json.Unmarshal(b.eval(`document.documentElement.dataset.cspViolations ?? ""`), &csp)
	b.mu.Lock()
	defer b.mu.Unlock()
	errors = slices.Clone(b.errors)
	for _, v := range strings.Split(csp, "\n") {
		switch v {
		case "":
		case zodEvalProbe:
			zodProbes++
		default:
			errors = append(errors, "CSP refused: "+v)
		}
	}
	return slices.Clone(b.exceptions), errors, zodProbes
}

// keepCSP makes an evaluation obey the page's CSP. Runtime.evaluate lifts
// the policy's eval ban for the code it runs unless told not to (its
// allowUnsafeEvalBlockedByCSP defaults to true); neither a host's MAIN-world
// injection nor an agent's js_exec gets that exemption.
func keepCSP(p *runtime.EvaluateParams) {
	no := false
	p.AllowUnsafeEvalBlockedByCSP = &no
}

// inject runs a built bundle in the page's MAIN world, as the host does.
func (b *browserTab) inject(file string) {
	b.t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		b.t.Fatal(err)
	}
	if _, err := chromedp.Run(b.ctx, chromedp.Evaluate[chromedp.Void](string(src), keepCSP)); err != nil {
		b.t.Fatalf("injecting %s: %v", filepath.Base(file), err)
	}
}

// eval runs an async JS expression in the page and returns its JSON value.
func (b *browserTab) eval(expr string) json.RawMessage {
	b.t.Helper()
	v, err := b.try(expr)
	if err != nil {
		b.t.Fatalf("%s\n%v", expr, err)
	}
	return v
}

// try is eval that returns a thrown error or rejection instead of failing.
func (b *browserTab) try(expr string) (json.RawMessage, error) {
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[[]byte]("(async () => ("+expr+"))()", chromedp.EvalAwaitPromise, keepCSP))
	return json.RawMessage(v), err
}

// builtSkill is what the build's registry.json says of one skill.
type builtSkill struct {
	Name      string
	Namespace string
	Matches   []string
	Requires  []string
	Functions []struct {
		Name     string
		Summary  string
		Examples []struct {
			Args    json.RawMessage
			Returns json.RawMessage
		}
	}
}

func readRegistry(t *testing.T, dir string) []builtSkill {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "registry.json"))
	if err != nil {
		t.Fatal(err)
	}
	var reg struct{ Skills []builtSkill }
	if err := json.Unmarshal(data, &reg); err != nil {
		t.Fatal(err)
	}
	return reg.Skills
}

// pageFor turns a @match pattern into a URL it matches, on https (every
// *:// pattern covers it): the host's subdomain wildcard becomes www.
func pageFor(pattern string) string {
	rest := pattern[strings.Index(pattern, "://")+3:]
	host, path, _ := strings.Cut(rest, "/")
	if host == "*" {
		host = "example.com"
	}
	host = strings.Replace(host, "*.", "www.", 1)
	return "https://" + host + "/" + strings.ReplaceAll(path, "*", "")
}

// matches is Chrome's match-pattern test, as much of it as the host's
// gate needs here: scheme (* is http or https), host (*. is the domain or
// any subdomain), and a path glob.
func matches(pattern, rawURL string) bool {
	u, err := url.Parse(rawURL)
	if err != nil {
		return false
	}
	scheme, rest, ok := strings.Cut(pattern, "://")
	if !ok {
		return false
	}
	if scheme == "*" {
		if u.Scheme != "http" && u.Scheme != "https" {
			return false
		}
	} else if scheme != u.Scheme {
		return false
	}
	host, path, _ := strings.Cut(rest, "/")
	switch h := u.Hostname(); {
	case host == "*":
	case strings.HasPrefix(host, "*."):
		if h != host[2:] && !strings.HasSuffix(h, host[1:]) {
			return false
		}
	case h != host:
		return false
	}
	ok, _ = filepath.Match("/"+path, u.Path)
	return ok || path == "*"
}

// sameShape reports how got differs from want: every key of an object
// that an example's returns holds must be in the result, with a value of
// the same JSON kind. Values differ with the fixture data; shapes must not.
func sameShape(want, got any, at string) []string {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return []string{fmt.Sprintf("%s: want an object, got %T", at, got)}
		}
		var out []string
		for k, wv := range w {
			gv, ok := g[k]
			if !ok {
				out = append(out, at+"."+k+": missing")
				continue
			}
			if wv != nil {
				out = append(out, sameShape(wv, gv, at+"."+k)...)
			}
		}
		return out
	case []any:
		if _, ok := got.([]any); !ok {
			return []string{fmt.Sprintf("%s: want an array, got %T", at, got)}
		}
	default:
		if fmt.Sprintf("%T", want) != fmt.Sprintf("%T", got) {
			return []string{fmt.Sprintf("%s: want %T, got %T", at, want, got)}
		}
	}
	return nil
}

// TestBrowserRunsBuiltSkills builds every built-in template and every
// example with the real binary, then loads each bundle into headless
// Chromium as the host extension does: on a page its @match covers, under
// a CSP, required skills first. Each skill must mount on its namespace,
// answer __describe__, run every function with its authored examples' args
// (a result shaped like the example's returns), keep the namespace object
// an agent holds across a re-injection of an edited build (hot reload), and
// leave no uncaught error or console error on the page.
func TestBrowserRunsBuiltSkills(t *testing.T) {
	if testing.Short() {
		t.Skip("builds skillstudio and runs chromium: skipped in -short mode")
	}
	srv := httptest.NewUnstartedServer(browserFixtureSite())
	// Chromium makes a plain-HTTP request or two to the mapped address at
	// start; the server's complaint about each is noise, not a failure.
	srv.Config.ErrorLog = stdlog.New(io.Discard, "", 0)
	srv.StartTLS()
	t.Cleanup(srv.Close)
	tab := startChromium(t, srv)

	bin := buildBinary(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	run := runnerIn(t, bin, dir)
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	var templates []string
	for _, line := range strings.Split(run("new", "xgs", "--list"), "\n") {
		if f := strings.Fields(line); len(f) > 1 {
			templates = append(templates, f[0])
		}
	}
	for _, tm := range templates {
		run("new", "xgs", "-t", tm, "--name", "tpl-"+tm, "--description", "Runs the "+tm+" template",
			"--match", "*://forum.example.com/*", "--yes", "--dir", src)
	}
	examples, _ := filepath.Glob(filepath.Join("examples", "library", "xgs", "*.xgs.js"))
	for _, f := range examples {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(src, filepath.Base(f)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// v1 as written; v2 with each skill's first summary edited, for the
	// hot reload. A skill whose header has errors is not built, so build
	// exits non-zero here (broken-weather): the registry says what was.
	build := func(out string) []builtSkill {
		cmd := exec.Command(bin, "build", "--out", out, src)
		cmd.Dir = dir
		cmd.CombinedOutput()
		return readRegistry(t, filepath.Join(dir, out))
	}
	v1 := build("v1")
	files, _ := filepath.Glob(filepath.Join(src, "*.xgs.js"))
	for _, f := range files {
		data, _ := os.ReadFile(f)
		os.WriteFile(f, []byte(strings.Replace(string(data), `summary: "`, `summary: "Edited. `, 1)), 0o644)
	}
	build("v2")

	var names []string
	for _, s := range v1 {
		names = append(names, s.Name)
	}
	if want := len(templates) + len(examples) - 1; len(v1) != want || slices.Contains(names, "Broken Weather") {
		t.Fatalf("built %v; want the %d templates and every example but Broken Weather (its header has errors)", names, want)
	}
	byName := map[string]builtSkill{}
	for _, s := range v1 {
		byName[s.Name] = s
	}

	for _, s := range v1 {
		t.Run(s.Name, func(t *testing.T) {
			tab.t = t
			page := pageFor(s.Matches[0])
			// The host's @match gate, then the injection of required skills first.
			if !slices.ContainsFunc(s.Matches, func(m string) bool { return matches(m, page) }) {
				t.Fatalf("no @match of %v covers %s", s.Matches, page)
			}
			tab.open(page)
			for _, r := range s.Requires {
				tab.inject(filepath.Join(dir, "v1", byName[r].Name+".xgs.js"))
			}
			tab.inject(filepath.Join(dir, "v1", s.Name+".xgs.js"))
			ns, _ := json.Marshal(s.Namespace)
			skill := "window.xgoose.skills[" + string(ns) + "]"
			if got := string(tab.eval("typeof window.xgoose?.skills?.[" + string(ns) + "]")); got != `"object"` {
				t.Fatalf("after injection, xgoose.skills.%s is %s", s.Namespace, got)
			}

			var described map[string]struct{ Summary string }
			json.Unmarshal(tab.eval(skill+".__describe__()"), &described)
			for _, f := range s.Functions {
				if _, ok := described[f.Name]; !ok {
					t.Errorf("__describe__() lacks %s: %v", f.Name, described)
				}
				var full struct{ Examples []json.RawMessage }
				json.Unmarshal(tab.eval(skill+".__describe__("+jsString(f.Name)+")"), &full)
				if len(full.Examples) != len(f.Examples) {
					t.Errorf("__describe__(%q) has %d examples, the registry %d", f.Name, len(full.Examples), len(f.Examples))
				}
			}

			callAll := func(label string) {
				t.Helper()
				for _, f := range s.Functions {
					if len(f.Examples) == 0 {
						t.Errorf("%s has no example to call it with", f.Name)
					}
					for i, ex := range f.Examples {
						got, err := tab.try("await " + skill + "[" + jsString(f.Name) + "](" + string(ex.Args) + ")")
						if err != nil {
							t.Errorf("%s: %s example %d: %v", label, f.Name, i+1, err)
							continue
						}
						if len(ex.Returns) == 0 {
							continue
						}
						var want, have any
						json.Unmarshal(ex.Returns, &want)
						json.Unmarshal(got, &have)
						for _, d := range sameShape(want, have, f.Name) {
							t.Errorf("%s: example %d returns differ in shape: %s (got %s)", label, i+1, d, got)
						}
					}
				}
			}
			callAll("v1")

			// Hot reload: the edited build injected over the first, into the
			// same page; the object an agent already holds gets the new code.
			tab.eval("(window.__held = " + skill + ", 0)")
			for _, r := range s.Requires {
				tab.inject(filepath.Join(dir, "v2", byName[r].Name+".xgs.js"))
			}
			tab.inject(filepath.Join(dir, "v2", s.Name+".xgs.js"))
			if got := string(tab.eval("window.__held === " + skill)); got != "true" {
				t.Errorf("re-injection replaced the namespace object")
			}
			edited := string(tab.eval("Object.values(window.__held.__describe__()).filter((f) => f.summary.startsWith(\"Edited. \")).length"))
			if edited != "1" {
				t.Errorf("after re-injection %s functions carry the edited summary, want 1", edited)
			}
			callAll("v2")

			exc, errs, probes := tab.reported()
			if len(exc) > 0 || len(errs) > 0 {
				t.Errorf("the page reported uncaught errors %q and console errors %q", exc, errs)
			}
			// The prelude turns Zod 4's JIT off, so its eval probe never runs.
			if probes > 0 {
				t.Errorf("the CSP refused Zod's eval probe %d times: the bundle's zod still tries new Function", probes)
			}
		})
	}
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// browserRuleFixtures are skills of our own, each breaking one authoring
// rule that lint calls an error, beside a function that keeps the rule.
var browserRuleFixtures = map[string]string{
	"rule-no-eval": `// ==XGooseSkill==
// @name rule-no-eval
// @namespace ruleNoEval
// @version 0.1.0
// @description Adds two numbers, once through code compiled from a string and once plainly.
// @match *://forum.example.com/*
// @primary addCompiled
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

const Pair = z.object({ a: z.number().describe("First addend"), b: z.number().describe("Second addend") });
const Sum = z.object({ sum: z.number() });

export default defineSkill({
  addCompiled: fn({
    summary: "Adds a and b with a function compiled from a string.",
    input: Pair,
    output: Sum,
    examples: [{ args: { a: 2, b: 3 } }],
    handler: async ({ a, b }) => ({ sum: new Function("x", "y", "return x + y")(a, b) }),
  }),
  addPlain: fn({
    summary: "Adds a and b.",
    input: Pair,
    output: Sum,
    examples: [{ args: { a: 2, b: 3 } }],
    handler: async ({ a, b }) => ({ sum: a + b }),
  }),
});
`,
	"rule-no-chrome": `// ==XGooseSkill==
// @name rule-no-chrome
// @namespace ruleNoChrome
// @version 0.1.0
// @description Remembers the last query, once in extension storage and once in the page's own storage.
// @match *://forum.example.com/*
// @primary rememberInExtension
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

const Query = z.object({ query: z.string().describe("The text to remember") });
const Saved = z.object({ saved: z.string() });

export default defineSkill({
  rememberInExtension: fn({
    summary: "Stores the query with the extension storage API.",
    input: Query,
    output: Saved,
    examples: [{ args: { query: "release notes" } }],
    handler: async ({ query }) => {
      await chrome.storage.local.set({ lastQuery: query });
      return { saved: query };
    },
  }),
  rememberInPage: fn({
    summary: "Stores the query in the page's localStorage.",
    input: Query,
    output: Saved,
    examples: [{ args: { query: "release notes" } }],
    handler: async ({ query }) => {
      localStorage.setItem("lastQuery", query);
      return { saved: localStorage.getItem("lastQuery") };
    },
  }),
});
`,
	"rule-define-skill": `// ==XGooseSkill==
// @name rule-define-skill
// @namespace ruleDefineSkill
// @version 0.1.0
// @description Exports a plain function where defineSkill belongs.
// @match *://forum.example.com/*
// ==/XGooseSkill==
export const ping = async () => ({ pong: true });
`,
	// @detect reads the page's DOM: true on the forum page, false on a bare one.
	"detect-dom": `// ==XGooseSkill==
// @name detect-dom
// @namespace detectDom
// @version 0.1.0
// @description Mounts only where the page says it is the fixture forum.
// @match *://forum.example.com/*
// @detect !!document.querySelector('meta[name="generator"][content^="Fixture Forum"]')
// @primary ping
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

document.documentElement.dataset.detectDomBody = "ran";

export default defineSkill({
  ping: fn({
    summary: "Answers pong.",
    input: z.object({}),
    output: z.object({ pong: z.boolean() }),
    examples: [{ args: {} }],
    handler: async () => ({ pong: true }),
  }),
});
`,
	// @detect throws (an invalid selector): the spec treats that as false.
	"detect-throws": `// ==XGooseSkill==
// @name detect-throws
// @namespace detectThrows
// @version 0.1.0
// @description Has a @detect that throws, so it never mounts.
// @match *://forum.example.com/*
// @detect document.querySelector("[") !== null
// @primary ping
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

document.documentElement.dataset.detectThrowsBody = "ran";

export default defineSkill({
  ping: fn({
    summary: "Answers pong.",
    input: z.object({}),
    output: z.object({ pong: z.boolean() }),
    examples: [{ args: {} }],
    handler: async () => ({ pong: true }),
  }),
});
`,
}

// TestBrowserBacksLintErrors checks lint's severities against the real
// client: three authoring rules lint calls errors (xgs/no-eval,
// xgs/no-chrome, xgs/define-skill) fail in Chromium the way each rule's doc
// says, while the functions beside them that keep the rules run; and
// @detect gates as the spec says (falsy or thrown: the skill is skipped,
// its body never runs, and nothing reaches the console).
func TestBrowserBacksLintErrors(t *testing.T) {
	if testing.Short() {
		t.Skip("builds skillstudio and runs chromium: skipped in -short mode")
	}
	srv := httptest.NewUnstartedServer(browserFixtureSite())
	srv.Config.ErrorLog = stdlog.New(io.Discard, "", 0)
	srv.StartTLS()
	t.Cleanup(srv.Close)
	tab := startChromium(t, srv)

	bin := buildBinary(t)
	dir := t.TempDir()
	for name, text := range browserRuleFixtures {
		if err := os.WriteFile(filepath.Join(dir, name+".xgs.js"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	lint, _ := exec.Command(bin, "lint", dir).CombinedOutput()
	for _, want := range []string{
		"rule-no-eval.xgs.js:21:42: error xgs/no-eval:",
		"rule-no-chrome.xgs.js:22:13: error xgs/no-chrome:",
		"rule-define-skill.xgs.js:8:1: error xgs/define-skill:",
	} {
		if !strings.Contains(string(lint), want) {
			t.Errorf("lint does not report %q:\n%s", want, lint)
		}
	}
	if strings.Contains(string(lint), "detect-") {
		t.Errorf("lint reports on the @detect fixtures, which keep every rule:\n%s", lint)
	}
	// Lint's errors here are body rules: the build still bundles them, so
	// what the browser does with them is what an agent would meet.
	if out, err := exec.Command(bin, "build", "--out", filepath.Join(dir, "out"), dir).CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	bundle := func(name string) string { return filepath.Join(dir, "out", name+".xgs.js") }
	call := func(expr string) (string, string) {
		t.Helper()
		v, err := tab.try(expr)
		if err != nil {
			return "", err.Error()
		}
		return string(v), ""
	}
	clean := func(what string) {
		t.Helper()
		if exc, errs, _ := tab.reported(); len(exc) > 0 || len(errs) > 0 {
			t.Errorf("%s: the page reported uncaught errors %q and console errors %q", what, exc, errs)
		}
	}

	t.Run("xgs/no-eval", func(t *testing.T) {
		tab.t = t
		tab.open("https://forum.example.com/?csp")
		tab.inject(bundle("rule-no-eval"))
		if got, err := call(`await xgoose.skills.ruleNoEval.addCompiled({ a: 2, b: 3 })`); !strings.Contains(err, "EvalError") || !strings.Contains(err, "unsafe-eval") {
			t.Errorf("under the site's CSP, new Function gave %s %s; want an EvalError naming unsafe-eval", got, err)
		}
		if got, err := call(`await xgoose.skills.ruleNoEval.addPlain({ a: 2, b: 3 })`); got != `{"sum":5}` {
			t.Errorf("addPlain: %s %s", got, err)
		}
		if _, errs, _ := tab.reported(); !slices.ContainsFunc(errs, func(e string) bool { return strings.HasPrefix(e, "CSP refused: script-src eval") }) {
			t.Errorf("the page recorded no CSP refusal of eval: %q", errs)
		}
		// The same call on a page without a CSP works: the policy, not the
		// code, is what the rule is about.
		tab.open("https://forum.example.com/?nocsp")
		tab.inject(bundle("rule-no-eval"))
		if got, err := call(`await xgoose.skills.ruleNoEval.addCompiled({ a: 2, b: 3 })`); got != `{"sum":5}` {
			t.Errorf("without a CSP, addCompiled gave %s %s", got, err)
		}
	})

	t.Run("xgs/no-chrome", func(t *testing.T) {
		tab.t = t
		tab.open("https://forum.example.com/")
		tab.inject(bundle("rule-no-chrome"))
		if got, err := call(`await xgoose.skills.ruleNoChrome.rememberInExtension({ query: "release notes" })`); !strings.Contains(err, "TypeError") {
			t.Errorf("chrome.storage in the MAIN world gave %s %s; want a TypeError", got, err)
		}
		if got, err := call(`await xgoose.skills.ruleNoChrome.rememberInPage({ query: "release notes" })`); got != `{"saved":"release notes"}` {
			t.Errorf("rememberInPage: %s %s", got, err)
		}
		clean("no-chrome")
	})

	t.Run("xgs/define-skill", func(t *testing.T) {
		tab.t = t
		tab.open("https://forum.example.com/")
		tab.inject(bundle("rule-define-skill"))
		if got := string(tab.eval(`typeof window.xgoose?.skills?.ruleDefineSkill`)); got != `"undefined"` {
			t.Errorf("a skill without a defineSkill default export mounted: %s", got)
		}
		if got, err := call(`await xgoose.skills.ruleDefineSkill.ping()`); err == "" {
			t.Errorf("the agent's call to an unmounted skill returned %s", got)
		}
		clean("define-skill")
	})

	t.Run("@detect", func(t *testing.T) {
		tab.t = t
		tab.open("https://forum.example.com/")
		tab.inject(bundle("detect-dom"))
		tab.inject(bundle("detect-throws"))
		if got, err := call(`await xgoose.skills.detectDom.ping({})`); got != `{"pong":true}` {
			t.Errorf("detect-dom on the forum page: %s %s", got, err)
		}
		if got := string(tab.eval(`[typeof xgoose.skills.detectThrows, document.documentElement.dataset.detectThrowsBody ?? null]`)); got != `["undefined",null]` {
			t.Errorf("a throwing @detect mounted the skill or ran its body: %s", got)
		}
		clean("@detect true and thrown")

		tab.open("https://forum.example.com/?bare")
		tab.inject(bundle("detect-dom"))
		if got := string(tab.eval(`[typeof window.xgoose?.skills?.detectDom, document.documentElement.dataset.detectDomBody ?? null]`)); got != `["undefined",null]` {
			t.Errorf("a false @detect mounted the skill or ran its body: %s", got)
		}
		clean("@detect false")
	})
}
