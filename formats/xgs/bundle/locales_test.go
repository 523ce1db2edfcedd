package bundle

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// localeSkill returns a zod error message in English, and then calls a
// locale: through z.locales when named, or behind a computed key that the
// build cannot see.
func localeSkill(call string) string {
	return `// ==XGooseSkill==
// @name zod-locales
// @namespace zl
// @match *://example.com/*
// @primary msg
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";
export default defineSkill({
  msg: fn({ summary: "s", input: z.object({}), handler: async () => z.string().safeParse(1).error.issues[0].message }),
  other: fn({ summary: "s", input: z.object({}), handler: async () => { ` + call + `; return z.string().safeParse(1).error.issues[0].message; } }),
});
`
}

// A skill that never names zod's locales is bundled without the 63
// translations and still speaks English; calling one anyway fails with a
// message that says why. A skill that names them gets them all.
func TestEmbeddedZodLocales(t *testing.T) {
	cases := []struct {
		name, call string
		full       bool   // the real locales are bundled
		other      string // what calling the other function gives
	}{
		{"not named", `z.config(z["loc" + "ales"].fr())`, false, `zod locale "fr" is not in this bundle`},
		{"named", `z.config(z.locales.fr())`, true, "Entrée invalide"},
	}
	sizes := map[bool]int{}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "zod-locales.xgs.js")
			os.WriteFile(path, []byte(localeSkill(c.call)), 0o644)
			r := Build(path, nil, Options{})
			mustOK(t, &r)
			sizes[c.full] = len(r.Output)
			if got := strings.Contains(string(r.Output), "Entrée invalide"); got != c.full {
				t.Errorf("French messages bundled: %t, want %t", got, c.full)
			}
			out := filepath.Join(dir, "built.js")
			os.WriteFile(out, r.Output, 0o644)
			res := runPage(t, nil, pageStep{Load: out},
				pageStep{Eval: `window.xgoose.skills.zl.msg({})`},
				pageStep{Eval: `window.xgoose.skills.zl.other({})`})
			if !res[0].OK || !res[1].OK {
				t.Fatalf("%+v", res)
			}
			var msg string
			json.Unmarshal(res[1].Value, &msg)
			if !strings.HasPrefix(msg, "Invalid input") {
				t.Errorf("English message = %q", msg)
			}
			got := res[2].Error + string(res[2].Value)
			if !strings.Contains(got, c.other) {
				t.Errorf("the locale call gave %q, want …%s…", got, c.other)
			}
		})
	}
	if sizes[false] == 0 || sizes[true]-sizes[false] < 200_000 {
		t.Errorf("bundle without locales %d bytes, with %d: expected ~300 KB saved", sizes[false], sizes[true])
	}
	t.Logf("bundle with zod's locales %d bytes, without %d", sizes[true], sizes[false])
}

// The locale choice follows the text on each rebuild of one context.
func TestEmbeddedZodLocalesFollowRebuilds(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "zod-locales.xgs.js")
	b := NewBuilder(Options{})
	defer b.Close()
	for i, c := range []struct {
		call string
		full bool
	}{{`void 0`, false}, {`z.config(z.locales.fr())`, true}, {`void 0`, false}} {
		r := b.RebuildSource(path, []byte(localeSkill(c.call)))
		mustOK(t, &r)
		if got := strings.Contains(string(r.Output), "Entrée invalide"); got != c.full {
			t.Errorf("build %d: French messages bundled: %t, want %t", i, got, c.full)
		}
	}
}
