package skillmd

import (
	"slices"
	"testing"
)

// TestPythonPackageRunAsModule: a skill that ships its helper as a Python
// package and says "python -m book_tool" names the package folder with
// dots, not a path; its files are referenced (a submodule, book_tool.cli,
// names its package too). A look-alike (-m book_tools) is not a mention.
func TestPythonPackageRunAsModule(t *testing.T) {
	unreferenced := func(body string) []string {
		files := map[string]string{
			"SKILL.md":                      md("", "\n# Book\n\n"+body+"\n"),
			"book_tool/__main__.py":         "print('run')\n",
			"book_tool/parsers/epub.py":     "print('epub')\n",
			"book_tool/parsers/__init__.py": "",
		}
		var out []string
		for _, d := range findings(loadCase(files, ""), "skillmd/unreferenced-file") {
			out = append(out, d.File)
		}
		slices.Sort(out)
		return out
	}
	for _, body := range []string{
		"Run `python -m book_tool input.epub`.",
		"Run `uv run python3 -m book_tool.cli --out notes/`.",
		"```bash\npython -m book_tool\n```",
	} {
		if got := unreferenced(body); len(got) != 0 {
			t.Errorf("%q: unreferenced %v, want none", body, got)
		}
	}
	if got := unreferenced("Run `python -m book_tools`."); len(got) != 3 {
		t.Errorf("look-alike: unreferenced %v, want all three", got)
	}
}
