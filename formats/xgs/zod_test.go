package xgs

import (
	"encoding/json"
	"reflect"
	"testing"
)

func q(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// resolveExpr resolves one Zod expression in a tiny module, with the
// module's consts (prelude) in scope.
func resolveExpr(t *testing.T, prelude, expr string) (*Schema, *program) {
	t.Helper()
	src := "import { z } from \"zod\";\n" + prelude + "\nconst __s = " + expr + ";\n"
	p, err := parseBody("t.js", []byte(src), newLineIndex([]byte(src)))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return p.resolveZod(p.consts["__s"]), p
}

func jsonEqual(t *testing.T, got json.RawMessage, want string) bool {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("bad JSON %s: %v", got, err)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("bad want %s: %v", want, err)
	}
	return reflect.DeepEqual(g, w)
}

// TestZodContract is the shared contract's table, case by case.
func TestZodContract(t *testing.T) {
	cases := []struct{ zod, want string }{
		{`z.string()`, `{"type":"string"}`},
		{`z.string().min(1).max(5)`, `{"type":"string","minLength":1,"maxLength":5}`},
		{`z.string().length(3)`, `{"type":"string","minLength":3,"maxLength":3}`},
		{`z.string().url()`, `{"type":"string","format":"uri"}`},
		{`z.string().email()`, `{"type":"string","format":"email","pattern":` + q(zodFormats[".email"].pattern) + `}`},
		{`z.string().uuid()`, `{"type":"string","format":"uuid","pattern":` + q(zodFormats[".uuid"].pattern) + `}`},
		{`z.string().regex(/^\d{4}-\d{2}-\d{2}$/i)`, `{"type":"string","pattern":"^\\d{4}-\\d{2}-\\d{2}$"}`},
		{`z.string().datetime()`, `{"type":"string","format":"date-time","pattern":` + q(zodFormats[".datetime"].pattern) + `}`},
		{`z.string().date()`, `{"type":"string","format":"date","pattern":` + q(zodFormats[".date"].pattern) + `}`},
		{`z.number()`, `{"type":"number"}`},
		{`z.number().int()`, `{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991}`},
		{`z.number().min(1.5).max(1e21)`, `{"type":"number","minimum":1.5,"maximum":1e21}`},
		{`z.number().gte(-2).lte(2)`, `{"type":"number","minimum":-2,"maximum":2}`},
		{`z.number().positive()`, `{"type":"number","exclusiveMinimum":0}`},
		{`z.number().nonnegative()`, `{"type":"number","minimum":0}`},
		{`z.boolean()`, `{"type":"boolean"}`},
		{`z.null()`, `{"type":"null"}`},
		{`z.any()`, `{}`},
		{`z.unknown()`, `{}`},
		{`z.date()`, `{"type":"string","format":"date-time"}`},
		{`z.literal("a")`, `{"type":"string","const":"a"}`},
		{`z.literal(3)`, `{"type":"number","const":3}`},
		{`z.literal(false)`, `{"type":"boolean","const":false}`},
		{`z.enum(["a", "b"])`, `{"type":"string","enum":["a","b"]}`},
		{`z.array(z.string())`, `{"type":"array","items":{"type":"string"}}`},
		{`z.string().array()`, `{"type":"array","items":{"type":"string"}}`},
		{`z.array(z.number()).min(1).max(3)`, `{"type":"array","items":{"type":"number"},"minItems":1,"maxItems":3}`},
		{`z.array(z.number()).length(2)`, `{"type":"array","items":{"type":"number"},"minItems":2,"maxItems":2}`},
		{`z.object({ a: z.string(), b: z.number().optional(), c: z.boolean().default(true) })`,
			`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"number"},"c":{"type":"boolean","default":true}},"required":["a"]}`},
		{`z.object({})`, `{"type":"object","properties":{}}`},
		{`z.object({ "x-y": z.null() })`, `{"type":"object","properties":{"x-y":{"type":"null"}},"required":["x-y"]}`},
		{`z.union([z.string(), z.number()])`, `{"type":["string","number"]}`},
		{`z.union([z.string().min(1), z.null()])`, `{"anyOf":[{"type":"string","minLength":1},{"type":"null"}]}`},
		{`z.record(z.number())`, `{"type":"object","propertyNames":{"type":"string"},"additionalProperties":{"type":"number"}}`},
		{`z.record(z.string(), z.number())`, `{"type":"object","propertyNames":{"type":"string"},"additionalProperties":{"type":"number"}}`},
		{`z.tuple([z.string(), z.number()])`, `{"type":"array","prefixItems":[{"type":"string"},{"type":"number"}],"items":false,"minItems":2,"maxItems":2}`},
		{`z.string().optional()`, `{"type":"string"}`},
		{`z.string().nullable()`, `{"type":["string","null"]}`},
		{`z.string().nullable().describe("d").default(null)`, `{"type":["string","null"],"description":"d","default":null}`},
		{`z.string().describe("d").nullable()`, `{"anyOf":[{"type":"string","description":"d"},{"type":"null"}]}`},
		{`z.string().default("x")`, `{"type":"string","default":"x"}`},
		{`z.string().describe("Search query")`, `{"type":"string","description":"Search query"}`},
		{`z.object({ q: Q, n: z.number() })`, `{"type":"object","properties":{"q":{"type":"string","minLength":1},"n":{"type":"number"}},"required":["q","n"]}`},
		{`z.string().trim()`, `{"type":"string"}`},
		{`z.string().trim().unknownMethod()`, `{}`},
		{`Imported`, `{}`},
		{`z.enum(names)`, `{}`},
	}
	for _, c := range cases {
		s, _ := resolveExpr(t, "const Q = z.string().min(1);", c.zod)
		if got := s.JSON(); !jsonEqual(t, got, c.want) {
			t.Errorf("%s\n got %s\nwant %s", c.zod, got, c.want)
		}
	}
}

func TestZodRenamedImportAndRequired(t *testing.T) {
	src := "import * as zz from \"zod\";\nconst __s = zz.object({ a: zz.string().nullable().optional(), b: zz.number().default(1).nullable(), c: zz.string() });\n"
	p, err := parseBody("t.js", []byte(src), newLineIndex([]byte(src)))
	if err != nil {
		t.Fatal(err)
	}
	got := p.resolveZod(p.consts["__s"]).JSON()
	// b: .nullable() keeps what it wraps optional (zod's optin), so b is
	// not required either.
	want := `{"type":"object","properties":{"a":{"type":["string","null"]},"b":{"anyOf":[{"type":"number","default":1},{"type":"null"}]},"c":{"type":"string"}},"required":["c"]}`
	if !jsonEqual(t, got, want) {
		t.Errorf("got %s", got)
	}
}

func TestZodUnresolvedIsReported(t *testing.T) {
	for _, expr := range []string{`z.string().trim().foo()`, `Imported`, `z.nativeEnum(E)`, `z.object({ ...base })`, `z.string().min(n)`, `makeSchema()`} {
		s, p := resolveExpr(t, "", expr)
		if s.kind != kindUnresolved || string(s.JSON()) != "{}" {
			t.Errorf("%s: resolved to %s", expr, s.JSON())
		}
		if len(p.diags) != 1 || p.diags[0].Rule != "xgs/unresolved-schema" {
			t.Errorf("%s: diags %v", expr, p.diags)
		}
	}
}

func TestZodSelfReferenceTerminates(t *testing.T) {
	s, _ := resolveExpr(t, "const A = B; const B = A;", `z.array(A)`)
	if string(s.Items.JSON()) != "{}" {
		t.Errorf("got %s", s.JSON())
	}
}

func TestTypeOf(t *testing.T) {
	cases := []struct{ schema, want string }{
		{`{}`, "unknown"},
		{`{"description":"x"}`, "unknown"},
		{`{"type":"string"}`, "string"},
		{`{"type":"integer"}`, "number"},
		{`{"type":"number"}`, "number"},
		{`{"type":"boolean"}`, "boolean"},
		{`{"type":"null"}`, "null"},
		{`{"const":"a"}`, `"a"`},
		{`{"const":3}`, `3`},
		{`{"const":{"b":1,"a":[true]}}`, `{"b":1,"a":[true]}`},
		{`{"type":"string","enum":["a","b"]}`, `"a" | "b"`},
		{`{"type":"array","items":{"type":"string"}}`, "string[]"},
		{`{"type":"array","items":{"anyOf":[{"type":"string"},{"type":"number"}]}}`, "(string | number)[]"},
		{`{"type":"array"}`, "unknown[]"},
		{`{"type":"array","prefixItems":[{"type":"string"},{"type":"number"}],"minItems":2,"maxItems":2}`, "[string, number]"},
		{`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"number"}},"required":["a"]}`, "{ a: string; b?: number }"},
		{`{"type":"object","properties":{}}`, "{}"},
		{`{"type":"object"}`, "{}"},
		{`{"type":"object","additionalProperties":{"type":"number"}}`, "Record<string, number>"},
		{`{"anyOf":[{"type":"string"},{"type":"null"}],"description":"d"}`, "string | null"},
		{`{"type":"object","properties":{"t":{"type":"array","items":{"type":"object","properties":{"id":{"type":"number"}},"required":["id"]}}},"required":["t"]}`, "{ t: { id: number }[] }"},
		{`not json`, "unknown"},
	}
	for _, c := range cases {
		if got := TypeOf(json.RawMessage(c.schema)); got != c.want {
			t.Errorf("TypeOf(%s) = %s, want %s", c.schema, got, c.want)
		}
	}
}

func TestJSNumber(t *testing.T) {
	cases := map[float64]string{0: "0", 1: "1", -2.5: "-2.5", 1e21: "1e+21", 1e20: "100000000000000000000", 0.000001: "0.000001", 1e-7: "1e-7", 123.456: "123.456", 1.5e300: "1.5e+300"}
	for f, want := range cases {
		if got := jsNumber(f); got != want {
			t.Errorf("jsNumber(%v) = %s, want %s", f, got, want)
		}
	}
}

func TestSignatureAndInvocation(t *testing.T) {
	if got := Signature("f", "{}", "unknown"); got != "f(args: {}): Promise<unknown>" {
		t.Error(got)
	}
	if got := Invocation("ns", "f"); got != "await xgoose.skills.ns.f({...})" {
		t.Error(got)
	}
}

// TestFastPathsAgree: the direct writers give what the JSON-tree path
// and TypeOf over raw JSON give.
func TestFastPathsAgree(t *testing.T) {
	for _, expr := range []string{
		`z.object({ a: z.string().nullable().describe("x").default(null), b: z.array(z.union([z.string(), z.literal(1)])).optional(), c: z.tuple([z.enum(["a"]), z.record(z.date())]) })`,
		`z.number().int().min(0).max(9).positive()`, `z.object({})`, `z.record(z.string(), z.any())`, `z.array(z.object({ a: z.null() })).min(1)`, `z.enum([])`,
		`z.string().regex(/a"b\\/).describe("q\"\n")`,
	} {
		s, _ := resolveExpr(t, "", expr)
		tree, _ := s.value().MarshalJSON()
		if got := string(s.JSON()); got != string(tree) {
			t.Errorf("%s:\nwriter %s\ntree   %s", expr, got, tree)
		}
		if got, want := s.typeOf(), TypeOf(s.JSON()); got != want {
			t.Errorf("%s: typeOf %s, TypeOf %s", expr, got, want)
		}
	}
}
