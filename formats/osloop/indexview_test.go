package osloop

import (
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/model"
)

// TestForIndexChecksTheSame: CheckIndex over packages cut down by ForIndex
// (lint under FindingsOnly, the studio) reports exactly what it reports
// over whole packages, fixes included, in every case the index checks.
func TestForIndexChecksTheSame(t *testing.T) {
	edit := func(m fstest.MapFS, file string, f func(string) string) {
		m[file] = &fstest.MapFile{Data: []byte(f(string(m[file].Data)))}
	}
	cases := map[string]func(t *testing.T, m fstest.MapFS){
		"clean": func(*testing.T, fstest.MapFS) {},
		"missing entry": func(_ *testing.T, m fstest.MapFS) {
			m["skills/index.json"] = &fstest.MapFile{Data: []byte("[]\n")}
		},
		"version and description differ": func(_ *testing.T, m fstest.MapFS) {
			edit(m, "skills/index.json", func(s string) string {
				s = strings.Replace(s, `"version": "1.2.0"`, `"version": "1.0.0"`, 1)
				return strings.Replace(s, "Counts words, lines and characters in a text", "Translates text", 1)
			})
		},
		"platforms, bridge and system tools": func(t *testing.T, m fstest.MapFS) {
			edit(m, fixtureDir+"/manifest.json", func(s string) string {
				s = setJSON(t, s, "compatibilityRequirements", `["system_tools"]`)
				s = setJSON(t, s, "bridgeRequirement", `"required"`)
				return setJSON(t, s, "supportedPlatforms", `["macos", "linux"]`)
			})
		},
		"workspace schema version": func(t *testing.T, m fstest.MapFS) {
			edit(m, fixtureDir+"/manifest.json", func(s string) string {
				s = setJSON(t, s, "workspaceSupport", `"optional"`)
				return setJSON(t, s, "workspaceSchemaVersion", `"2"`)
			})
			edit(m, "skills/index.json", func(s string) string {
				return strings.Replace(s, `"version": "1.2.0"`, `"version": "1.2.0", "workspaceSupport": "optional"`, 1)
			})
		},
	}
	for name, prepare := range cases {
		t.Run(name, func(t *testing.T) {
			m := fixtureFS(t)
			prepare(t, m)
			check := func(opts model.Options) ([]model.Diagnostic, []model.Diagnostic) {
				s := Load(m, fixtureDir, opts)
				own := len(s.Diagnostics)
				loose := CheckIndex(m, "skills/index.json", []*model.Skill{s}, opts)
				return s.Diagnostics[own:], loose
			}
			fullOwn, fullLoose := check(model.Options{})
			slimOwn, slimLoose := check(model.Options{FindingsOnly: true})
			if !reflect.DeepEqual(fullOwn, slimOwn) || !reflect.DeepEqual(fullLoose, slimLoose) {
				t.Errorf("whole packages:\n%s%s\ncut down by ForIndex:\n%s%s", dump(fullOwn), dump(fullLoose), dump(slimOwn), dump(slimLoose))
			}
			if name != "clean" && len(fullOwn)+len(fullLoose) == 0 {
				t.Errorf("the case raised no index finding: it tests nothing")
			}
		})
	}
}

// TestForIndexKeepsOnlyIndexMembers: the cut-down tree holds the members
// the index mirrors and nothing else (no schemas, no tools).
func TestForIndexKeepsOnlyIndexMembers(t *testing.T) {
	m := fixtureFS(t)
	pkg, ok := Load(m, fixtureDir, model.Options{}).Doc.(*Package)
	if !ok {
		t.Fatal("no package")
	}
	cut := pkg.ForIndex()
	for _, mem := range cut.ManifestDoc.Root.Members {
		if !strings.Contains(" "+strings.Join(indexKeys, " ")+" ", " "+mem.Key+" ") {
			t.Errorf("kept %q", mem.Key)
		}
	}
	if pkg.ManifestDoc.Root.Get("inputSchema") == nil || cut.ManifestDoc.Root.Get("inputSchema") != nil {
		t.Errorf("inputSchema: whole %v, cut %v", pkg.ManifestDoc.Root.Get("inputSchema") != nil, cut.ManifestDoc.Root.Get("inputSchema") != nil)
	}
	if cut.Module != nil || cut.ModuleSource != "" || cut.Docs != "" {
		t.Error("module facts kept")
	}
}

// TestForIndexCopiesTheKeptValues: ForIndex's tree holds the same values
// as the whole one for the members it keeps, in nodes of its own, and the
// in-place cut (Load under FindingsOnly) keeps the same.
func TestForIndexCopiesTheKeptValues(t *testing.T) {
	m := fixtureFS(t)
	m[fixtureDir+"/manifest.json"] = &fstest.MapFile{Data: []byte(setJSON(t, string(m[fixtureDir+"/manifest.json"].Data), "supportedPlatforms", `["macos", {"odd": [1, {"x": null}]}]`))}
	whole := Load(m, fixtureDir, model.Options{}).Doc.(*Package)
	want := map[string]any{}
	for _, mem := range whole.ManifestDoc.Root.Members {
		if strings.Contains(" "+strings.Join(indexKeys, " ")+" ", " "+mem.Key+" ") {
			want[mem.Key] = toAny(mem.Value)
		}
	}
	cut := whole.ForIndex()
	lean := Load(m, fixtureDir, model.Options{FindingsOnly: true}).Doc.(*Package)
	for name, p := range map[string]*Package{"ForIndex": cut, "FindingsOnly": lean} {
		if got := toAny(p.ManifestDoc.Root); !reflect.DeepEqual(got, any(want)) {
			t.Errorf("%s: %v, want %v", name, got, want)
		}
	}
	for i, mem := range cut.ManifestDoc.Root.Members {
		if mem.Value == whole.ManifestDoc.Root.Get(mem.Key) {
			t.Errorf("member %d (%s) shares its node with the whole tree", i, mem.Key)
		}
	}
	if cut.Manifest.Name != whole.Manifest.Name || lean.Manifest.Name != whole.Manifest.Name || lean.Module != nil || lean.Docs != "" {
		t.Errorf("cut manifests: %+v / %+v", cut.Manifest, lean.Manifest)
	}
}
