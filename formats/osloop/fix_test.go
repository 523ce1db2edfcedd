package osloop

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/skillstudio/skillstudio/model"
)

// applyFix applies a fix's edits to the files of m, last edit first.
func applyFix(t *testing.T, m fstest.MapFS, fix *model.Fix) {
	t.Helper()
	edits := append([]model.TextEdit{}, fix.Edits...)
	sort.Slice(edits, func(i, j int) bool { return edits[i].Start > edits[j].Start })
	for _, e := range edits {
		src := string(m[e.File].Data)
		if e.Start < 0 || e.End > len(src) || e.Start > e.End {
			t.Fatalf("edit %+v outside %s (%d bytes)", e, e.File, len(src))
		}
		m[e.File] = &fstest.MapFile{Data: []byte(src[:e.Start] + e.NewText + src[e.End:])}
	}
}

// fixOnce lints the fixture, applies the one fix of rule, and returns the
// new index.json after checking it parses and the finding is gone.
func fixOnce(t *testing.T, m fstest.MapFS, rule string) string {
	t.Helper()
	s := Load(m, fixtureDir, model.Options{})
	CheckIndex(m, "skills/index.json", []*model.Skill{s}, model.Options{})
	var fix *model.Fix
	for _, d := range s.Diagnostics {
		if d.Rule == rule {
			if d.Fix == nil {
				t.Fatalf("%s has no fix", d)
			}
			fix = d.Fix
		}
	}
	if fix == nil {
		t.Fatalf("no %s finding:\n%s", rule, dump(s.Diagnostics))
	}
	applyFix(t, m, fix)
	after := string(m["skills/index.json"].Data)
	if !json.Valid([]byte(after)) {
		t.Fatalf("fixed index is not JSON:\n%s", after)
	}
	s = Load(m, fixtureDir, model.Options{})
	loose := CheckIndex(m, "skills/index.json", []*model.Skill{s}, model.Options{})
	if all := append(s.Diagnostics, loose...); len(all) > 0 {
		t.Fatalf("after the fix:\n%s\nfindings remain:\n%s", after, dump(all))
	}
	return after
}

func TestFixAddEntryToEmptyIndex(t *testing.T) {
	m := fixtureFS(t)
	m["skills/index.json"] = &fstest.MapFile{Data: []byte("[]\n")}
	after := fixOnce(t, m, "osloop/index-missing")
	golden.RequireEqual(t, after)
}

func TestFixAddEntryKeepsOthers(t *testing.T) {
	m := fixtureFS(t)
	// Another skill listed first, in a 4-space style the fix must follow.
	before := `[
    {
        "name": "other",
        "description": "Something else",
        "version": "0.1.0",
        "author": "someone",
        "folderPath": "skills/other",
        "tags": ["x"]
    }
]
`
	after := indexMissingFixed(t, m, before)
	if !strings.HasPrefix(after, strings.TrimSuffix(before, "\n]\n")) {
		t.Errorf("the existing entry changed:\n%s", after)
	}
	golden.RequireEqual(t, after)
}

func TestFixMismatchedVersion(t *testing.T) {
	m := fixtureFS(t)
	before := string(m["skills/index.json"].Data)
	m["skills/index.json"] = &fstest.MapFile{Data: []byte(strings.Replace(before, `"version": "1.2.0"`, `"version": "1.0.0"`, 1))}
	after := fixOnce(t, m, "osloop/index-mismatch")
	if after != before {
		t.Errorf("fix did not restore the index:\n%s", after)
	}
}

func TestFixMismatchedPlatforms(t *testing.T) {
	m := fixtureFS(t)
	src := string(m[fixtureDir+"/manifest.json"].Data)
	m[fixtureDir+"/manifest.json"] = &fstest.MapFile{Data: []byte(setJSON(t, src, "supportedPlatforms", `["macos", "linux"]`))}
	golden.RequireEqual(t, fixOnce(t, m, "osloop/index-mismatch"))
}

func TestFixMissingSystemTools(t *testing.T) {
	m := fixtureFS(t)
	src := string(m[fixtureDir+"/manifest.json"].Data)
	src = setJSON(t, src, "compatibilityRequirements", `["system_tools"]`)
	src = setJSON(t, src, "bridgeRequirement", `"required"`)
	src = setJSON(t, src, "supportedPlatforms", `["linux"]`)
	m[fixtureDir+"/manifest.json"] = &fstest.MapFile{Data: []byte(src)}
	idx := string(m["skills/index.json"].Data)
	idx = strings.Replace(idx, `"bridgeRequirement": "never"`, `"bridgeRequirement": "required"`, 1)
	idx = strings.Replace(idx, `"supportedPlatforms": []`, `"supportedPlatforms": ["linux"]`, 1)
	m["skills/index.json"] = &fstest.MapFile{Data: []byte(idx)}
	golden.RequireEqual(t, fixOnce(t, m, "osloop/index-mirror-missing"))
}

func TestFixDescription(t *testing.T) {
	m := fixtureFS(t)
	idx := strings.Replace(string(m["skills/index.json"].Data), "Counts words, lines and characters in a text", "Translates text", 1)
	m["skills/index.json"] = &fstest.MapFile{Data: []byte(idx)}
	after := fixOnce(t, m, "osloop/index-description")
	if !strings.Contains(after, `"description": "Counts words, lines and characters in a text and can fetch the text from a docs page",`) {
		t.Errorf("description not copied:\n%s", after)
	}
}

func TestIndexAtFSRoot(t *testing.T) {
	// The FS is the skills folder itself: folderPath's first element names
	// the folder the FS starts at.
	m := fstest.MapFS{}
	for k, v := range fixtureFS(t) {
		if rest, ok := strings.CutPrefix(k, "skills/"); ok {
			m[rest] = v
		}
	}
	s := Load(m, "word-count", model.Options{})
	loose := CheckIndex(m, "index.json", []*model.Skill{s}, model.Options{})
	if all := append(s.Diagnostics, loose...); len(all) > 0 {
		t.Errorf("findings:\n%s", dump(all))
	}
	if strings.Join(s.Keywords, ",") != "text,statistics" {
		t.Errorf("keywords = %v, want the index tags", s.Keywords)
	}
}

// FuzzReadIndex: any index.json bytes are read without panic; findings
// are positioned inside the file and fixes edit inside it.
func FuzzReadIndex(f *testing.F) {
	m := fixtureFS(f)
	f.Add(m["skills/index.json"].Data)
	f.Add([]byte(`[{"name": "word-count", "folderPath": "/etc"}, {"folderPath": "skills/../../x"}, 1, null]`))
	f.Add([]byte(`[{"name": "a", "name": "b", "tags": "x", "folderPath": "skills\\word-count"}]`))
	f.Add([]byte("\xef\xbb\xbf[]"))
	skill := Load(m, fixtureDir, model.Options{FindingsOnly: true})
	f.Fuzz(func(t *testing.T, index []byte) {
		fsys := fstest.MapFS{}
		for k, v := range m {
			fsys[k] = v
		}
		fsys["skills/index.json"] = &fstest.MapFile{Data: index}
		s := *skill
		s.Diagnostics = nil
		loose := CheckIndex(fsys, "skills/index.json", []*model.Skill{&s}, model.Options{})
		for _, d := range append(s.Diagnostics, loose...) {
			if d.File != "skills/index.json" {
				continue
			}
			if d.Line < 1 || d.Line > strings.Count(string(index), "\n")+1 {
				t.Fatalf("%s: line outside the file", d)
			}
			if d.Fix != nil {
				applyFix(t, fsys, d.Fix)
				fsys["skills/index.json"] = &fstest.MapFile{Data: index}
			}
		}
	})
}

// oneLineIndex is the fixture's index with its entry written on one line,
// as many hand-kept indexes are.
const oneLineIndex = `[
	{"name": "word-count", "description": "Counts words, lines and characters in a text", "version": "1.2.0", "author": "skillstudio tests", "folderPath": "skills/word-count", "tags": ["text", "statistics"], "supportedPlatforms": [], "bridgeRequirement": "never", "workspaceSupport": "none", "longRunningSupport": "none", "userInputSupport": false, "artifactVersioningSupport": false, "executionMode": "declarative"}
]
`

// A fix to an index whose entries are written one per line keeps each on
// its line: spreading the new member over lines reflowed the author's file.
func TestFixOneLineEntryStaysOnOneLine(t *testing.T) {
	for _, tc := range []struct {
		name, rule string
		edit       func(idx, manifest string) (string, string)
	}{
		{"mirror-missing", "osloop/index-mirror-missing", func(idx, man string) (string, string) {
			return strings.Replace(idx, `, "supportedPlatforms": []`, "", 1), setJSON(t, man, "supportedPlatforms", `["macos", "linux"]`)
		}},
		{"mismatch", "osloop/index-mismatch", func(idx, man string) (string, string) {
			return idx, setJSON(t, man, "supportedPlatforms", `["macos", "linux"]`)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := fixtureFS(t)
			idx, man := tc.edit(oneLineIndex, string(m[fixtureDir+"/manifest.json"].Data))
			m["skills/index.json"] = &fstest.MapFile{Data: []byte(idx)}
			m[fixtureDir+"/manifest.json"] = &fstest.MapFile{Data: []byte(man)}
			after := fixOnce(t, m, tc.rule)
			if strings.Count(after, "\n") != strings.Count(idx, "\n") {
				t.Errorf("the fix spread the entry over lines:\n%s", after)
			}
			if !strings.Contains(after, `"executionMode": "declarative", "supportedPlatforms": ["macos", "linux"]}`) && !strings.Contains(after, `"tags": ["text", "statistics"], "supportedPlatforms": ["macos", "linux"], "bridgeRequirement"`) {
				t.Errorf("the value is not written inline where it belongs:\n%s", after)
			}
		})
	}
}

// A new entry goes into an index of one-line entries on one line.
func TestFixAddEntryOneLine(t *testing.T) {
	m := fixtureFS(t)
	other := `{"name": "other", "description": "Something else", "version": "0.1.0", "author": "someone", "folderPath": "skills/other", "tags": ["x"]}`
	after := indexMissingFixed(t, m, "[\n\t"+other+"\n]\n")
	want := "[\n\t" + other + ",\n\t{\"name\": \"word-count\", "
	if !strings.HasPrefix(after, want) || strings.Count(after, "\n") != 4 || !json.Valid([]byte(after)) {
		t.Errorf("the new entry is not one line after the other:\n%s", after)
	}
}

// indexMissingFixed writes index as the fixture's skills/index.json,
// applies the osloop/index-missing fix the fixture's skill gets, and
// returns the index after it.
func indexMissingFixed(t *testing.T, m fstest.MapFS, index string) string {
	t.Helper()
	m["skills/index.json"] = &fstest.MapFile{Data: []byte(index)}
	s := Load(m, fixtureDir, model.Options{})
	CheckIndex(m, "skills/index.json", []*model.Skill{s}, model.Options{})
	var fix *model.Fix
	for _, d := range s.Diagnostics {
		if d.Rule == "osloop/index-missing" {
			fix = d.Fix
		}
	}
	if fix == nil {
		t.Fatalf("no fix:\n%s", dump(s.Diagnostics))
	}
	applyFix(t, m, fix)
	return string(m["skills/index.json"].Data)
}
