package cli

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// ciCommandLine reports whether a CI runner would act on line: GitHub
// Actions on "::" after leading white space and on "##[" anywhere, Azure
// Pipelines on "##vso[", TeamCity on "##teamcity[".
func ciCommandLine(line string) bool {
	if strings.HasPrefix(strings.TrimLeftFunc(line, func(r rune) bool { return r == ' ' || r == '\t' || r == '\u00a0' || r == '\u3000' }), "::") {
		return true
	}
	return strings.Contains(line, "##[") || strings.Contains(line, "##vso[") || strings.Contains(line, "##teamcity[")
}

// ourAnnotation is a workflow command lint --format github writes: one of
// three commands, properties whose values hold no ':' or ','.
var ourAnnotation = regexp.MustCompile(`^::(error|warning|notice) file=[^:,]*(,[a-zA-Z]+=[^:,]*)*::`)

// A skill's folder, file or name that spells a CI command (a CI log is a
// terminal too: GitHub Actions acts on "::stop-commands::", "::error",
// "::add-mask::" at the start of any line of any step's output) never
// starts a line of what a command prints. Before, a folder named
// "::stop-commands::tok" began every text lint line and turned off the
// annotations after it.
func TestSkillTextNeverBecomesACICommand(t *testing.T) {
	isolateConfig(t)
	lib := filepath.Join(t.TempDir(), "lib")
	write(t, filepath.Join(lib, "::stop-commands::tok", "SKILL.md"),
		"---\nname: ::error file=x::forged\ndescription: \"::warning::in description\\n::error::next line ##[error]legacy\"\n---\n# ::notice::heading\n\n::error::body line\n\n    ::error::indented\n")
	write(t, filepath.Join(lib, "##[error]x", "SKILL.md"),
		"---\nname: Bad_Name\ndescription: Use when ##vso[task.setvariable variable=a]b happens.\n---\n# H\n")
	xgs := readFile(t, "testdata/lint/clean/xgs/recipe-box.xgs.js")
	write(t, filepath.Join(lib, "::warning::r.xgs.js"), strings.Replace(xgs, "Recipe", "::error::Recipe", 1))
	// A newline in a folder name must not start a line of its own (a
	// forged "nothing to flag" or summary line).
	write(t, filepath.Join(lib, "nl\nFORGED line\r\nFORGED too", "SKILL.md"),
		"---\nname: Nl_Bad\ndescription: \"Use when x.\\nFORGED in description\"\n---\n# H\n")
	write(t, filepath.Join(lib, "x\nFORGED xgs.xgs.js"), strings.Replace(xgs, "@version 1.0.0", "", 1))
	copyTreeTo(t, "testdata/lint/fixable/skillmd/colon-desc", filepath.Join(lib, "c\nFORGED fix"))
	skill := filepath.Join(lib, "::stop-commands::tok")
	cmds := [][]string{
		{"list", lib},
		{"list", "--json", lib},
		{"lint", lib},
		{"lint", ".", "--format", "text"},
		{"lint", "--format", "json", lib},
		{"lint", "--format", "sarif", lib},
		{"lint", "--format", "github", lib},
		{"review", lib},
		{"listing", lib},
		{"listing", "--raw", lib},
		{"route", "error", lib},
		{"describe", filepath.Join(lib, "::warning::r.xgs.js")},
		{"show", "--style", "notty", skill},
		{"quiz", skill, "--walk"},
		{"lint", "--fix", "--dry-run", lib},
		{"lint", "--fix", lib},
		{"build", "--out", filepath.Join(t.TempDir(), "dist"), lib},
		{"describe", filepath.Join(lib, "x\nFORGED xgs.xgs.js")},
	}
	t.Chdir(lib)
	for _, args := range cmds {
		_, out, errOut := runBounded(t, 60*time.Second, args...)
		what := strings.Join(args, " ")
		for stream, text := range map[string]string{"stdout": out, "stderr": errOut} {
			for _, line := range strings.Split(text, "\n") {
				if strings.HasPrefix(strings.TrimSpace(line), "FORGED") {
					t.Errorf("%s (%s): a name's newline started a line: %q", what, stream, line)
				}
				if !ciCommandLine(line) {
					continue
				}
				if args[0] == "lint" && strings.Join(args, " ") == "lint --format github "+lib && stream == "stdout" && ourAnnotation.MatchString(line) && !strings.Contains(line, "##[") {
					continue
				}
				t.Errorf("%s (%s): a CI runner would act on %q", what, stream, line)
			}
		}
	}
}
