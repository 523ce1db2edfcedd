package xgs

import "testing"

func TestEscapeAngles(t *testing.T) {
	for in, want := range map[string]string{
		"Recipe: q=<query> then <page>\n":          "Recipe: q=\\<query> then \\<page>\n",
		"code `q=<query>` stays\n":                 "code `q=<query>` stays\n",
		"```\nfetch(`/s?q=<q>`)\n```\nafter <x>\n": "```\nfetch(`/s?q=<q>`)\n```\nafter \\<x>\n",
		"    indented <code>\n":                    "    indented <code>\n",
		"see <https://example.com/a>\n":            "see <https://example.com/a>\n",
		"already \\<escaped>\n":                    "already \\<escaped>\n",
		"a < b\n":                                  "a \\< b\n",
	} {
		if got := escapeAngles(in); got != want {
			t.Errorf("escapeAngles(%q) = %q, want %q", in, got, want)
		}
	}
}
