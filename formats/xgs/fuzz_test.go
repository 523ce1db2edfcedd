package xgs

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/model"
)

// FuzzParseHeader: any bytes parse without a panic, and a parsed header
// prints back as exactly the bytes it was read from.
func FuzzParseHeader(f *testing.F) {
	f.Add([]byte(specLikeHeader))
	f.Add([]byte("// ==XGooseSkill==\r\n//@name\tx \r\n// @\n//\n// ==/XGooseSkill=="))
	f.Add([]byte("\ufeff\n// ==XGooseSkill==\n// @all-frames\n"))
	if files, _ := filepath.Glob("testdata/*.xgs.js"); len(files) > 0 {
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		h, _ := ParseHeader(src)
		if h == nil {
			return
		}
		if h.Start < 0 || h.End > len(src) || h.Start > h.End {
			t.Fatalf("bad offsets %d..%d of %d", h.Start, h.End, len(src))
		}
		if got := h.String(); got != string(src[h.Start:h.End]) {
			t.Fatalf("round trip:\n got %q\nwant %q", got, src[h.Start:h.End])
		}
		_ = h.Check()
		if !h.Sorted() {
			if r := h.Reordered(); !r.Sorted() {
				t.Fatal("Reordered is not sorted")
			}
		}
	})
}

// FuzzLoad: Load over arbitrary bytes never panics and every finding has
// a rule of this reader and the file's path.
func FuzzLoad(f *testing.F) {
	f.Add([]byte(""))
	f.Add([]byte(specLikeHeader + "export default defineSkill({ f: fn({ summary: 's', input: z.object({ a: z.string().min(1).describe('x') }), examples: [{ args: { a: 'b' } }], handler: async ({ a }) => a }) });\n"))
	f.Add([]byte(specLikeHeader + "export default defineSkill({ ...x, f: fn(), g: h, [k]: fn({}) });"))
	f.Add([]byte("const a = ((((((((1))))))));\n`${`${x}`}`;/re[/]/g.test('(');"))
	if files, _ := filepath.Glob("testdata/*.xgs.js"); len(files) > 0 {
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		s := Load(fstest.MapFS{"f.xgs.js": {Data: src}}, "f.xgs.js", model.Options{})
		for _, d := range s.Diagnostics {
			if _, ok := Rules.Get(d.Rule); !ok || d.File != "f.xgs.js" {
				t.Fatalf("bad finding %s", d)
			}
		}
		for _, fn := range s.Functions {
			_ = TypeOf(fn.Input)
		}
		_ = Describe(s.Functions)
	})
}

// FuzzTypeOf: TypeOf never panics on any JSON.
func FuzzTypeOf(f *testing.F) {
	f.Add([]byte(`{"type":"object","properties":{"a":{"type":"array","items":{"anyOf":[{"const":1},{"enum":["x"]}]}}}}`))
	f.Add([]byte(`{"type":["string","null"]}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		_ = TypeOf(raw)
	})
}
