package templates

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// An OS Loop repository for the index tests: two packages made with the
// scaffolder itself and an index.json in an unusual hand-written style
// (tabs, one entry on one line) that must survive byte for byte.
const handIndex = "[\n\t{\"name\": \"zeta-tool\", \"description\": \"Zeta\", \"version\": \"1.0.0\", \"author\": \"A\", \"folderPath\": \"skills/zeta-tool\", \"tags\": [\"z\"], \"supportedPlatforms\": [], \"bridgeRequirement\": \"never\", \"workspaceSupport\": \"none\", \"workspaceSchemaVersion\": null, \"longRunningSupport\": \"none\", \"userInputSupport\": false, \"artifactVersioningSupport\": false, \"executionMode\": \"declarative\"},\n\t{\n\t\t\"name\": \"alpha-tool\",\n\t\t\"description\": \"Alpha\",\n\t\t\"version\": \"1.0.0\",\n\t\t\"author\": \"A\",\n\t\t\"folderPath\": \"skills/alpha-tool\",\n\t\t\"tags\": [\"a\"],\n\t\t\"supportedPlatforms\": [],\n\t\t\"bridgeRequirement\": \"never\",\n\t\t\"workspaceSupport\": \"none\",\n\t\t\"workspaceSchemaVersion\": null,\n\t\t\"longRunningSupport\": \"none\",\n\t\t\"userInputSupport\": false,\n\t\t\"artifactVersioningSupport\": false,\n\t\t\"executionMode\": \"declarative\"\n\t}\n]\n"

func osloopRepo(t *testing.T, index string) string {
	t.Helper()
	repo := t.TempDir()
	skills := filepath.Join(repo, "skills")
	if err := os.Mkdir(skills, 0o755); err != nil {
		t.Fatal(err)
	}
	tm, err := Lookup(model.FormatOSLoop, "declarative", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"zeta-tool", "alpha-tool"} {
		p, err := Prepare(tm, Values{Name: n, Description: strings.ToUpper(n[:1]) + n[1:strings.Index(n, "-")], Author: "A", Version: "1.0.0"}, filepath.Join(skills, n))
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Write(); err != nil {
			t.Fatal(err)
		}
	}
	if index != "" {
		if err := os.WriteFile(filepath.Join(skills, "index.json"), []byte(index), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return repo
}

func indexNames(t *testing.T, data []byte) []string {
	t.Helper()
	var entries []struct{ Name string }
	if err := json.Unmarshal(data, &entries); err != nil {
		t.Fatalf("index.json is not JSON after the update: %v\n%s", err, data)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name)
	}
	return names
}

func TestOSLoopTemplatesJoinTheIndex(t *testing.T) {
	for _, name := range builtinOrder[model.FormatOSLoop] {
		t.Run(name, func(t *testing.T) {
			repo := osloopRepo(t, handIndex)
			if _, bad := lintTree(t, repo); len(bad) > 0 {
				t.Fatalf("the fixture repository is not clean: %v", bad)
			}
			tm, _ := Lookup(model.FormatOSLoop, name, t.TempDir())
			// The folder is what SuggestDir proposes from the repository root.
			dir := filepath.Join(repo, SuggestDir(model.FormatOSLoop, "new-"+name, repo))
			p, err := Prepare(tm, Values{Name: "new-" + name, Description: `New "` + name + `" skill: ünï`, Author: "B"}, dir)
			if err != nil {
				t.Fatal(err)
			}
			if p.Index == nil {
				t.Fatal("no index update planned")
			}
			if err := p.Write(); err != nil {
				t.Fatal(err)
			}
			after, _ := os.ReadFile(filepath.Join(repo, "skills", "index.json"))
			// Everything before the last entry's closing brace is kept
			// byte for byte: other entries, their order, tabs, one-liners.
			keep := handIndex[:strings.LastIndex(handIndex, "}")+1]
			if !strings.HasPrefix(string(after), keep) {
				t.Errorf("the existing entries changed:\n%s", after)
			}
			if got := strings.Join(indexNames(t, after), ","); got != "zeta-tool,alpha-tool,new-"+name {
				t.Errorf("index order = %s", got)
			}
			if !strings.Contains(string(after), "\n\t{\n\t\t\"name\": \"new-"+name+"\"") {
				t.Errorf("the new entry does not follow the file's tab indentation:\n%s", after)
			}
			if _, bad := lintTree(t, repo); len(bad) > 0 {
				t.Errorf("after adding %s: %v", name, bad)
			}
		})
	}
}

func TestIndexEmptyArrayAndSkillsFolderTarget(t *testing.T) {
	repo := osloopRepo(t, "")
	skills := filepath.Join(repo, "skills")
	os.RemoveAll(filepath.Join(skills, "zeta-tool"))
	os.RemoveAll(filepath.Join(skills, "alpha-tool"))
	os.WriteFile(filepath.Join(skills, "index.json"), []byte("[]\n"), 0o644)
	// Working inside the skills folder itself: the suggestion is NAME.
	if got := SuggestDir(model.FormatOSLoop, "first-one", skills); got != "first-one" {
		t.Errorf("SuggestDir in the skills folder = %q", got)
	}
	tm, _ := Lookup(model.FormatOSLoop, "flow", t.TempDir())
	p, err := Prepare(tm, Values{Name: "first-one", Description: "First", Author: "C"}, filepath.Join(skills, "first-one"))
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Write(); err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadFile(filepath.Join(skills, "index.json"))
	if got := indexNames(t, after); len(got) != 1 || got[0] != "first-one" {
		t.Errorf("index = %s", after)
	}
	if _, bad := lintTree(t, repo); len(bad) > 0 {
		t.Errorf("%v", bad)
	}
}

func TestIndexRefusals(t *testing.T) {
	tm, _ := Lookup(model.FormatOSLoop, "declarative", t.TempDir())
	t.Run("listed name", func(t *testing.T) {
		repo := osloopRepo(t, handIndex)
		os.RemoveAll(filepath.Join(repo, "skills", "alpha-tool")) // folder gone, entry kept
		_, err := Prepare(tm, Values{Name: "alpha-tool", Description: "Again", Author: "A"}, filepath.Join(repo, "skills", "alpha-tool"))
		if !errors.Is(err, ErrExists) || !strings.Contains(err.Error(), "already lists") {
			t.Errorf("err = %v", err)
		}
	})
	t.Run("broken index", func(t *testing.T) {
		repo := osloopRepo(t, "[{\"name\": }\n")
		_, err := Prepare(tm, Values{Name: "x-tool", Description: "X", Author: "A"}, filepath.Join(repo, "skills", "x-tool"))
		if err == nil || !strings.Contains(err.Error(), "not a valid OS Loop index") || !strings.Contains(err.Error(), "line 1") {
			t.Errorf("err = %v", err)
		}
		if _, statErr := os.Stat(filepath.Join(repo, "skills", "x-tool")); statErr == nil {
			t.Error("a folder was written for a refused skill")
		}
	})
	t.Run("index changed meanwhile", func(t *testing.T) {
		repo := osloopRepo(t, handIndex)
		dir := filepath.Join(repo, "skills", "late-tool")
		p, err := Prepare(tm, Values{Name: "late-tool", Description: "Late", Author: "A"}, dir)
		if err != nil {
			t.Fatal(err)
		}
		changed := strings.Replace(handIndex, "Zeta", "Zeta!", 1)
		os.WriteFile(filepath.Join(repo, "skills", "index.json"), []byte(changed), 0o644)
		if err := p.Write(); err == nil || !strings.Contains(err.Error(), "changed") {
			t.Errorf("err = %v", err)
		}
		if _, err := os.Stat(dir); err == nil {
			t.Error("the package stayed although the index could not list it")
		}
		if got, _ := os.ReadFile(filepath.Join(repo, "skills", "index.json")); string(got) != changed {
			t.Error("the index was overwritten")
		}
	})
}
