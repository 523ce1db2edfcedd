package review

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

func packageRunsAt(ds []model.Diagnostic) []string {
	var out []string
	for _, d := range ds {
		if d.Rule == "review/package-run" {
			out = append(out, fmt.Sprintf("%d:%d", d.Line, d.Column))
		}
	}
	return out
}

func TestPackageRuns(t *testing.T) {
	front := "---\nname: s\ndescription: d\n---\n"
	for _, c := range []struct {
		name, file, text string
		want             []string
	}{
		{"each runner in code", "SKILL.md", front + "```sh\nnpx -y @scope/tool@1 --out x\nuvx ruff check .\npipx run cowsay hi\nbunx prettier .\npnpm dlx create-x\nbun x vitest\npython3.12 -m markitdown a.pdf\npy -3 -m black .\n```\n",
			[]string{"6:8", "7:5", "8:10", "9:6", "10:10", "11:7", "12:15", "13:10"}},
		{"once per package and file", "SKILL.md", front + "`npx md-to-pdf a.md` then `npx md-to-pdf b.md`\n", []string{"5:6"}},
		{"allowed-tools grants, it does not run", "SKILL.md", "---\nname: s\ndescription: d\nallowed-tools: Bash(python3 -m pytest:*) Bash(npx tidy:*)\n---\n# S\n", nil},
		{"prose is not a command", "SKILL.md", front + "Use npx when you can; python -m is fine too.\n", nil},
		{"a reference file", "references/setup.md", "Start it: `uvx mcp-server-fetch`.\n", []string{"1:16"}},
		{"a text file", "notes/run.txt", "python -m pytest -q\n", []string{"1:11"}},
		{"scripts/ is review/script's", "scripts/README.md", "`npx md-to-pdf a.md`\n", nil},
		{"stdlib, pip, paths and the skill's own module", "SKILL.md", front + "`python -m venv v`, `python -m json.tool f`, `python -m pip install x`, `npx ./local.js`, `python -m tools.report`\n", nil},
	} {
		got := packageRunsAt(Skill(md(c.file, c.text, "tools/report.py", "print(1)\n"), nil))
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: findings at %v, want %v", c.name, got, c.want)
		}
	}
}

func TestPackageRunMessageNamesThePackage(t *testing.T) {
	for _, d := range Skill(body("Run `uvx mcp-server-fetch`.\n"), nil) {
		if d.Rule == "review/package-run" && !strings.Contains(d.Message, `PyPI package "mcp-server-fetch" (uvx mcp-server-fetch)`) {
			t.Errorf("message: %s", d.Message)
		}
	}
}

func FuzzPythonModule(f *testing.F) {
	for _, s := range []string{"python -m pkg.mod x", "python3 -m ", "py -3 -m 9x", "python -m ..a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		for from := 0; from <= len(line) && from < 16; from++ {
			mod, at, ok := pythonModule(line, from)
			if ok && (at < from || at+len(mod) > len(line) || line[at:at+len(mod)] != mod) {
				t.Fatalf("%q from %d: module %q not at %d", line, from, mod, at)
			}
		}
		packageRunsAt(Skill(body("`"+line+"`\n"), nil))
	})
}
