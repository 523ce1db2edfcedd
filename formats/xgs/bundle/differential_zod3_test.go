package bundle

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/formats/xgs"
	"github.com/skillstudio/skillstudio/model"
)

// zod3Floor is how many of zodForms zod 3 (embedded 3.23.8) both builds
// and describes exactly as the static reader does. A skill on zod 3 is
// described by the runtime's own converter (runtime/skill.js fromV3),
// written to follow zod 4's wording; what it does not cover (zod 4's
// format patterns, intersections, zod 4-only APIs) is listed in
// zodpkg/README.md. This floor keeps the figure from sliding back.
const zod3Floor = 130

// TestNodeDifferentialZod3 measures what holds for zod 3: the same forms,
// built with the embedded zod 3 (package.json asks for ^3.23), each in a
// try so a zod 4-only constructor (z.email(), z.iso.date()…) leaves its
// function's input undefined instead of stopping the mount.
func TestNodeDifferentialZod3(t *testing.T) {
	nodeBinary(t)
	dir := t.TempDir()
	head := "// ==XGooseSkill==\n// @name zod-forms\n// @namespace forms\n// @match *://example.com/*\n// @primary f0\n// ==/XGooseSkill==\n" +
		"import { defineSkill, fn } from \"@xgoose/skill\";\nimport { z } from \"zod\";\nexport default defineSkill({\n"
	var built, static strings.Builder
	built.WriteString(head)
	static.WriteString(head)
	for i, f := range zodForms {
		fmt.Fprintf(&built, "  f%d: fn({ summary: \"form %d\", input: (() => { try { return %s; } catch { return undefined; } })(), handler: async () => 1 }),\n", i, i, f)
		fmt.Fprintf(&static, "  f%d: fn({ summary: \"form %d\", input: %s, handler: async () => 1 }),\n", i, i, f)
	}
	built.WriteString("});\n")
	static.WriteString("});\n")
	writeFiles(t, dir, map[string]string{
		"zod-forms.xgs.js": built.String(),
		"package.json":     `{"dependencies": {"zod": "^3.23.0"}}`,
	})
	r := Build(filepath.Join(dir, "zod-forms.xgs.js"), nil, Options{})
	mustOK(t, &r)
	if !strings.Contains(string(r.Output), "ZodFirstPartyTypeKind") {
		t.Fatal("the bundle does not hold zod 3")
	}
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
	skill := xgs.Load(fstest.MapFS{"zod-forms.xgs.js": {Data: []byte(static.String())}}, "zod-forms.xgs.js", model.Options{})
	identical, missing := 0, 0
	for i, f := range skill.Functions {
		var want any
		json.Unmarshal(f.Input, &want)
		got := runtime[fmt.Sprintf("f%d", i)]
		if m, ok := got.(map[string]any); ok && len(m) == 0 {
			if d := jsonDiff(got, want); d != "" {
				missing++ // {}: not built by zod 3, or outside fromV3
				if testing.Verbose() {
					t.Logf("zod 3 gives {}: %s", zodForms[i])
				}
				continue
			}
		}
		if jsonDiff(got, want) == "" {
			identical++
		} else if testing.Verbose() {
			t.Logf("zod 3 differs: %s: %s", zodForms[i], jsonDiff(got, want))
		}
	}
	t.Logf("zod 3: %d forms tried; __describe__ == describe --json for %d; {} (zod 4-only or outside the zod 3 converter) for %d; other differences %d",
		len(zodForms), identical, missing, len(zodForms)-identical-missing)
	if identical < zod3Floor {
		t.Errorf("zod 3 agrees on %d forms, fewer than the %d it did", identical, zod3Floor)
	}
}
