package osloop

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/skillstudio/skillstudio/model"
)

// describeSkill renders what Load produced for a person to review.
func describeSkill(s *model.Skill) string {
	var b strings.Builder
	fmt.Fprintf(&b, "format: %s\nname: %s\nversion: %s\nauthor: %s\ndescription: %s\nkeywords: %v\n", s.Format, s.Name, s.Version, s.Author, s.Description, s.Keywords)
	fmt.Fprintf(&b, "location: dir=%s file=%s\nfiles: %v\nbody: %s:%d\n", s.Location.Dir, s.Location.File, s.Files, s.BodyFile, s.BodyLine)
	b.WriteString("functions:\n")
	for _, f := range s.Functions {
		star := " "
		if f.Primary {
			star = "★"
		}
		fmt.Fprintf(&b, "  %s %s (%d:%d)\n    summary: %s\n    signature: %s\n    invocation: %s\n    input: %s\n    output: %s\n",
			star, f.Name, f.Line, f.Column, f.Summary, f.Signature, f.Invocation, f.Input, f.Output)
	}
	b.WriteString("fields:\n")
	var fields func([]model.Field, string)
	fields = func(fs []model.Field, indent string) {
		for _, f := range fs {
			fmt.Fprintf(&b, "%s%s: %s", indent, f.Name, f.Value)
			if len(f.List) > 0 {
				fmt.Fprintf(&b, "%v", f.List)
			}
			b.WriteString("\n")
			fields(f.Children, indent+"  ")
		}
	}
	fields(s.Fields, "  ")
	b.WriteString("diagnostics:\n")
	for _, d := range s.Diagnostics {
		fmt.Fprintf(&b, "  %s\n    hint: %s\n", d, d.Hint)
	}
	return b.String()
}

func TestLoadFixtureGolden(t *testing.T) {
	s := Load(fixtureFS(t), fixtureDir, model.Options{})
	if _, ok := s.Doc.(*Package); !ok {
		t.Fatalf("Doc is %T", s.Doc)
	}
	golden.RequireEqual(t, describeSkill(s))
}

func TestLoadSummaryBodyGolden(t *testing.T) {
	m := fixtureFS(t)
	delete(m, fixtureDir+"/docs.md")
	s := Load(m, fixtureDir, model.Options{})
	if s.BodyFile != "" {
		t.Errorf("BodyFile = %q for a generated body", s.BodyFile)
	}
	golden.RequireEqual(t, s.Body)
}

func TestLoadBrokenGolden(t *testing.T) {
	fsys := os.DirFS("testdata/broken")
	s := Load(fsys, "skills/Bad_Skill", model.Options{})
	loose := CheckIndex(fsys, "skills/index.json", []*model.Skill{s}, model.Options{})
	var b strings.Builder
	b.WriteString(describeSkill(s))
	b.WriteString("index (no skill):\n")
	for _, d := range loose {
		fmt.Fprintf(&b, "  %s\n    hint: %s\n", d, d.Hint)
	}
	golden.RequireEqual(t, b.String())
}

func TestLoadBadManifests(t *testing.T) {
	cases := []struct {
		name string
		data []byte
		rule string
		line int
	}{
		{"empty", nil, "osloop/json", 1},
		{"whitespace", []byte("  \n\n"), "osloop/json", 3},
		{"binary", []byte("\x00\x01\x02\xff"), "osloop/json", 1},
		{"not an object", []byte(`"just a string"`), "osloop/json", 1},
		{"array", []byte("[1, 2]"), "osloop/json", 1},
		{"duplicate keys", []byte("{\n\"name\": \"a\",\n\"name\": \"b\"\n}"), "osloop/duplicate-key", 3},
		{"cut short", []byte("{\n  \"name\": \"word-count\",\n  \"version\": "), "osloop/json", 3},
		{"huge", []byte("{\"x\": \"" + strings.Repeat("a", MaxFileSize) + "\"}"), "osloop/file-too-large", 1},
		{"deep", []byte(strings.Repeat("[", 100000)), "osloop/json", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := fixtureFS(t)
			m[fixtureDir+"/manifest.json"] = &fstest.MapFile{Data: c.data}
			s := Load(m, fixtureDir, model.Options{})
			found := false
			for _, d := range s.Diagnostics {
				if d.Rule == c.rule && d.Line == c.line && d.File == fixtureDir+"/manifest.json" {
					found = true
				}
			}
			if !found {
				t.Errorf("want %s on line %d, got:\n%s", c.rule, c.line, dump(s.Diagnostics))
			}
			if s.Name != "word-count" && c.rule != "osloop/duplicate-key" {
				t.Errorf("name = %q, want the folder name", s.Name)
			}
		})
	}
}

func TestLoadMissingFolder(t *testing.T) {
	s := Load(fstest.MapFS{}, "skills/ghost", model.Options{})
	if s == nil || !hasRule(s.Diagnostics, "osloop/manifest-missing") || s.Name != "ghost" {
		t.Fatalf("got %+v", s)
	}
}

// FuzzLoad: arbitrary manifest, module and index bytes never panic, and
// every finding has a rule, a hint and a position inside its file.
func FuzzLoad(f *testing.F) {
	m := fixtureFS(f)
	f.Add(m[fixtureDir+"/manifest.json"].Data, string(m[fixtureDir+"/module.ts"].Data), m["skills/index.json"].Data)
	f.Add([]byte(`{"name": 1, "tools": [{"handlerExport": "x", "inputSchema": {"$ref": "file:///etc/passwd"}}]}`), "export const execute = 1", []byte(`[{"folderPath": "../../x"}]`))
	f.Add([]byte(`{"lifecycleHooks": [{}], "oauth": [{"clientIdBinding": 1}], "agenticConfig": {"enabled": true}, "executionMode": "agentic"}`), "", []byte(`[[]]`))
	f.Add([]byte(`{"inputSchema": {"type": "object", "properties": {"a": {"type": ["string", 1]}}}}`), "host.llm.complete(", []byte(`[{},{}]`))
	f.Fuzz(func(t *testing.T, manifest []byte, module string, index []byte) {
		fsys := fstest.MapFS{
			"skills/s/manifest.json": {Data: manifest},
			"skills/s/module.ts":     {Data: []byte(module)},
			"skills/index.json":      {Data: index},
		}
		s := Load(fsys, "skills/s", model.Options{})
		loose := CheckIndex(fsys, "skills/index.json", []*model.Skill{s}, model.Options{})
		for _, d := range append(s.Diagnostics, loose...) {
			if d.Rule == "" || d.Hint == "" || d.Line < 0 || d.Column < 0 {
				t.Fatalf("bad finding %+v", d)
			}
			if d.Fix != nil {
				for _, e := range d.Fix.Edits {
					if e.Start < 0 || e.End > len(fsys[e.File].Data) || e.Start > e.End {
						t.Fatalf("fix edit %+v outside %s", e, e.File)
					}
				}
			}
		}
	})
}

func TestLoadFindingsOnly(t *testing.T) {
	m := fixtureFS(t)
	full := Load(m, fixtureDir, model.Options{})
	lint := Load(m, fixtureDir, model.Options{FindingsOnly: true})
	if len(lint.Functions) != 0 || lint.Body != "" || lint.Fields != nil {
		t.Errorf("FindingsOnly kept the views: %d functions, %d body bytes", len(lint.Functions), len(lint.Body))
	}
	if pkg, ok := lint.Doc.(*Package); !ok || pkg.Manifest == nil {
		t.Fatal("FindingsOnly dropped the manifest CheckIndex needs")
	}
	if dump(full.Diagnostics) != dump(lint.Diagnostics) {
		t.Errorf("findings differ:\n%s\nvs\n%s", dump(full.Diagnostics), dump(lint.Diagnostics))
	}
	if loose := CheckIndex(m, "skills/index.json", []*model.Skill{lint}, model.Options{FindingsOnly: true}); len(loose) > 0 {
		t.Errorf("index findings: %s", dump(loose))
	}
}

// TestLoadConcurrent: formats.Stream runs one Load per CPU; the shared schema
// compilers and result cache must be safe for that (run with -race).
func TestLoadConcurrent(t *testing.T) {
	m := fixtureFS(t)
	done := make(chan string)
	for i := 0; i < 8; i++ {
		go func(i int) {
			fsys := fstest.MapFS{}
			for k, v := range m {
				fsys[k] = v
			}
			// A distinct schema per goroutine, so compiles really happen.
			src := setJSON(t, string(m[fixtureDir+"/manifest.json"].Data), "outputSchema.properties.tone.description", fmt.Sprintf("%q", fmt.Sprint("tone ", i)))
			src = setJSON(t, src, "inputSchema.properties.text.type", `"strnig"`)
			fsys[fixtureDir+"/manifest.json"] = &fstest.MapFile{Data: []byte(src)}
			s := Load(fsys, fixtureDir, model.Options{})
			done <- dump(s.Diagnostics)
		}(i)
	}
	for i := 0; i < 8; i++ {
		if got := <-done; !strings.Contains(got, "osloop/schema-invalid") {
			t.Errorf("goroutine result lacks the schema finding:\n%s", got)
		}
	}
}
