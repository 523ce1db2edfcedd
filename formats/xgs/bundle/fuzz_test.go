package bundle

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/skillstudio/skillstudio/formats/xgs"
	"github.com/skillstudio/skillstudio/model"
)

// FuzzBuild: any text builds or fails with positioned findings; it never
// panics or hangs, and a built file starts with its header as written.
func FuzzBuild(f *testing.F) {
	for _, dir := range []string{"testdata/skills", "testdata/broken", "testdata/cycle"} {
		paths, _ := filepath.Glob(filepath.Join(dir, "*.xgs.js"))
		for _, p := range paths {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(b)
			}
		}
	}
	f.Add([]byte("// ==XGooseSkill==\n// @name a\n// @namespace a\n// ==/XGooseSkill=="))
	f.Add([]byte("// ==XGooseSkill==\n// @name a\n// @namespace a\n// @detect 1 /*\n// ==/XGooseSkill==\nexport default 1\n"))
	f.Add([]byte("// ==XGooseSkill==\n// @name a\n// @namespace a\n// @detect x) || (y\n// ==/XGooseSkill==\nexport default {}\n"))
	f.Add([]byte("// ==XGooseSkill==\r\n// @name a\r\n// @namespace $\r\n// ==/XGooseSkill==\r\nimport x from './x'\n"))
	b := NewBuilder(Options{})
	defer b.Close()
	path := filepath.Join(f.TempDir(), "fuzz.xgs.js")
	f.Fuzz(func(t *testing.T, src []byte) {
		// A hung build fails with the stacks instead of stalling the fuzzer.
		done := make(chan Result, 1)
		go func() { done <- b.RebuildSource(path, src) }()
		var r Result
		select {
		case r = <-done:
		case <-time.After(10 * time.Second):
			buf := make([]byte, 1<<20)
			t.Fatalf("build hangs on %q\n%s", src, buf[:runtime.Stack(buf, true)])
		}
		for _, d := range append(append([]model.Diagnostic(nil), r.Errors...), r.Warnings...) {
			if d.File == "" || d.Line < 0 || d.Column < 0 || d.Rule == "" {
				t.Fatalf("bad finding %+v", d)
			}
		}
		if !r.OK() {
			if len(r.Errors) == 0 {
				t.Fatal("failed without an error")
			}
			return
		}
		h, _ := xgs.ParseHeader(src)
		if h == nil || !bytes.HasPrefix(r.Output, src[h.Start:h.End]) {
			t.Fatal("built output does not start with the header")
		}
	})
}

// FuzzBuildBody keeps a valid header and fuzzes @detect and the body, so
// mutations reach esbuild and the message mapping instead of stopping at
// the header checks.
func FuzzBuildBody(f *testing.F) {
	for _, p := range []string{"testdata/skills/text-kit.xgs.js", "testdata/broken/syntax-error.xgs.js", "testdata/broken/missing-import.xgs.js", "testdata/broken/top-level-await.xgs.js"} {
		if b, err := os.ReadFile(p); err == nil {
			h, _ := xgs.ParseHeader(b)
			f.Add(h.Get("detect"), b[h.End:])
		}
	}
	f.Add(`document.title ===`, []byte("export default 1;\n"))
	f.Add(`1 /* `, []byte("import { z } from 'zod';\nexport default z.string();\n"))
	b := NewBuilder(Options{})
	defer b.Close()
	path := filepath.Join(f.TempDir(), "fuzz-body.xgs.js")
	f.Fuzz(func(t *testing.T, detect string, body []byte) {
		detect = strings.Map(func(r rune) rune {
			if r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029' {
				return ' '
			}
			return r
		}, detect)
		header := "// ==XGooseSkill==\n// @name fuzz-body\n// @namespace fuzz\n// @match *://*/*\n"
		if strings.TrimSpace(detect) != "" {
			header += "// @detect " + detect + "\n"
		}
		header += "// ==/XGooseSkill==\n"
		src := append([]byte(header), body...)
		r := b.RebuildSource(path, src)
		for _, d := range append(append([]model.Diagnostic(nil), r.Errors...), r.Warnings...) {
			if d.File == "" || d.Line < 0 || d.Column < 0 || d.Rule == "" {
				t.Fatalf("bad finding %+v", d)
			}
		}
		if r.OK() && !bytes.HasPrefix(r.Output, []byte(header)) {
			t.Fatal("built output does not start with the header")
		}
		if !r.OK() && len(r.Errors) == 0 {
			t.Fatal("failed without an error")
		}
	})
}
