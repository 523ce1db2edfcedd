package main

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/skillstudio/skillstudio/"

// goList runs `go list` with args and returns its lines.
func goList(t *testing.T, args ...string) []string {
	t.Helper()
	out, err := exec.Command("go", append([]string{"list"}, args...)...).Output()
	if err != nil {
		t.Skipf("go list unavailable: %v", err)
	}
	return strings.Fields(string(out))
}

// TestArrows holds the import arrows ARCHITECTURE.md promises: esbuild only
// where skills are built, config on model alone, ui without the format
// internals or a second Markdown parser, and nothing importing cli or ui
// from below.
func TestArrows(t *testing.T) {
	for _, pkg := range []string{"./formats", "./config", "./registry", "./templates", "./ui", "./lsp"} {
		for _, dep := range goList(t, "-deps", pkg) {
			if strings.Contains(dep, "evanw/esbuild") {
				t.Errorf("%s depends on %s: esbuild belongs to formats/xgs/bundle and its callers (build, cli)", pkg, dep)
			}
		}
	}
	for _, imp := range goList(t, "-f", `{{join .Imports " "}}`, "./config") {
		if strings.HasPrefix(imp, module) && imp != module+"model" && !strings.HasPrefix(imp, module+"internal/") {
			t.Errorf("config imports %s: config depends on model (and internal helpers) only", imp)
		}
	}
	for _, imp := range goList(t, "-f", `{{join .Imports " "}}`, "./ui") {
		for _, banned := range []string{module + "formats/osloop", module + "formats/xgs", "github.com/yuin/goldmark"} {
			if imp == banned || strings.HasPrefix(imp, banned+"/") {
				t.Errorf("ui imports %s: the studio reads through the pipeline and skillmd.OutlineOf", imp)
			}
		}
	}
	for _, line := range goList(t, "-f", `{{.ImportPath}}:{{join .Imports ","}}`, "./...") {
		pkg, imps, _ := strings.Cut(line, ":")
		for _, imp := range strings.Split(imps, ",") {
			if (imp == module+"cli" && pkg != strings.TrimSuffix(module, "/")) || (imp == module+"ui" && pkg != module+"cli") {
				t.Errorf("%s imports %s: only main imports cli, and only cli imports ui", pkg, imp)
			}
		}
	}
}
