package xgs

import (
	"reflect"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/internal/jsonschema"
)

// TestInstanceIsParsedText: the instance checkExampleArgs validates is
// what parsing the example's JSON text gave, without the text.
func TestInstanceIsParsedText(t *testing.T) {
	obj := func(kv ...any) *jsonValue {
		v := jsonObj()
		for i := 0; i < len(kv); i += 2 {
			v.set(kv[i].(string), kv[i+1].(*jsonValue))
		}
		return v
	}
	arr := func(vs ...*jsonValue) *jsonValue { return &jsonValue{kind: jsonArray, vals: vs} }
	for _, v := range []*jsonValue{
		obj(),
		obj("a", jsonStr("x"), "n", jsonNum(1.5), "big", jsonNum(1e21), "neg", jsonNum(-0.000001)),
		obj("t", &jsonValue{kind: jsonBool, text: "true"}, "f", &jsonValue{kind: jsonBool, text: "false"}, "z", &jsonValue{kind: jsonNull}),
		obj("list", arr(jsonStr("a"), arr(), obj("k", jsonNum(2))), "q", jsonStr("say \"hi\"\n\t\\ \u2028 é")),
		obj("bad\xffkey", jsonStr("a\xff\xfeb\xc3"), "ok\ufffd", jsonStr("\ufffd")),
		obj("nan", jsonNum(nanValue())),
	} {
		want, err := jsonschema.UnmarshalJSON(strings.NewReader(v.String()))
		if err != nil {
			t.Fatalf("%s: %v", v, err)
		}
		if got := v.instance(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got %#v\nwant %#v", v, got, want)
		}
	}
}

func nanValue() float64 {
	zero := 0.0
	return zero / zero
}

// fitsButProblems analyses a skill whose one function has input schema
// and examples args, and returns the examples fits accepts although the
// JSON Schema validator finds a problem the rule would report: there
// must be none (fits may only skip work, never findings).
func fitsButProblems(t testing.TB, schema, args string) []string {
	src := "const S = " + schema + ";\nexport default defineSkill({ f: fn({ summary: \"Returns { a }.\", input: S, examples: [{ args: " + args + " }], handler: async () => ({}) }) });\n"
	a := Analyze("f.xgs.js", []byte(specLikeHeader+src), false)
	if a.def == nil {
		return nil
	}
	var bad []string
	for _, f := range a.def.Fns {
		if f.Input == nil || !f.Input.IsObject {
			continue
		}
		for _, ex := range f.Examples {
			if ex.ArgsVal == nil || ex.ArgsVal.kind != jsonObject || !fits(f.Input, ex.ArgsVal, 0) {
				continue
			}
			sch := compileInput(f.Input.JSON())
			if sch == nil {
				continue
			}
			if verr, ok := sch.Validate(ex.ArgsVal.instance()).(*jsonschema.ValidationError); ok {
				for _, e := range exampleProblems(verr) {
					bad = append(bad, describeProblem(e))
				}
			}
		}
	}
	return bad
}

var fitsSchemas = []string{
	`z.object({ q: z.string(), n: z.number().int().min(0).max(10).optional(), b: z.boolean().default(false) })`,
	`z.object({ q: z.string().describe("words"), o: z.enum(["new", "old"]).default("new") }).strict()`,
	`z.object({ q: z.string().min(2).max(3), u: z.string().url(), r: z.string().regex(/^a+$/) })`,
	`z.object({ n: z.number().gt(1).lt(5), m: z.number().multipleOf(2), i: z.int32(), c: z.coerce.number() })`,
	`z.object({ inner: z.object({ a: z.string(), b: z.number().optional() }).optional(), any: z.any(), un: z.unknown() })`,
	`z.object({ s: z.string().nullable(), l: z.literal("x"), a: z.array(z.string()), u: z.union([z.string(), z.number()]) })`,
	`z.object({ m: z.string().meta({ minLength: 5 }), d: z.string().meta({ description: "d" }), r: z.string().readonly() })`,
	`z.object({ e: z.enum(["a", "b"]).optional(), x: z.number().int().catch(1), p: z.string().prefault("a") }).catchall(z.number())`,
	`z.object({ n: z.number().min(0.1).max(1e20), neg: z.number().negative(), big: z.number().int() })`,
	`z.object({ "1": z.string(), __proto__: z.string(), k: z.string().optional().nonoptional() }).passthrough()`,
	`z.object({ d: z.string().meta({ description: "d" }), r: z.string().readonly(), t: z.string().describe("a").optional() })`,
	`z.object({ n: z.number().min(5).max(5), g: z.number().gt(5).optional(), l: z.number().lt(-5).optional() })`,
}

var fitsArgs = []string{
	`{}`, `{ q: "x" }`, `{ q: "x", n: 3 }`, `{ q: "x", n: 11 }`, `{ q: "x", n: -1 }`, `{ q: "x", n: 1.5 }`, `{ q: 1 }`,
	`{ q: "x", b: true, o: "new" }`, `{ q: "x", o: "mid" }`, `{ q: "abcd", u: "nope", r: "b" }`, `{ n: 1, m: 3, i: 3000000000, c: "1" }`,
	`{ n: 2, m: 4, i: 1, c: 1 }`, `{ inner: { a: "x" } }`, `{ inner: { b: 1 } }`, `{ inner: null, any: null, un: [1] }`,
	`{ s: null, l: "x", a: ["a"], u: true }`, `{ m: "abc", d: "x", r: "y" }`, `{ e: "c", x: 1.5, p: 1, extra: 2 }`, `{ e: "a", x: 2, p: "z", extra: "s" }`,
	`{ n: 0.1, neg: -0, big: 9007199254740993 }`, `{ n: 1, neg: -1, big: 999999999999999 }`, `{ "1": "a", k: "b" }`, `{ k: 1 }`, `{ q: "x", n: 010 }`,
	`{ inner: { a: "x", b: 2 }, any: [1, {}], un: null }`, `{ e: "a", x: 2, p: "z" }`, `{ d: "x", r: "y" }`, `{ q: "x", o: "old" }`,
	`{ n: 5 }`, `{ n: 5, g: 5 }`, `{ n: 5, g: 6, l: -5 }`, `{ n: 5, l: -6 }`, `{ n: 4 }`, `{ n: 6 }`,
}

// TestFitsNeverHidesAProblem: over schemas and args of many shapes,
// every example fits accepts is one the validator finds nothing in.
func TestFitsNeverHidesAProblem(t *testing.T) {
	accepted := 0
	for _, s := range fitsSchemas {
		for _, a := range fitsArgs {
			if bad := fitsButProblems(t, s, a); len(bad) > 0 {
				t.Errorf("schema %s, args %s: fits, but the validator says %q", s, a, bad)
			}
			src := "const S = " + s + ";\nexport default defineSkill({ f: fn({ summary: \"s\", input: S, examples: [{ args: " + a + " }], handler: async () => ({}) }) });\n"
			if an := Analyze("f.xgs.js", []byte(specLikeHeader+src), false); an.def != nil && len(an.def.Fns) == 1 && len(an.def.Fns[0].Examples) == 1 {
				f := an.def.Fns[0]
				if v := f.Examples[0].ArgsVal; v != nil && v.kind == jsonObject && fits(f.Input, v, 0) {
					accepted++
				}
			}
		}
	}
	if accepted < 10 {
		t.Errorf("fits accepted only %d examples: the fast path is not taken", accepted)
	}
}

// FuzzFitsNeverHidesAProblem: the same over any schema and args text.
func FuzzFitsNeverHidesAProblem(f *testing.F) {
	for i, s := range fitsSchemas {
		f.Add(s, fitsArgs[i%len(fitsArgs)])
		f.Add(s, fitsArgs[(i*7+3)%len(fitsArgs)])
	}
	f.Fuzz(func(t *testing.T, schema, args string) {
		if len(schema)+len(args) > 4096 {
			return
		}
		if bad := fitsButProblems(t, schema, args); len(bad) > 0 {
			t.Fatalf("schema %s, args %s: fits, but the validator says %q", schema, args, bad)
		}
	})
}
