package termout

import (
	"bytes"
	"strings"
	"testing"
)

// ciCommand reports whether a CI runner would act on line: GitHub Actions
// takes a line whose text after leading white space starts with "::" and
// a command name, which starts with a letter (workflow commands), and
// "##[" anywhere (the older syntax); Azure Pipelines takes "##vso[",
// TeamCity "##teamcity[".
func ciCommand(line string) bool {
	if rest, ok := strings.CutPrefix(strings.TrimLeft(line, " \t\u00a0\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\u1680"), "::"); ok &&
		rest != "" && (rest[0] >= 'a' && rest[0] <= 'z' || rest[0] >= 'A' && rest[0] <= 'Z') {
		return true
	}
	for _, p := range []string{"##[", "##vso[", "##teamcity["} {
		if strings.Contains(line, p) {
			return true
		}
	}
	return false
}

func TestWriterDefusesCICommands(t *testing.T) {
	hostile := []string{
		"::stop-commands::tok/SKILL.md:1:1: error",
		"  ::error file=a::forged",
		"\t::add-mask::x",
		"\u00a0::warning::nbsp",
		"\u3000::notice::ideographic space",
		"\x1b[31m::error::after colour\x1b[0m",
		"x ##[error]legacy",
		"##vso[task.setvariable variable=a]b",
		"##teamcity[buildStatus text='x']",
		"::\x07:bell between", // the BEL is dropped, which joins the colons
	}
	for _, in := range hostile {
		for i := 0; i <= len(in); i++ {
			got := filter("ok\n"+in[:i], in[i:]+"\n")
			for _, line := range strings.Split(got, "\n") {
				if ciCommand(line) {
					t.Fatalf("%q split at %d: CI command survives: %q", in, i, line)
				}
			}
		}
	}
	// Text that only looks near a command is left alone.
	for _, in := range []string{"a::b\n", "## heading [x]\n", "#[x]\n", "x: :y\n", ":::note\n", ":: a batch comment\n", "  ::\n", "::1\n", "::é\n"} {
		if got := filter(in); got != in {
			t.Errorf("%q -> %q", in, got)
		}
	}
}

func TestTrustedLinesKeepTheirCommands(t *testing.T) {
	var b bytes.Buffer
	w := New(&b)
	w.Write([]byte("::error title=x::hostile\n"))
	io := Trusted(w)
	io.Write([]byte("::error file=a,line=1::ours ##[error]data\n"))
	w.Write([]byte("::warning::hostile again\n"))
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 3 || ciCommand(lines[0]) || !strings.HasPrefix(lines[1], "::error file=a,line=1::") || strings.Contains(lines[1], "##[") || ciCommand(lines[2]) {
		t.Fatalf("%q", lines)
	}
	// A writer that is not ours is returned as it is.
	var plain bytes.Buffer
	if Trusted(&plain) != &plain {
		t.Fatal("Trusted wrapped a plain writer")
	}
}
