package skillmd

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/model"
)

func findings(s *model.Skill, rule string) []model.Diagnostic {
	var out []model.Diagnostic
	for _, d := range s.Diagnostics {
		if d.Rule == rule {
			out = append(out, d)
		}
	}
	return out
}

func TestLoadFillsTheSkill(t *testing.T) {
	src := "---\n" +
		"name: demo-skill\n" +
		"description: Shows everything. Use when testing.\n" +
		"license: MIT\n" +
		"version: 2.0.0\n" +
		"metadata:\n" +
		"  author: someone\n" +
		"  tags: \"alpha, beta\"\n" +
		"  homepage: https://example.com\n" +
		"---\n" +
		"# Demo\n\nSee [guide](references/guide.md).\n"
	s := loadCase(map[string]string{"SKILL.md": src, "references/guide.md": "# Guide\n", "scripts/run.sh": "echo\n"}, "")
	want := model.Skill{
		Format: model.FormatSkillMD, Name: "demo-skill", Version: "2.0.0",
		Description: "Shows everything. Use when testing.", Author: "someone", License: "MIT",
		Homepage: "https://example.com", Keywords: []string{"alpha", "beta"},
	}
	got := model.Skill{Format: s.Format, Name: s.Name, Version: s.Version, Description: s.Description,
		Author: s.Author, License: s.License, Homepage: s.Homepage, Keywords: s.Keywords}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("identity:\n got %+v\nwant %+v", got, want)
	}
	if s.Location.File != skillDir+"/SKILL.md" || s.Location.Dir != skillDir {
		t.Errorf("location %+v", s.Location)
	}
	if want := []string{"SKILL.md", "references/guide.md", "scripts/run.sh"}; !reflect.DeepEqual(s.Files, want) {
		t.Errorf("files %v, want %v", s.Files, want)
	}
	if s.BodyLine != 11 || !strings.HasPrefix(s.Body, "# Demo") || s.BodyFile != s.Location.File {
		t.Errorf("body at line %d of %s: %q", s.BodyLine, s.BodyFile, s.Body)
	}
	doc, ok := s.Doc.(*Document)
	if !ok || doc.Frontmatter.Node == nil || doc.BodyTokens <= 0 || doc.ReferenceTokens["references/guide.md"] <= 0 {
		t.Fatalf("document %+v", doc)
	}
	names := []string{}
	for _, f := range s.Fields {
		names = append(names, f.Name)
	}
	if want := []string{"name", "description", "license", "version", "metadata"}; !reflect.DeepEqual(names, want) {
		t.Errorf("field order %v, want %v", names, want)
	}
	if meta := s.Fields[4]; len(meta.Children) != 3 || meta.Children[1].Value != "alpha, beta" {
		t.Errorf("metadata children %+v", meta.Children)
	}
}

func TestNameFallsBackToFolder(t *testing.T) {
	s := loadCase(map[string]string{"SKILL.md": "# no frontmatter\n"}, "")
	if s.Name != "demo-skill" {
		t.Errorf("name %q", s.Name)
	}
}

func TestRealCasingOfMainFile(t *testing.T) {
	s := loadCase(map[string]string{"Skill.MD": md("", plainBody)}, "")
	if s.Location.File != skillDir+"/Skill.MD" {
		t.Errorf("file %q", s.Location.File)
	}
	if len(findings(s, "skillmd/file-name")) != 1 {
		t.Errorf("findings %v", s.Diagnostics)
	}
}

// TestPositions: findings point at the offending value, counted in file
// lines and byte columns.
func TestPositions(t *testing.T) {
	src := "---\nname: demo-skill\ndescription: ok\ncategory:   games\nmetadata:\n  trust-level: gold\n---\n# Demo\n\nsee [x](nope.md) and [y](#nope)\n"
	s := loadCase(map[string]string{"SKILL.md": src}, "")
	check := func(rule string, line, col int) {
		t.Helper()
		ds := findings(s, rule)
		if len(ds) != 1 || ds[0].Line != line || ds[0].Column != col {
			t.Errorf("%s at %v, want %d:%d", rule, ds, line, col)
		}
	}
	check("skillmd/category", 4, 13)
	check("skillmd/trust-level", 6, 16)
	check("skillmd/link", 10, 5)
	check("skillmd/anchor", 10, 22)
}

// TestPositionsAfterMultibyte: columns are bytes even after non-ASCII text.
func TestPositionsAfterMultibyte(t *testing.T) {
	src := "---\nname: demo-skill\ndescription: ok\ntags: [\"é\", {a: b}]\n---\n"
	s := loadCase(map[string]string{"SKILL.md": src}, "")
	ds := findings(s, "skillmd/tags")
	if len(ds) != 1 || ds[0].Line != 4 || ds[0].Column != 7 {
		t.Errorf("tags at %v, want 4:7", ds)
	}
	src = "---\nname: demo-skill\ndescription: ok\nmetadata: {é: x, v: [1]}\n---\n"
	s = loadCase(map[string]string{"SKILL.md": src}, "")
	ds = findings(s, "skillmd/metadata-value")
	// "metadata: {é: x, v: " is 21 bytes (é is two), so [1] is at byte 22.
	if len(ds) != 1 || ds[0].Column != 22 {
		t.Errorf("metadata-value at %v, want column 22", ds)
	}
}

func TestTolerance(t *testing.T) {
	t.Run("CRLF and BOM", func(t *testing.T) {
		src := "\ufeff" + strings.ReplaceAll(md("category: games\n", plainBody), "\n", "\r\n")
		s := loadCase(map[string]string{"SKILL.md": src}, "")
		if s.Name != "demo-skill" || len(findings(s, "skillmd/frontmatter")) > 0 {
			t.Fatalf("%v", s.Diagnostics)
		}
		if ds := findings(s, "skillmd/category"); len(ds) != 1 || ds[0].Line != 4 || ds[0].Column != 11 {
			t.Errorf("category at %v, want 4:11", ds)
		}
		if _, ok := FindHeading(s.Body, "## Setup Steps"); !ok {
			t.Error("heading not found in a CRLF body")
		}
	})
	t.Run("--- lines in the body", func(t *testing.T) {
		s := loadCase(map[string]string{"SKILL.md": md("", "# A\n\n---\n\nname: not-frontmatter\n\n---\n")}, "")
		if e, w, _ := s.Counts(); e+w > 0 || !strings.Contains(s.Body, "not-frontmatter") {
			t.Errorf("%v / body %q", s.Diagnostics, s.Body)
		}
	})
	t.Run("YAML that is not a map", func(t *testing.T) {
		for _, fm := range []string{"just text", "- a\n- b", "42"} {
			s := loadCase(map[string]string{"SKILL.md": "---\n" + fm + "\n---\n# Body\n"}, "")
			if len(findings(s, "skillmd/frontmatter")) != 1 || s.Name != "demo-skill" || !strings.Contains(s.Body, "# Body") {
				t.Errorf("%q: %v", fm, s.Diagnostics)
			}
		}
	})
	t.Run("empty frontmatter", func(t *testing.T) {
		s := loadCase(map[string]string{"SKILL.md": "---\n---\n# Body\n"}, "")
		if len(findings(s, "skillmd/name")) != 1 || len(findings(s, "skillmd/description")) != 1 || len(findings(s, "skillmd/frontmatter")) != 0 {
			t.Errorf("%v", s.Diagnostics)
		}
	})
	t.Run("nested four folders deep", func(t *testing.T) {
		fsys := fstest.MapFS{"a/b/c/d/deep-skill/SKILL.md": {Data: []byte("---\nname: deep-skill\ndescription: deep\n---\n")}}
		s := Load(fsys, "a/b/c/d/deep-skill", model.Options{})
		if e, w, _ := s.Counts(); e+w > 0 || s.Name != "deep-skill" {
			t.Errorf("%v", s.Diagnostics)
		}
	})
	t.Run("skill at the FS root", func(t *testing.T) {
		fsys := fstest.MapFS{"SKILL.md": {Data: []byte("---\nname: any-name\ndescription: root\n---\n")}}
		s := Load(fsys, ".", model.Options{})
		if e, w, _ := s.Counts(); e+w > 0 || s.Name != "any-name" || s.Location.File != "SKILL.md" {
			t.Errorf("%q %v", s.Location.File, s.Diagnostics)
		}
	})
	t.Run("missing folder", func(t *testing.T) {
		s := Load(fstest.MapFS{}, "nowhere", model.Options{})
		if len(findings(s, "skillmd/frontmatter")) != 1 || s.Name != "nowhere" {
			t.Errorf("%v", s.Diagnostics)
		}
	})
	t.Run("invalid UTF-8 in the frontmatter", func(t *testing.T) {
		s := loadCase(map[string]string{"SKILL.md": "---\nname: demo-skill\ndescription: caf\xe9\n---\n"}, "")
		ds := findings(s, "skillmd/encoding")
		if len(ds) != 1 || ds[0].Line != 3 || ds[0].Column != 17 || s.Description != "caf?" {
			t.Errorf("%v %q", s.Diagnostics, s.Description)
		}
	})
}

// TestDescriptionColonFix: the fix quotes exactly the value, and the
// fixed file loads clean.
func TestDescriptionColonFix(t *testing.T) {
	before := "---\r\nname: demo-skill\r\ndescription: Use when: the user says \"go\" \\ now\r\n---\r\n# Demo\r\n"
	s := loadCase(map[string]string{"SKILL.md": before}, "")
	if s.Description != `Use when: the user says "go" \ now` {
		t.Errorf("description read as %q", s.Description)
	}
	ds := findings(s, "skillmd/description-colon")
	if len(ds) != 1 || ds[0].Fix == nil || ds[0].Line != 3 || ds[0].Column != 14 {
		t.Fatalf("%v", s.Diagnostics)
	}
	after := applyFix(t, before, ds[0].Fix)
	want := "---\r\nname: demo-skill\r\ndescription: \"Use when: the user says \\\"go\\\" \\\\ now\"\r\n---\r\n# Demo\r\n"
	if after != want {
		t.Errorf("after fix:\n%q\nwant\n%q", after, want)
	}
	s2 := loadCase(map[string]string{"SKILL.md": after}, "")
	if e, w, _ := s2.Counts(); e+w > 0 || s2.Description != s.Description {
		t.Errorf("fixed file: %v, description %q", s2.Diagnostics, s2.Description)
	}
}

// TestDescriptionColonFixLeavesComments: a comment after a tab is a
// comment as one after a space is; the fix does not quote it into the
// value (it quoted "x\t# note" whole, the space form it left alone).
func TestDescriptionColonFixLeavesComments(t *testing.T) {
	for _, line := range []string{"description: Use when: x # note\n", "description: Use when: x\t# note\n"} {
		s := loadCase(map[string]string{"SKILL.md": "---\nname: demo-skill\n" + line + "---\n# Demo\n"}, "")
		for _, d := range s.Diagnostics {
			if d.Fix != nil {
				t.Errorf("%q: fix offered: %+v", line, d.Fix)
			}
		}
	}
}

func applyFix(t *testing.T, src string, fix *model.Fix) string {
	t.Helper()
	out := src
	for i := len(fix.Edits) - 1; i >= 0; i-- {
		e := fix.Edits[i]
		if e.File != skillDir+"/SKILL.md" || e.Start < 0 || e.End > len(out) || e.Start > e.End {
			t.Fatalf("bad edit %+v", e)
		}
		out = out[:e.Start] + e.NewText + out[e.End:]
	}
	return out
}

func TestQuoteYAML(t *testing.T) {
	for in, want := range map[string]string{
		"plain":           `"plain"`,
		`a "b" \c`:        `"a \"b\" \\c"`,
		"tab\there":       `"tab\there"`,
		"bell\a":          `"bell\x07"`,
		"unicode é 🎉":     `"unicode é 🎉"`,
		"line\u2028break": `"line\u2028break"`,
	} {
		if got := QuoteYAML(in); got != want {
			t.Errorf("QuoteYAML(%q) = %s, want %s", in, got, want)
		}
		if doc, err := decodeYAML([]byte("v: " + QuoteYAML(in))); err != nil || mapGet(doc.Content[0], "v").Value != in {
			t.Errorf("QuoteYAML(%q) does not read back: %v", in, err)
		}
	}
}

// TestSpecExamples: the spec's Minimal Valid SKILL.md and its copy-paste
// templates give no errors when saved as a skill of their own name.
func TestSpecExamples(t *testing.T) {
	spec, err := os.ReadFile(filepath.Join(specsDir(t), "skill-md-format.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```markdown\n(.*?)\n```").FindAllSubmatch(spec, -1)
	if len(blocks) < 4 {
		t.Fatalf("found %d markdown examples in the spec", len(blocks))
	}
	for i, b := range blocks {
		src := string(b[1]) + "\n"
		name := regexp.MustCompile(`(?m)^name: (\S+)`).FindStringSubmatch(src)
		if name == nil {
			t.Fatalf("example %d has no name", i)
		}
		files := map[string]string{"SKILL.md": src, "references/auth-guide.md": "# Auth\n"}
		fsys := fstest.MapFS{}
		for f, text := range files {
			fsys["skills/"+name[1]+"/"+f] = &fstest.MapFile{Data: []byte(text)}
		}
		s := Load(fsys, "skills/"+name[1], model.Options{})
		if e, _, _ := s.Counts(); e > 0 {
			t.Errorf("spec example %d (%s): %v", i, name[1], s.Diagnostics)
		}
	}
}

// TestDescriptionColonSeverity: an unquoted ": " makes the frontmatter
// invalid YAML, which skills-ref and Codex (serde_yaml) reject, so it is an
// error; only Claude Code re-reads the line and loads the skill, so under
// its profile it stays a warning.
func TestDescriptionColonSeverity(t *testing.T) {
	files := map[string]string{"SKILL.md": "---\nname: demo-skill\ndescription: Use when: the user asks\n---\n# Demo\n"}
	for p, want := range map[model.Profile]model.Severity{
		model.ProfileAll:         model.SeverityError,
		model.ProfileAgentSkills: model.SeverityError,
		model.ProfileCodex:       model.SeverityError,
		model.ProfileSkillli:     model.SeverityError,
		model.ProfileClaudeCode:  model.SeverityWarning,
	} {
		ds := findings(loadCase(files, p), "skillmd/description-colon")
		if len(ds) != 1 || ds[0].Severity != want {
			t.Errorf("profile %s: %v, want one %s", p, ds, want)
		}
	}
}

// TestColonAndAnotherYAMLErrorAtOnce: an unquoted ": " and an unrelated
// YAML error are both reported in one run; the colon showed only after
// the other was fixed. An error on the repaired line itself stays alone.
func TestColonAndAnotherYAMLErrorAtOnce(t *testing.T) {
	for name, tc := range map[string]struct {
		fm        string
		colonLine int // 0: no colon finding expected
		errLine   int // 0: where yaml.v3 puts it (for an unclosed flow, the line before)
	}{
		"flow after":   {"name: demo-skill\ndescription: Sorts notes: by date\ntags: [one, two\n", 3, 0},
		"indent after": {"name: demo-skill\ndescription: Sorts notes: by date\nowner: me\n  team: us\n", 3, 5},
		"flow before":  {"name: demo-skill\ntags: [one, two\ndescription: Sorts notes: by date\n", 4, 0},
		// Quoting leaves the continuation line behind, which YAML then
		// rejects: the repair's own error, reported alone as before.
		"continuation": {"name: demo-skill\ndescription: Sorts notes: by date\n  more: y\n", 0, 0},
	} {
		s := loadCase(map[string]string{"SKILL.md": "---\n" + tc.fm + "---\n# Demo\n"}, "")
		colon, yamlErr := findings(s, "skillmd/description-colon"), findings(s, "skillmd/frontmatter")
		if len(yamlErr) != 1 {
			t.Errorf("%s: frontmatter findings %v", name, s.Diagnostics)
			continue
		}
		if tc.colonLine == 0 {
			if len(colon) != 0 {
				t.Errorf("%s: colon reported beside the repair's own error: %v", name, colon)
			}
			continue
		}
		if len(colon) != 1 || colon[0].Line != tc.colonLine || colon[0].Fix == nil {
			t.Errorf("%s: colon findings %v", name, colon)
		}
		if tc.errLine != 0 && yamlErr[0].Line != tc.errLine {
			t.Errorf("%s: YAML error at line %d, want %d: %v", name, yamlErr[0].Line, tc.errLine, yamlErr)
		}
	}
}

// TestCapitalisedKeys: a known field written with capitals is lost (YAML
// keys are case-sensitive), whether it is four letters (Name, Tags) or
// eleven; each is the same warning with a fix that lower-cases the key,
// and the missing name and description errors name the capitalised key.
func TestCapitalisedKeys(t *testing.T) {
	before := "---\nName: demo-skill\nVersion: 1.2.0\nCategory: devops\nTags: [receipts, dates]\nDescription: Sorts receipts by date. Use when filing expenses.\n---\n# Demo\n"
	s := loadCase(map[string]string{"SKILL.md": before}, "")
	ds := findings(s, "skillmd/unknown-field")
	if len(ds) != 5 {
		t.Fatalf("want 5 unknown-field findings, got %v", s.Diagnostics)
	}
	var edits []model.TextEdit
	for _, d := range ds {
		if d.Severity != model.SeverityWarning || d.Fix == nil || !strings.Contains(d.Message, "case-sensitive") {
			t.Errorf("%v (fix %v)", d, d.Fix)
			continue
		}
		edits = append(edits, d.Fix.Edits...)
	}
	for _, id := range []string{"skillmd/name", "skillmd/description"} {
		if f := findings(s, id); len(f) != 1 || !strings.Contains(f[0].Message, "case-sensitive") || !strings.Contains(f[0].Hint, "lower case") {
			t.Errorf("%s: %v", id, f)
		}
	}
	slices.SortFunc(edits, func(a, b model.TextEdit) int { return a.Start - b.Start })
	after := applyFix(t, before, &model.Fix{Edits: edits})
	lower := strings.NewReplacer("Name:", "name:", "Version:", "version:", "Category:", "category:", "Tags:", "tags:", "Description:", "description:")
	if want := lower.Replace(before); after != want {
		t.Errorf("after fixes:\n%s", after)
	}
	s2 := loadCase(map[string]string{"SKILL.md": after}, "")
	if e, w, _ := s2.Counts(); e+w > 0 || s2.Name != "demo-skill" {
		t.Errorf("fixed file: %v", s2.Diagnostics)
	}
	// The lower-case key is there too, or the key is quoted: still the
	// warning, but no edit (which value wins is the author's call).
	for _, fm := range []string{"name: demo-skill\nName: other\n", "\"Name\": demo-skill\n"} {
		s := loadCase(map[string]string{"SKILL.md": "---\n" + fm + "description: Sorts receipts.\n---\n"}, "")
		ds := findings(s, "skillmd/unknown-field")
		if len(ds) != 1 || ds[0].Severity != model.SeverityWarning || ds[0].Fix != nil {
			t.Errorf("%q: %v", fm, s.Diagnostics)
		}
	}
}

// TestSecondFrontmatterNamesTheLostFields: the warning lists the second
// block's keys and says which the first block leaves without a value.
func TestSecondFrontmatterNamesTheLostFields(t *testing.T) {
	s := loadCase(map[string]string{"SKILL.md": "---\nname: demo-skill\ndescription: \n---\n\n---\nname: demo-skill\ndescription: Shows a demo.\nargument-hint: \"[file]\"\n---\n\nBody.\n"}, "")
	ds := findings(s, "skillmd/frontmatter")
	if len(ds) != 1 {
		t.Fatalf("got %d findings, want 1: %v", len(ds), ds)
	}
	d := ds[0]
	if d.Severity != model.SeverityWarning || d.Line != 6 {
		t.Errorf("got %s at line %d, want a warning at line 6", d.Severity, d.Line)
	}
	for _, want := range []string{"(name, description, argument-hint)", "no value for description"} {
		if !strings.Contains(d.Message, want) {
			t.Errorf("message %q lacks %q", d.Message, want)
		}
	}
}

// A key that is a mapping or a list (`? {a: 1}`, `[x, y]: v`, an alias of
// one) is named as such at its position; yaml.v3 gives it an empty
// Value, so two of them were reported as the field "" twice ("YAML
// forbids duplicate keys", which it does not here) and each as the
// unknown field "". A plain key aliased still reads as its text.
func TestCompositeKeysAreNamedNotReadAsEmptyFields(t *testing.T) {
	s := loadCase(map[string]string{"SKILL.md": "---\nname: demo-skill\ndescription: Shows a demo.\n? {a: 1}\n: x\n[1, 2]: y\nk: &m {b: 2}\n? *m\n: z\n---\n\nBody.\n"}, "")
	ds := findings(s, "skillmd/frontmatter")
	var lines []int
	for _, d := range ds {
		if strings.Contains(d.Message, "twice") || !strings.Contains(d.Message, "a frontmatter key is a YAML ") {
			t.Errorf("unexpected finding: %s", d)
		}
		lines = append(lines, d.Line)
	}
	if want := []int{4, 6, 8}; !slices.Equal(lines, want) {
		t.Errorf("composite keys reported on lines %v, want %v", lines, want)
	}
	for _, d := range findings(s, "skillmd/unknown-field") {
		if strings.Contains(d.Message, `""`) {
			t.Errorf("a composite key was read as the field \"\": %s", d)
		}
	}
}

// A tagged scalar is named by its tag: description: !!binary … was
// "description must be a string, not a string".
func TestTaggedScalarIsNamedByItsTag(t *testing.T) {
	s := loadCase(map[string]string{"SKILL.md": "---\nname: demo-skill\ndescription: !!binary aGVsbG8=\n---\n\nBody.\n"}, "")
	ds := findings(s, "skillmd/field-type")
	if len(ds) != 1 || !strings.Contains(ds[0].Message, "not binary data (!!binary)") {
		t.Fatalf("got %v, want one field-type finding naming !!binary", ds)
	}
}

// A frontmatter whose closing --- lies past the read cap is not "never
// closed": the finding says where reading stopped.
func TestFrontmatterClosingPastTheCapIsNotNeverClosed(t *testing.T) {
	big := "---\nname: demo-skill\ndescription: " + strings.Repeat("a", MaxFileBytes+10) + "\n---\n\nBody.\n"
	s := loadCase(map[string]string{"SKILL.md": big}, "")
	ds := findings(s, "skillmd/frontmatter")
	if len(ds) != 1 || strings.Contains(ds[0].Message, "never closed") || !strings.Contains(ds[0].Message, "within the first 8 MiB") {
		t.Fatalf("got %v, want one finding saying the frontmatter does not close within the bytes read", ds)
	}
}
