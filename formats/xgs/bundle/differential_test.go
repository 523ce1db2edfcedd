package bundle

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/formats/xgs"
	"github.com/skillstudio/skillstudio/model"
)

// justifiedDifferences are the forms whose __describe__ schema differs on
// purpose from real zod's z.toJSONSchema(form, { io: "input" }), and why.
// (Every form drops zod's top-level "$schema": it would cost bytes in
// every system reminder and says nothing to the agent.)
var justifiedDifferences = map[string]string{
	`z.date()`:            "zod cannot represent a Date ({}); an agent passes an ISO string, so __describe__ says {type: string, format: date-time}",
	`z.coerce.date()`:     "as z.date()",
	`z.date().optional()`: "as z.date()",
	`z.array(z.date())`:   "as z.date()",
	`z.bigint()`:          "zod cannot represent a BigInt ({}); an agent passes an integer, so __describe__ says {type: integer}",
	`z.object({ when: z.date(), big: z.bigint().optional() })`: "as z.date() and z.bigint()",
	`z.date().min(new Date(0))`:                                "as z.date() (a bound has no JSON form either way)",
	`z.coerce.date().optional()`:                               "as z.date()",
	`z.int64()`:                                                "as z.bigint(): zod 4's int64 is a BigInt",
	`z.coerce.bigint()`:                                        "as z.bigint()",
	`z.bigint().min(5n)`:                                       "as z.bigint()",
	`z.bigint().positive()`:                                    "as z.bigint()",
}

// TestNodeDifferentialZod builds every form of zodForms into one skill
// (one function per form) with the embedded zod 4, mounts it in node, and
// compares each function's input schema three ways: the bundle's
// __describe__() must equal skillstudio's static schema exactly, and may
// differ from real zod's z.toJSONSchema only as justifiedDifferences says.
func TestNodeDifferentialZod(t *testing.T) {
	node := nodeBinary(t)
	dir := t.TempDir()
	var body strings.Builder
	body.WriteString("// ==XGooseSkill==\n// @name zod-forms\n// @namespace forms\n// @match *://example.com/*\n// @primary f0\n// ==/XGooseSkill==\n")
	body.WriteString("import { defineSkill, fn } from \"@xgoose/skill\";\nimport { z } from \"zod\";\nexport default defineSkill({\n")
	for i, f := range zodForms {
		fmt.Fprintf(&body, "  f%d: fn({ summary: \"form %d\", input: %s, handler: async () => 1 }),\n", i, i, f)
	}
	body.WriteString("});\n")
	path := filepath.Join(dir, "zod-forms.xgs.js")
	src := []byte(body.String())
	os.WriteFile(path, src, 0o644)

	r := Build(path, nil, Options{})
	mustOK(t, &r)
	out := filepath.Join(dir, "built.js")
	os.WriteFile(out, r.Output, 0o644)
	res := runPage(t, nil, pageStep{Load: out}, pageStep{Eval: `(() => {
		const s = window.xgoose.skills.forms, out = {};
		for (const name of s.__meta__.functions) out[name] = s.__describe__(name).input;
		return out;
	})()`})
	if !res[0].OK || !res[1].OK {
		t.Fatalf("%+v", res)
	}
	var runtime map[string]any
	json.Unmarshal(res[1].Value, &runtime)

	formsFile := filepath.Join(dir, "forms.json")
	fj, _ := json.Marshal(zodForms)
	os.WriteFile(formsFile, fj, 0o644)
	script, _ := filepath.Abs("testdata/differential/zod.mjs")
	raw, err := exec.Command(node, script, formsFile).Output()
	if err != nil {
		t.Fatalf("zod.mjs: %v", err)
	}
	var zod []struct {
		OK    bool   `json:"ok"`
		Value any    `json:"value"`
		Error string `json:"error"`
	}
	if err := json.Unmarshal(raw, &zod); err != nil || len(zod) != len(zodForms) {
		t.Fatalf("zod.mjs printed %d results: %v", len(zod), err)
	}

	skill := xgs.Load(fstest.MapFS{"zod-forms.xgs.js": {Data: src}}, "zod-forms.xgs.js", model.Options{})
	static := map[string]any{}
	for _, f := range skill.Functions {
		var v any
		json.Unmarshal(f.Input, &v)
		static[f.Name] = v
	}
	unresolved := map[int]bool{}
	for _, d := range skill.Diagnostics {
		if d.Rule == "xgs/unresolved-schema" {
			unresolved[d.Line-10] = true // form i is on line 10+i
		}
	}

	identical, justified := 0, 0
	for i, form := range zodForms {
		name := fmt.Sprintf("f%d", i)
		rt := runtime[name]
		if d := jsonDiff(static[name], rt); d != "" {
			t.Errorf("%s: static schema and __describe__ differ: %s\n static  %s\n runtime %s", form, d, compact(static[name]), compact(rt))
		} else {
			identical++
		}
		if unresolved[i] {
			t.Errorf("%s: the static reader reported it unresolved", form)
		}
		if !zod[i].OK {
			t.Errorf("%s: zod: %s", form, zod[i].Error)
			continue
		}
		if d := jsonDiff(rt, zod[i].Value); d != "" {
			if why, ok := justifiedDifferences[form]; ok {
				justified++
				t.Logf("justified: %s: %s (%s)", form, d, why)
			} else {
				t.Errorf("%s: __describe__ and z.toJSONSchema differ: %s\n runtime %s\n zod     %s", form, d, compact(rt), compact(zod[i].Value))
			}
		} else if _, ok := justifiedDifferences[form]; ok {
			t.Errorf("%s is listed as a justified difference but agrees with zod", form)
		}
	}
	t.Logf("differential: %d forms tried; static == __describe__ for %d; __describe__ == z.toJSONSchema for %d, justified differences %d",
		len(zodForms), identical, len(zodForms)-justified, justified)
}

func compact(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// jsonDiff describes the first difference between two decoded JSON values
// (object key order does not count), or "".
func jsonDiff(a, b any) string {
	var out []string
	diffJSON("", a, b, &out)
	if len(out) == 0 {
		return ""
	}
	return strings.Join(out, "; ")
}
