package bundle_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/skillstudio/skillstudio/cli"
	"github.com/skillstudio/skillstudio/formats/xgs/bundle"
)

// oneAnswerSkill uses most Zod families, with a default, a nullish, a
// discriminated union, an intersection, zod 4's top-level constructors and
// an output, so the four answers have something to disagree about.
const oneAnswerSkill = `// ==XGooseSkill==
// @name one-answer
// @namespace oneAnswer
// @version 1.0.0
// @description Schemas every surface must agree on.
// @match https://example.test/*
// @primary search
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

const Hit = z.object({ id: z.number().int(), title: z.string().trim().nonempty(), url: z.url() }).strict();

export default defineSkill({
  search: fn({
    summary: "Search topics; returns { hits: Hit[] }.",
    input: z.object({
      query: z.string().min(2).max(80).describe("Words to search for, e.g. \"amex platinum\""),
      order: z.enum(["latest", "top"]).default("latest"),
      page: z.coerce.number().int().gt(0).optional(),
      since: z.iso.date().nullish(),
      filter: z.discriminatedUnion("kind", [
        z.object({ kind: z.literal("tag"), tag: z.string().startsWith("#") }),
        z.object({ kind: z.literal("user"), user: z.email() }),
      ]).optional(),
      extra: z.intersection(z.object({ a: z.string() }), z.object({ b: z.number().multipleOf(5) })).optional(),
      tags: z.array(z.string()).max(5).readonly().optional(),
      limits: z.record(z.string(), z.number().finite()).optional(),
    }).passthrough(),
    output: z.object({ hits: z.array(Hit) }),
    examples: [{ args: { query: "amex platinum", order: "top" }, note: "newest first" }],
    handler: async ({ query }) => ({ hits: [{ id: 1, title: query, url: "https://example.test/t/1" }] }),
  }),
  getTopic: fn({
    summary: "One topic by id; returns { id, title }.",
    input: z.object({ id: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]).describe("Topic id") }),
    examples: [{ args: { id: 42 } }],
    handler: async ({ id }) => ({ id, title: "t" }),
  }),
});
`

// TestOneAnswer: describe --json, registry.json, the studio's Agent view
// (which prints model.Function.Input, the same field describe and the
// registry read; ui/agent_describe_test.go checks that side) and the
// built bundle's own __describe__() in node give the same schemas.
func TestOneAnswer(t *testing.T) {
	dir := t.TempDir()
	skill := filepath.Join(dir, "one-answer.xgs.js")
	if err := os.WriteFile(skill, []byte(oneAnswerSkill), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "dist")
	run := func(args ...string) []byte {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := cli.Run(context.Background(), args, &stdout, &stderr, cli.Options{}); code != 0 {
			t.Fatalf("skillstudio %v: exit %d\n%s%s", args, code, stdout.String(), stderr.String())
		}
		return stdout.Bytes()
	}
	describe := decode(t, "describe --json", run("describe", "--json", skill))
	run("build", "--out", out, skill)

	res := bundle.RunPage(t, nil, bundle.PageStep{Load: filepath.Join(out, "one-answer.xgs.js")},
		bundle.PageStep{Eval: `window.xgoose.skills.oneAnswer.__describe__()`})
	if !res[0].OK || !res[1].OK {
		t.Fatalf("the bundle did not mount or describe itself: %+v", res)
	}
	runtime := decode(t, "__describe__()", res[1].Value)
	if !reflect.DeepEqual(describe, runtime) {
		t.Errorf("describe --json is not the bundle's __describe__():\n describe %s\n runtime  %s", compactJSON(describe), compactJSON(runtime))
	}

	raw, err := os.ReadFile(filepath.Join(out, "registry.json"))
	if err != nil {
		t.Fatal(err)
	}
	var reg struct {
		Skills []struct {
			Functions []map[string]any `json:"functions"`
		} `json:"skills"`
	}
	if err := json.Unmarshal(raw, &reg); err != nil || len(reg.Skills) != 1 {
		t.Fatalf("registry.json: %v\n%s", err, raw)
	}
	fns := reg.Skills[0].Functions
	if len(fns) != len(runtime) {
		t.Fatalf("registry.json lists %d functions, __describe__ %d", len(fns), len(runtime))
	}
	for _, f := range fns {
		name, _ := f["name"].(string)
		rt, _ := runtime[name].(map[string]any)
		if rt == nil {
			t.Errorf("registry.json has %q, __describe__ does not", name)
			continue
		}
		for _, key := range []string{"summary", "signature", "invocation", "primary", "input", "output", "examples"} {
			if !reflect.DeepEqual(f[key], rt[key]) {
				t.Errorf("%s.%s: registry.json %s, __describe__ %s", name, key, compactJSON(f[key]), compactJSON(rt[key]))
			}
		}
	}
}

func decode(t *testing.T, what string, raw []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("%s: %v in %s", what, err, raw)
	}
	return m
}

func compactJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
