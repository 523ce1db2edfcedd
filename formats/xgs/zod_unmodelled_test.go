package xgs

import (
	"strings"
	"testing"
)

// TestUnmodelledZodWarns: forms the static reader does not model (or that
// zod itself cannot write as JSON Schema) are a warning naming the method
// at its line, never a silent {}. The forms the reader does model are
// held to the bundle and to real zod by bundle's differential test.
func TestUnmodelledZodWarns(t *testing.T) {
	forms := []struct{ expr, names string }{
		{`z.templateLiteral(["a-", z.number()])`, "z.templateLiteral()"},
		{`z.json()`, "z.json()"},
		{`z.email({ pattern: z.regexes.html5Email })`, "pattern"},
		{`z.string().datetime({ offsett: true })`, `"offsett"`},
		{`z.iso.time({ precision: 1.5 })`, "precision"},
		{`z.string().includes("a", { position: 2 })`, ".includes()"},
		{`z.string().regex(new RegExp("a+"))`, ".regex()"},
		{`z.string().check(isShort)`, ".check()"},
		{`z.string().default(makeDefault())`, ".default()"},
		{`z.enum(["a", "b"]).extract(["c"])`, "zod throws"},
		{`z.hash("sha3")`, "z.hash"},
		{`z.lazy(() => { return z.string(); })`, "z.lazy()"},
		{`z.object({ a: z.string() }).shape.a`, "not a Zod schema"},
		{`z.promise(z.string())`, "z.promise()"},
		{`z.looseRecord(z.string().regex(/^x/), z.number())`, "patternProperties"},
		{`z.set(z.string())`, "z.set()"},
	}
	for _, f := range forms {
		s, p := resolveExpr(t, "", f.expr)
		found := false
		for _, d := range p.diags {
			if d.Rule == "xgs/unresolved-schema" && strings.Contains(d.Message, f.names) && d.Line == 3 {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no xgs/unresolved-schema naming %s on line 3; got %v (schema %s)", f.expr, f.names, p.diags, s.JSON())
		}
	}
}
