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
		"brackets":      "const a = " + strings.Repeat("[", n) + strings.Repeat("]", n) + ";\n",
		"parens":        "const a = " + strings.Repeat("(", n) + "1" + strings.Repeat(")", n) + ";\n",
		"blocks":        strings.Repeat("{", n) + strings.Repeat("}", n) + "\n",
		"bang":          "const a = " + strings.Repeat("!", n) + "x;\n",
		"minus":         "const a = " + strings.Repeat("- ", n) + "1;\n",
		"arrows":        "const a = " + strings.Repeat("a=>", n) + "1;\n",
		"ternary":       "const a = " + strings.Repeat("a?b:", n) + "1;\n",
		"assign":        "a" + strings.Repeat("=a", n) + ";\n",
		"if":            strings.Repeat("if(a)", n) + ";\n",
		"templates":     strings.Repeat("`${", n) + strings.Repeat("}`", n) + ";\n",
		"regex hides":   "if (a) /`/.test(b); " + strings.Repeat("(\")\"", n) + ";\n",
		"string parens": strings.Repeat("(\")\"", n) + ";\n",
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
