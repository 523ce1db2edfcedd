package bundle

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

func names(reg *Registry) string {
	var n []string
	for _, s := range reg.Skills {
		n = append(n, s.Name)
	}
	return strings.Join(n, ",")
}

func TestRegistryListsRequiredSkillsFirst(t *testing.T) {
	b := NewBuilder(Options{})
	defer b.Close()
	// greeter-plus @requires base-kit but comes first here.
	var results []*Result
	for _, p := range []string{"greeter-plus", "text-kit", "base-kit"} {
		r := b.Rebuild("testdata/skills/" + p + ".xgs.js")
		results = append(results, &r)
	}
	reg := NewRegistry(results)
	if got := names(reg); got != "base-kit,greeter-plus,text-kit" {
		t.Errorf("order = %s", got)
	}
	for _, r := range results {
		mustOK(t, r)
	}
}

func TestRegistryCycleIsAnError(t *testing.T) {
	results, reg, out := buildDir(t, "testdata/cycle")
	if len(reg.Skills) != 0 {
		t.Errorf("registry lists %s", names(reg))
	}
	for _, r := range results {
		if r.OK() || len(r.Errors) != 1 || r.Errors[0].Rule != "xgs/build-require-cycle" ||
			r.Errors[0].Line != 7 || !strings.Contains(r.Errors[0].Message, "cycle-a → cycle-b → cycle-a") {
			t.Errorf("%s: %v", r.Path, r.Errors)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "cycle-a.xgs.js")); err == nil {
		t.Error("a skill in a cycle was written")
	}
}

func TestRegistryDuplicateNameFailsTheSecond(t *testing.T) {
	b := NewBuilder(Options{})
	defer b.Close()
	src, _ := os.ReadFile("testdata/skills/base-kit.xgs.js")
	first := b.Rebuild("testdata/skills/base-kit.xgs.js")
	second := b.RebuildSource(filepath.Join(t.TempDir(), "copy.xgs.js"), src)
	reg := NewRegistry([]*Result{&first, &second})
	if names(reg) != "base-kit" || !first.OK() || second.OK() || second.Errors[0].Rule != "xgs/build-duplicate-name" || second.Errors[0].Line != 2 {
		t.Errorf("registry %s; second: %v", names(reg), second.Errors)
	}
}

// registry.json of the fixture folder: header facts and the static
// reader's functions, required skills first.
func TestRegistryGolden(t *testing.T) {
	_, reg, out := buildDir(t, "testdata/skills")
	b, err := os.ReadFile(filepath.Join(out, RegistryFile))
	if err != nil {
		t.Fatal(err)
	}
	golden.RequireEqual(t, b)
	var back Registry
	if err := json.Unmarshal(b, &back); err != nil || len(back.Skills) != len(reg.Skills) {
		t.Fatalf("registry.json does not read back: %v", err)
	}
	for _, s := range back.Skills {
		if _, err := os.Stat(filepath.Join(out, s.File)); err != nil {
			t.Errorf("%s: %v", s.File, err)
		}
		if s.Version == "" || s.Matches == nil || s.Functions == nil {
			t.Errorf("%s: incomplete entry %+v", s.Name, s)
		}
	}
	if i, j := strings.Index(names(reg), "base-kit"), strings.Index(names(reg), "greeter-plus"); i > j {
		t.Errorf("base-kit is not before greeter-plus: %s", names(reg))
	}
}

func TestRegistryVersionDefault(t *testing.T) {
	src, _ := os.ReadFile("testdata/skills/base-kit.xgs.js")
	r := Build(filepath.Join(t.TempDir(), "base-kit.xgs.js"), []byte(strings.Replace(string(src), "// @version 0.3.0\n", "", 1)), Options{})
	reg := NewRegistry([]*Result{&r})
	if len(reg.Skills) != 1 || reg.Skills[0].Version != "0.0.0" {
		t.Errorf("version = %+v", reg.Skills)
	}
}
