package bundle

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
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
