package bundle

import (
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// realZod installs one zod version from the npm registry into a cached
// temp folder and returns its node_modules, or skips.
func realZod(t *testing.T, version string) string {
	t.Helper()
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("npm is not installed: the real-zod test needs Node.js and npm")
	}
	dir := filepath.Join(os.TempDir(), "skillstudio-zod-"+version)
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "zod", "package.json")); err != nil {
		os.MkdirAll(dir, 0o755)
		os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"private":true}`), 0o644)
		cmd := exec.Command("npm", "install", "--no-audit", "--no-fund", "--silent", "zod@"+version)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Skipf("npm install zod@%s failed (no registry access?): %v\n%s", version, err, out)
		}
	}
	return filepath.Join(dir, "node_modules")
}

// A skill whose folder has its own zod mounts and documents with it. A
// zod that converts itself (Standard JSON Schema, zod 4.2+) documents
// exactly as the embedded zod 4 and the static reader; older zods go
// through the runtime's own converter, which knows fewer forms (see
// runtime/skill.js), so for them the test checks that every function is
// described, not the schemas.
func TestNodeRealZodFollowsTheContract(t *testing.T) {
	nodeBinary(t)
	want, err := os.ReadFile("testdata/contract/schema-zoo.describe.json")
	if err != nil {
		t.Fatal(err)
	}
	src, _ := os.ReadFile("testdata/skills/schema-zoo.xgs.js")
	for _, version := range []string{"3.23.8", "4.1.12", "4.6.7"} {
		t.Run("zod@"+version, func(t *testing.T) {
			modules := realZod(t, version)
			dir := t.TempDir()
			if err := os.Symlink(modules, filepath.Join(dir, "node_modules")); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, "schema-zoo.xgs.js")
			os.WriteFile(path, src, 0o644)
			r := Build(path, nil, Options{})
			mustOK(t, &r)
			if len(r.Inputs) == 0 {
				t.Fatal("the skill's own zod was not bundled")
			}
			out := filepath.Join(dir, "built.js")
			os.WriteFile(out, r.Output, 0o644)
			res := runPage(t, nil, pageStep{Load: out}, pageStep{Eval: `window.xgoose.skills.zoo.__describe__()`})
			if !res[0].OK || !res[1].OK {
				t.Fatalf("%+v", res)
			}
			got := parseJSON(t, res[1].Value)
			if version == "4.6.7" {
				sameJSON(t, "zod@"+version+" __describe__() and the contract", got, parseJSON(t, want))
				return
			}
			if g, w := slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(parseJSON(t, want))); !slices.Equal(g, w) {
				t.Errorf("zod@%s described %v, want %v", version, g, w)
			}
		})
	}
}
