package bundle

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const zod4Skill = `// ==XGooseSkill==
// @name t-one
// @namespace tone
// @match *://x.com/*
// @primary a
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";
export default defineSkill({
  a: fn({
    summary: "zod 4 top-level constructors",
    input: z.object({ e: z.email(), u: z.url(), d: z.iso.date(), n: z.int().optional() }),
    examples: [{ args: { e: "a@b.co", u: "https://x.com", d: "2024-01-02" } }],
    handler: async ({ e }) => e,
  }),
});
`

// Without a zod of its own, a skill gets the embedded real zod 4: its
// top-level constructors exist, the bundle mounts, and a call runs.
func TestNodeEmbeddedZod4Mounts(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t-one.xgs.js")
	os.WriteFile(path, []byte(zod4Skill), 0o644)
	r := Build(path, nil, Options{})
	mustOK(t, &r)
	out := filepath.Join(dir, "built.js")
	os.WriteFile(out, r.Output, 0o644)
	res := runPage(t, nil, pageStep{Load: out},
		pageStep{Eval: `window.xgoose.skills.tone.a({ e: "a@b.co" })`},
		pageStep{Eval: `window.xgoose.skills.tone.__describe__("a").input`})
	for i, s := range res {
		if !s.OK {
			t.Fatalf("step %d: %s", i, s.Error)
		}
	}
	if string(res[1].Value) != `"a@b.co"` {
		t.Errorf("a() = %s", res[1].Value)
	}
	if in := string(res[2].Value); !strings.Contains(in, `"format":"email"`) || strings.Contains(in, "$schema") {
		t.Errorf("input schema = %s", in)
	}
}

// A package.json asking for zod 3 gets the embedded zod 3.
func TestEmbeddedZodFollowsPackageJSON(t *testing.T) {
	dir := t.TempDir()
	if got := zodEntryFor(dir); got != zod4Entry {
		t.Errorf("no package.json: %s", got)
	}
	for rng, want := range map[string]string{"^3.23.0": zod3Entry, "~3.22": zod3Entry, "3.x": zod3Entry, "^4.0.0": zod4Entry, "latest": zod4Entry, ">=3.20": zod3Entry} {
		os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"dependencies":{"zod":"`+rng+`"}}`), 0o644)
		if got := zodEntryFor(filepath.Join(dir)); got != want {
			t.Errorf("zod %q: %s, want %s", rng, got, want)
		}
	}
}

// A missing @primary is a warning (the agent pays a help round-trip), not
// a reason to refuse the build.
func TestBuildWithoutPrimaryIsNotBlocked(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t-one.xgs.js")
	os.WriteFile(path, []byte(strings.Replace(zod4Skill, "// @primary a\n", "", 1)), 0o644)
	r := Build(path, nil, Options{})
	mustOK(t, &r)
	found := false
	for _, d := range r.Skill.Diagnostics {
		found = found || d.Rule == "xgs/primary-missing"
	}
	if !found {
		t.Error("no xgs/primary-missing warning")
	}
}
