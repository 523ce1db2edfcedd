package templates

import (
	"bytes"
	"encoding/json"
	"testing"
	"testing/fstest"

	"gopkg.in/yaml.v3"

	"github.com/skillstudio/skillstudio/model"
)

// FuzzRenderValues: any values either fail validation with a FieldError
// or render every template of the format; the rendered manifest.json and
// SKILL.md frontmatter then parse and hold the very description typed.
func FuzzRenderValues(f *testing.F) {
	for _, c := range inputCases {
		f.Add(c.v.Name, c.v.Description, c.v.Author)
	}
	f.Add("x", "a: b # c", "\"'\\")
	f.Fuzz(func(t *testing.T, name, desc, author string) {
		for _, format := range model.Formats {
			v := Values{Name: name, Description: desc, Author: author, Matches: []string{"<all_urls>"}}.Normalized(format)
			if err := v.Validate(format); err != nil {
				if _, ok := err.(*FieldError); !ok {
					t.Fatalf("Validate error %T %v is not a FieldError", err, err)
				}
				continue
			}
			ts, _ := List(format, t.TempDir())
			for _, tm := range ts {
				v.With = tm.Optional
				files, err := tm.Render(v)
				if err != nil {
					t.Fatalf("%s/%s: %v", format, tm.Name, err)
				}
				for _, file := range files {
					switch file.Path {
					case "manifest.json":
						var m struct{ Description, Author string }
						if err := json.Unmarshal(file.Data, &m); err != nil || m.Description != v.Description || m.Author != v.Author {
							t.Fatalf("%s/%s manifest: %v %+v", format, tm.Name, err, m)
						}
					case "SKILL.md":
						parts := bytes.SplitN(file.Data, []byte("\n---\n"), 2)
						var fm struct{ Description string }
						if err := yaml.Unmarshal(bytes.TrimPrefix(parts[0], []byte("---\n")), &fm); err != nil || fm.Description != v.Description {
							t.Fatalf("%s/%s frontmatter: %v %q", format, tm.Name, err, fm.Description)
						}
					}
				}
			}
		}
	})
}

// FuzzTemplateMeta: a user's template.yaml never panics the reader; it
// loads or says what is wrong.
func FuzzTemplateMeta(f *testing.F) {
	f.Add([]byte("description: ok\noptional: [scripts]\n"))
	f.Add([]byte("description: [\n"))
	f.Add([]byte("optional: 3\n"))
	f.Fuzz(func(t *testing.T, meta []byte) {
		fsys := fstest.MapFS{MetaFile: {Data: meta}, "SKILL.md.tmpl": {Data: []byte("---\nname: {{.Name}}\n---\n")}}
		tm, err := readTemplate(fsys, ".", model.FormatSkillMD, "fuzz", "/tmp/fuzz")
		if err != nil {
			return
		}
		if tm.Description == "" {
			t.Fatal("loaded with an empty description")
		}
		tm.Render(Values{Name: "x", Description: "y", Version: "0.1.0"})
	})
}
