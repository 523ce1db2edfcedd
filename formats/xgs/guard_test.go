package xgs

import (
	"strings"
	"testing"
)

// TestDeepNestingIsRejectedBeforeParsing: inputs that would overflow the
// recursive parser's stack (a fatal error in Go) come back as xgs/syntax.
func TestDeepNestingIsRejectedBeforeParsing(t *testing.T) {
	n := 300_000
	cases := map[string]string{
		"brackets":       "const a = " + strings.Repeat("[", n) + strings.Repeat("]", n) + ";\n",
		"parens":         "const a = " + strings.Repeat("(", n) + "1" + strings.Repeat(")", n) + ";\n",
		"blocks":         strings.Repeat("{", n) + strings.Repeat("}", n) + "\n",
		"bang":           "const a = " + strings.Repeat("!", n) + "x;\n",
		"minus":          "const a = " + strings.Repeat("- ", n) + "1;\n",
		"arrows":         "const a = " + strings.Repeat("a=>", n) + "1;\n",
		"ternary":        "const a = " + strings.Repeat("a?b:", n) + "1;\n",
		"assign":         "a" + strings.Repeat("=a", n) + ";\n",
		"if":             strings.Repeat("if(a)", n) + ";\n",
		"templates":      strings.Repeat("`${", n) + strings.Repeat("}`", n) + ";\n",
		"regex hides":    "if (a) /`/.test(b); " + strings.Repeat("(\")\"", n) + ";\n",
		"string parens":  strings.Repeat("(\")\"", n) + ";\n",
		"labels":         strings.Repeat("l: ", n) + ";\n",
		"else if":        "if(a)b();" + strings.Repeat("else if(a)b();", n/2) + "\n",
		"else if blocks": "if(a){}" + strings.Repeat(" else if(a){}", n/2) + "\n",
		"asi else if":    "if(a)b()\n" + strings.Repeat("else if(a)b()\n", n/2),
		"class extends":  "x = " + strings.Repeat("class A extends ", n/2) + "B {}\n",
		"commas in if":   strings.Repeat("if(a)b(),c();else ", n/2) + "d();\n",
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			if tooDeep([]byte(src)) < 0 {
				t.Fatal("not caught by the nesting guard")
			}
			a := Analyze("x.xgs.js", []byte(src), false)
			if !hasRule(a, "xgs/syntax") {
				t.Errorf("no xgs/syntax finding")
			}
		})
	}
}

func TestNestingGuardAcceptsRealCode(t *testing.T) {
	for name, src := range map[string]string{
		"base skill":        baseSkill(t),
		"regex after paren": "if (a) /[(]{3}/.test(b);\nconst r = x / y / z;\n",
		"long chains":       "const s = " + strings.Repeat("a + ", 5000) + "1;\n" + strings.Repeat("x = 1;\n", 5000),
		"object literals":   strings.Repeat("const o = { a: { b: [1, 2, { c: `t ${ {d: 1}.d }` }] } };\n", 2000),
		"comments":          "/* (((((( */ // [[[[\n" + strings.Repeat("/** {Object} ( */\n", 1000),
	} {
		if at := tooDeep([]byte(src)); at >= 0 {
			t.Errorf("%s: rejected at offset %d", name, at)
		}
	}
}

func hasRule(a *Analysis, rule string) bool {
	for _, d := range a.Diagnostics {
		if d.Rule == rule {
			return true
		}
	}
	return false
}

// Chains esbuild recurses on (calls, member access, tagged templates) or
// folds at a quadratic cost (string literals joined by +) are refused
// for build: 300,000 calls overflowed the Go stack, 30,000 joined
// literals took 1 GB.
func TestCostlyChainsAreRejectedForBuild(t *testing.T) {
	n := 300_000
	for name, src := range map[string]string{
		"calls":          "const a = f" + strings.Repeat("()", n) + ";\n",
		"members":        "const a = x" + strings.Repeat(".y", n) + ";\n",
		"indexes":        "const a = x" + strings.Repeat("[0]", n) + ";\n",
		"tagged":         "const a = f" + strings.Repeat("``", n) + ";\n",
		"joined strings": "const s = " + strings.Repeat("'a'+", 30_000) + "'a';\n",
		"long literals":  "const s = " + strings.Repeat("'"+strings.Repeat("x", 8000)+"' + ", 400) + "'';\n",
		"templates":      "const s = " + strings.Repeat("`"+strings.Repeat("x", 8000)+"` + ", 400) + "'';\n",
	} {
		if tooCostly([]byte(src)) < 0 {
			t.Errorf("%s: not caught", name)
		}
	}
}

func TestCostGuardAcceptsRealCode(t *testing.T) {
	for name, src := range map[string]string{
		"base skill":      baseSkill(t),
		"asi statements":  strings.Repeat("foo()\nbar.baz(1)\nx = a[0]\n", 20_000),
		"promise chain":   "p" + strings.Repeat(".then(f)", 300) + ";\n",
		"zod chain":       "const s = z.string()" + strings.Repeat(".min(1).max(9)", 100) + ";\n",
		"many joins":      strings.Repeat("const s = 'a' + b + 'c' + d + 'e';\n", 20_000),
		"joined text":     "const s = " + strings.Repeat("'a line of text in a long prompt, joined by plus' +\n", 2000) + "'';\n",
		"ternary objects": "const o = a ? { b: 1, c: d ? e : f } : { g: h };\nswitch (x) { case 1: case 2: default: y() }\n",
		"top-level funcs": strings.Repeat("function f(a) {\n  return a + 1;\n}\n", 2000),
		"if blocks":       "function g(a) {\n" + strings.Repeat("  if (a > 1) { x++; }\n", 2000) + "}\n",
		"asi code":        strings.Repeat("x = x + 1\nif (x) y()\nconst z = await w\nreturn\n", 2000),
		"long else if":    "if (a) {}" + strings.Repeat(" else if (a) { b() }", 400) + "\n",
		"ts annotations":  strings.Repeat("let x: number = 1;\nclass A { y: string; z: number }\n", 2000),
	} {
		if at := tooCostly([]byte(src)); at >= 0 {
			t.Errorf("%s: rejected at offset %d: %q", name, at, src[max(0, at-40):min(len(src), at+40)])
		}
	}
}
