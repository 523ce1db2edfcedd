package bundle

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/evanw/esbuild/pkg/api"

	"github.com/skillstudio/skillstudio/formats/xgs"
	"github.com/skillstudio/skillstudio/model"
)

func TestBuildKeepsTheHeaderByteForByte(t *testing.T) {
	for _, p := range skillFiles(t, "testdata/skills") {
		src, _ := os.ReadFile(p)
		r := Build(p, nil, Options{})
		mustOK(t, &r)
		h, _ := xgs.ParseHeader(src)
		if !bytes.HasPrefix(r.Output, src[h.Start:h.End]) {
			t.Errorf("%s: the output does not start with the header as written", p)
		}
		if r.Name == "" || r.Namespace == "" || r.Skill == nil {
			t.Errorf("%s: result lacks name, namespace or the static reading: %+v", p, r)
		}
	}
}

func TestBuildKeepsCRLFHeaderAndBOMOut(t *testing.T) {
	src, _ := os.ReadFile("testdata/skills/base-kit.xgs.js")
	crlf := "\ufeff" + strings.ReplaceAll(string(src), "\n", "\r\n")
	path := filepath.Join(t.TempDir(), "base-kit.xgs.js")
	r := Build(path, []byte(crlf), Options{})
	mustOK(t, &r)
	header := crlf[3 : strings.Index(crlf, "==/XGooseSkill==\r\n")+len("==/XGooseSkill==\r\n")]
	if !strings.HasPrefix(string(r.Output), header) {
		t.Errorf("CRLF header not kept as written:\n%q", string(r.Output[:200]))
	}
}

func TestBuildOutputGolden(t *testing.T) {
	r := Build("testdata/skills/text-kit.xgs.js", nil, Options{})
	mustOK(t, &r)
	golden.RequireEqual(t, withoutEmbeddedZod(r.Output))
}

// withoutEmbeddedZod replaces the embedded zod inside a built bundle's
// prelude (prelude.go) by one line: the golden shows what skillstudio
// writes, not 12,000 lines of zod.
func withoutEmbeddedZod(out []byte) []byte {
	var b strings.Builder
	inZod := false
	for _, line := range strings.SplitAfter(string(out), "\n") {
		switch {
		case strings.HasPrefix(line, "    return () => __xgoose_zod_ns__"):
			b.WriteString(line + "      // … zod's modules, then return { …every export… };\n")
			inZod = true
		case inZod && line == "    })());\n":
			b.WriteString(line)
			inZod = false
		case !inZod:
			b.WriteString(line)
		}
	}
	return []byte(b.String())
}

// Each broken fixture fails with a finding at the right place.
func TestBuildErrorsNameFileLineColumn(t *testing.T) {
	cases := []struct {
		file, rule string
		line, col  int
		message    string
	}{
		{"syntax-error", "xgs/build-error", 18, 3, `Unexpected "}"`},
		{"missing-import", "xgs/build-error", 11, 21, `Could not resolve "left-pad-not-installed"`},
		{"top-level-await", "xgs/build-error", 12, 16, "Top-level await"},
		{"bad-namespace", "xgs/build-header", 3, 15, "xgs/namespace"},
		{"bad-detect", "xgs/build-header", 7, 43, "xgs/detect"},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			path := "testdata/broken/" + c.file + ".xgs.js"
			r := Build(path, nil, Options{})
			if r.OK() || r.Output != nil {
				t.Fatalf("built a broken skill")
			}
			d := r.Errors[0]
			if d.Rule != c.rule || d.File != path || d.Line != c.line || d.Column != c.col || !strings.Contains(d.Message, c.message) {
				t.Errorf("got %s, want %s:%d:%d %s …%s…", d, path, c.line, c.col, c.rule, c.message)
			}
			if d.Hint == "" || d.Severity != model.SeverityError {
				t.Errorf("finding without hint or not an error: %+v", d)
			}
			if !strings.HasPrefix(r.FirstError(), path+":") {
				t.Errorf("FirstError = %q", r.FirstError())
			}
		})
	}
}

// An @detect that the static reader accepts but esbuild rejects maps back
// to the header line.
func TestDetectErrorsPointAtTheHeader(t *testing.T) {
	src, _ := os.ReadFile("testdata/skills/base-kit.xgs.js")
	h, _ := xgs.ParseHeader([]byte(strings.Replace(string(src), "// @primary greet", "// @detect document.title\n// @primary greet", 1)))
	m := messageMapper{absPath: "/x/base-kit.xgs.js", display: "base-kit.xgs.js", header: h}
	d := m.diagnostic(api.Message{Text: "Unexpected \"!\"", Location: &api.Location{File: "xgoose:xgoose:entry", Line: entryDetectLine, Column: 9}}, "xgs/build-error")
	det := h.Find("detect")
	if d.Rule != "xgs/build-detect" || d.Line != det.Line || d.Column != det.ValueColumn+9 {
		t.Errorf("got %s, want xgs/build-detect at %d:%d", d, det.Line, det.ValueColumn+9)
	}
	d = m.diagnostic(api.Message{Text: "Unexpected \")\"", Location: &api.Location{File: "xgoose:xgoose:entry", Line: entryDetectLine + 1, Column: 2}}, "xgs/build-error")
	if d.Line != det.Line || d.Column != det.ValueColumn+len(det.Value) {
		t.Errorf("an error after the expression: got %s, want its end", d)
	}
	// A message in another file the skill imports keeps that file.
	d = m.diagnostic(api.Message{Text: "oops", Location: &api.Location{File: "lib/helper.js", Line: 3, Column: 0}}, "xgs/build-error")
	if d.File != "lib/helper.js" || d.Line != 3 || d.Column != 1 {
		t.Errorf("helper file finding = %s", d)
	}
}

func TestBuildWarningsDoNotFail(t *testing.T) {
	src, _ := os.ReadFile("testdata/skills/base-kit.xgs.js")
	dup := strings.Replace(string(src), "({ greeting: `Hello, ${who}!` })", "({ greeting: `Hello, ${who}!`, greeting: 1 })", 1)
	r := Build(filepath.Join(t.TempDir(), "base-kit.xgs.js"), []byte(dup), Options{})
	mustOK(t, &r)
	if len(r.Warnings) == 0 || r.Warnings[0].Rule != "xgs/build-warning" || r.Warnings[0].Severity != model.SeverityWarning {
		t.Fatalf("warnings = %v", r.Warnings)
	}
	if w := r.Warnings[0]; w.Line != 18 || w.Column != 64 || !strings.Contains(w.Message, `(The original key "greeting" is here at 18:36)`) {
		t.Errorf("warning = %s", w)
	}
}

func TestBuildMinify(t *testing.T) {
	full := Build("testdata/skills/text-kit.xgs.js", nil, Options{})
	min := Build("testdata/skills/text-kit.xgs.js", nil, Options{Minify: true})
	mustOK(t, &min)
	if len(min.Output) >= len(full.Output) || !bytes.HasPrefix(min.Output, []byte("// ==XGooseSkill==\n// @name text-kit\n")) {
		t.Errorf("minified %d bytes vs %d; header kept: %q", len(min.Output), len(full.Output), min.Output[:40])
	}
}

// A rebuild serves the new text through the same esbuild context.
func TestBuilderRebuildSeesNewText(t *testing.T) {
	src, _ := os.ReadFile("testdata/skills/base-kit.xgs.js")
	path := filepath.Join(t.TempDir(), "base-kit.xgs.js")
	os.WriteFile(path, src, 0o644)
	b := NewBuilder(Options{})
	defer b.Close()
	first := b.Rebuild(path)
	mustOK(t, &first)
	os.WriteFile(path, bytes.Replace(src, []byte("Hello, "), []byte("Howdy, "), 1), 0o644)
	second := b.Rebuild(path)
	mustOK(t, &second)
	if !bytes.Contains(second.Output, []byte("Howdy, ")) || bytes.Contains(second.Output, []byte("Hello, ")) {
		t.Error("the rebuild did not pick up the file's new text")
	}
	// An unsaved buffer wins over the file.
	buf := b.RebuildSource(path, bytes.Replace(src, []byte("Hello, "), []byte("Ahoy, "), 1))
	if !bytes.Contains(buf.Output, []byte("Ahoy, ")) {
		t.Error("RebuildSource did not build the given text")
	}
	// A header edit (namespace) takes effect without a new context.
	ns := b.RebuildSource(path, bytes.Replace(src, []byte("@namespace basekit"), []byte("@namespace basekit2"), 1))
	mustOK(t, &ns)
	if !bytes.Contains(ns.Output, []byte(`__xgoose_skills__["basekit2"]`)) || !bytes.Contains(ns.Output, []byte(`"namespace": "basekit2"`)) {
		t.Error("the new namespace is not in the rebuilt bundle")
	}
	if len(b.skills) != 1 {
		t.Errorf("builder holds %d contexts for one skill", len(b.skills))
	}
	// A broken edit fails; fixing it builds again.
	broken := b.RebuildSource(path, append(append([]byte(nil), src...), "\nconst = ;\n"...))
	if broken.OK() {
		t.Error("a broken edit built")
	}
	again := b.Rebuild(path)
	mustOK(t, &again)
}

func TestBuilderForgetAndClose(t *testing.T) {
	b := NewBuilder(Options{})
	r := b.Rebuild("testdata/skills/base-kit.xgs.js")
	mustOK(t, &r)
	b.Forget("testdata/skills/base-kit.xgs.js")
	if len(b.skills) != 0 {
		t.Error("Forget kept the context")
	}
	b.Close()
	r = b.Rebuild("testdata/skills/base-kit.xgs.js")
	if r.OK() || len(r.Errors) == 0 {
		t.Error("a closed builder built")
	}
}

func TestBuildUnreadableFile(t *testing.T) {
	r := Build(filepath.Join(t.TempDir(), "nope.xgs.js"), nil, Options{})
	if r.OK() || !strings.Contains(r.FirstError(), "cannot read the skill") {
		t.Errorf("got %q", r.FirstError())
	}
}

func TestBuildWithoutHeaderIsRefused(t *testing.T) {
	r := Build(filepath.Join(t.TempDir(), "plain.xgs.js"), []byte("export default 1;\n"), Options{})
	if r.OK() || r.Errors[0].Rule != "xgs/build-header" || !strings.Contains(r.Errors[0].Message, "xgs/header-markers") {
		t.Errorf("got %v", r.Errors)
	}
}

func TestBuildOfABinaryFileSaysItIsBinary(t *testing.T) {
	r := Build(filepath.Join(t.TempDir(), "x.xgs.js"), []byte{0x7f, 'E', 'L', 'F', 0, 0, 1, 2}, Options{})
	if r.OK() || len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "binary") {
		t.Errorf("got %v", r.Errors)
	}
}

// writeFiles creates files (slash paths) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// The skill folder's own node_modules/zod wins over the embedded one, and
// other packages and relative helpers are bundled and listed as inputs.
func TestBuildUsesTheSkillsOwnPackages(t *testing.T) {
	dir := t.TempDir()
	src, _ := os.ReadFile("testdata/skills/base-kit.xgs.js")
	body := strings.Replace(string(src), `import { z } from "zod";`,
		"import { z } from \"zod\";\nimport { shout } from \"tiny-shout\";\nimport { tag } from \"./lib/tag.js\";", 1)
	body = strings.Replace(body, "({ greeting: `Hello, ${who}!` })", "({ greeting: tag(shout(who)) })", 1)
	writeFiles(t, dir, map[string]string{
		"base-kit.xgs.js": body,
		// A stand-in zod written for this test: the marker proves it was used.
		"node_modules/zod/package.json":        `{"name":"zod","main":"index.js"}`,
		"node_modules/zod/index.js":            "export const USER_ZOD_MARKER = 1;\nexport { z } from './z.js';\n",
		"node_modules/zod/z.js":                "const s = () => ({ _def: { typeName: 'ZodString', checks: [] }, max() { return this; }, describe() { return this; } });\nexport const z = { string: s, object: (shape) => ({ _def: { typeName: 'ZodObject', shape: () => shape } }) };\n",
		"node_modules/tiny-shout/package.json": `{"name":"tiny-shout","main":"index.js"}`,
		"node_modules/tiny-shout/index.js":     "export const shout = (s) => s.toUpperCase();\n",
		"lib/tag.js":                           "export const tag = (s) => `<${s}>`;\n",
	})
	r := Build(filepath.Join(dir, "base-kit.xgs.js"), nil, Options{})
	mustOK(t, &r)
	out := string(r.Output)
	if !strings.Contains(out, "node_modules/zod/z.js") || strings.Contains(out, "zodpkg/v4") {
		t.Error("the skill's own zod was not used instead of the embedded one")
	}
	if !strings.Contains(out, "toUpperCase") || !strings.Contains(out, "lib/tag.js") {
		t.Error("node_modules package or relative helper not bundled")
	}
	want := []string{
		filepath.Join(dir, "lib/tag.js"),
		filepath.Join(dir, "node_modules/tiny-shout/index.js"),
		filepath.Join(dir, "node_modules/zod/index.js"),
		filepath.Join(dir, "node_modules/zod/z.js"),
	}
	if strings.Join(r.Inputs, "\n") != strings.Join(want, "\n") {
		t.Errorf("inputs = %v\nwant %v", r.Inputs, want)
	}
	// Without node_modules/zod the embedded real zod 4 is used.
	plain := Build("testdata/skills/base-kit.xgs.js", nil, Options{})
	if !strings.Contains(string(plain.Output), "zodpkg/v4/v4/classic/schemas.js") || len(plain.Inputs) != 0 {
		t.Errorf("embedded zod not used, or inputs %v", plain.Inputs)
	}
}

func TestHeaderModuleAndEntry(t *testing.T) {
	h, _ := xgs.ParseHeader([]byte("// ==XGooseSkill==\n// @name a-b\n// @namespace ab\n// @primary go\n// @detect !!window.x\n// ==/XGooseSkill==\n"))
	if got := headerModule(h); got != `export default {"name":"a-b","namespace":"ab","primary":"go"};`+"\n" {
		t.Errorf("headerModule = %q", got)
	}
	entry := entryModule(h)
	if lines := strings.Split(entry, "\n"); lines[entryDetectLine-1] != "!!window.x" {
		t.Errorf("the @detect expression is not alone on line %d:\n%s", entryDetectLine, entry)
	}
	if !strings.Contains(entry, `__xgoose_skills__["ab"] = Object.assign(__xgoose_skills__["ab"] || {}, __xgoose_skill__);`) {
		t.Errorf("entry does not mount with Object.assign:\n%s", entry)
	}
}

func TestResultStatus(t *testing.T) {
	ok := Result{Name: "a", Output: make([]byte, 12345), BundleTime: 4200 * time.Microsecond}
	if got := ok.Status(); got != "a  12.3 kB  4.2 ms" {
		t.Errorf("Status = %q", got)
	}
	failed := Build("testdata/broken/syntax-error.xgs.js", nil, Options{})
	if got := failed.Status(); got != `syntax-error: testdata/broken/syntax-error.xgs.js:18:3: Unexpected "}"` {
		t.Errorf("Status = %q", got)
	}
	for n, want := range map[int]string{999: "999 B", 12345: "12.3 kB", 2_500_000: "2.5 MB"} {
		if got := FormatSize(n); got != want {
			t.Errorf("FormatSize(%d) = %q, want %q", n, got, want)
		}
	}
	if got := FormatDuration(42 * time.Millisecond); got != "42 ms" {
		t.Errorf("FormatDuration = %q", got)
	}
}

// A project config that turns a header rule off lets the skill build.
func TestBuildFilterAppliesProjectConfig(t *testing.T) {
	src, _ := os.ReadFile("testdata/skills/base-kit.xgs.js")
	noMatch := []byte(strings.Replace(string(src), "// @match *://*/*\n", "", 1))
	path := filepath.Join(t.TempDir(), "base-kit.xgs.js")
	if r := Build(path, noMatch, Options{}); r.OK() || !strings.Contains(r.FirstError(), "xgs/match-required") {
		t.Fatalf("without a config: %q", r.FirstError())
	}
	off := func(ds []model.Diagnostic) []model.Diagnostic {
		var out []model.Diagnostic
		for _, d := range ds {
			if d.Rule != "xgs/match-required" {
				out = append(out, d)
			}
		}
		return out
	}
	r := Build(path, noMatch, Options{Filter: off})
	mustOK(t, &r)
}
