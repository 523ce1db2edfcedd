package report

import (
	"charm.land/lipgloss/v2"

	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/skillstudio/skillstudio/internal/jsonschema"

	"github.com/skillstudio/skillstudio/model"
)

// testRules stand in for formats.Rules(): report does not depend on which
// rules the readers define.
var testRules = model.RuleSet{
	{ID: "library/duplicate-name", Severity: model.SeverityError, Doc: "Two skills share a name."},
	{ID: "library/unreadable", Severity: model.SeverityError, Doc: "A folder cannot be read."},
	{ID: "osloop/index-missing-entry", Severity: model.SeverityWarning, Doc: "A skill folder is missing from index.json.", Fixable: true},
	{ID: "skillmd/name-format", Severity: model.SeverityError, Doc: "name must be kebab-case."},
	{ID: "skillmd/unknown-field", Severity: model.SeverityWarning, Doc: "A frontmatter field no profile knows."},
	{ID: "xgs/missing-version", Severity: model.SeverityInfo, Doc: "@version is missing.", Fixable: true},
}

// sampleLibrary is a library rooted at /work/repo with one skill of each
// format, a library-level finding, a finding without a position, an end
// position, and a message carrying a terminal escape.
func sampleLibrary() *model.Library {
	root := filepath.FromSlash("/work/repo")
	loc := func(dir, file string) model.Location {
		return model.Location{Source: ".", Root: root, Local: true, Dir: dir, File: file}
	}
	return &model.Library{
		Diagnostics: []model.Diagnostic{
			{Rule: "library/unreadable", Severity: model.SeverityError, File: filepath.Join(root, "locked"), Message: "permission denied", Hint: "Check the folder's permissions."},
		},
		Skills: []*model.Skill{
			{Format: model.FormatXGS, Name: "forum", Location: loc("xgs", "xgs/forum.xgs.js"), Diagnostics: []model.Diagnostic{
				{Rule: "xgs/missing-version", Severity: model.SeverityInfo, File: "xgs/forum.xgs.js", Line: 1, Column: 1, Message: "no @version; it defaults to 0.0.0", Hint: "Add `// @version 0.1.0`."},
			}},
			{Format: model.FormatSkillMD, Name: "Bad_Name", Location: loc("skills/bad", "skills/bad/SKILL.md"), Diagnostics: []model.Diagnostic{
				{Rule: "skillmd/unknown-field", Severity: model.SeverityWarning, File: "skills/bad/SKILL.md", Line: 4, Column: 1, Message: "unknown field \"colour\x1b]52;c;aGk=\x07\"", Hint: "Remove it."},
				{Rule: "skillmd/name-format", Severity: model.SeverityError, File: "skills/bad/SKILL.md", Line: 2, Column: 7, EndLine: 2, EndColumn: 15, Message: "name \"Bad_Name\" is not kebab-case", Hint: "Use lowercase letters, digits and single hyphens."},
			}},
			{Format: model.FormatOSLoop, Name: "web-summary", Location: loc("osloop/skills/web-summary", "osloop/skills/web-summary/manifest.json"), Diagnostics: []model.Diagnostic{
				{Rule: "osloop/index-missing-entry", Severity: model.SeverityWarning, File: "osloop/skills/index.json", Line: 1, Column: 1, Message: "web-summary is not listed"},
			}},
			{Format: model.FormatSkillMD, Name: "clean", Location: loc("skills/clean", "skills/clean/SKILL.md")},
		},
	}
}

func opts() Options {
	return Options{BaseDir: filepath.FromSlash("/work/repo"), Rules: testRules, ToolVersion: "test"}
}

func TestText(t *testing.T) {
	var buf bytes.Buffer
	if err := Text(&buf, sampleLibrary(), opts()); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if strings.Contains(out, "\x1b") {
		t.Errorf("plain text output carries escape sequences:\n%q", out)
	}
	golden.RequireEqual(t, buf.Bytes())
}

func TestTextColor(t *testing.T) {
	o := opts()
	o.Color = true
	var buf bytes.Buffer
	if err := Text(&buf, sampleLibrary(), o); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "\x1b[") {
		t.Error("coloured output has no SGR sequences")
	}
	if strings.Contains(buf.String(), "\x1b]52") {
		t.Error("a skill's OSC 52 escape reached the terminal")
	}
	golden.RequireEqual(t, buf.Bytes())
}

func TestTextEmptyLibrary(t *testing.T) {
	var buf bytes.Buffer
	Text(&buf, &model.Library{}, Options{})
	if got := buf.String(); got != "0 errors, 0 warnings, 0 infos in 0 skills\n" {
		t.Errorf("got %q", got)
	}
}

func TestSummaryLinePlurals(t *testing.T) {
	if got := SummaryLine(Summary{Skills: 1, Errors: 1, Warnings: 2, Infos: 1, Listed: 4}); got != "1 error, 2 warnings, 1 info in 1 skill" {
		t.Errorf("got %q", got)
	}
}

func TestJSON(t *testing.T) {
	var buf bytes.Buffer
	if err := JSON(&buf, sampleLibrary(), opts()); err != nil {
		t.Fatal(err)
	}
	// Exactly one object with the documented keys.
	dec := json.NewDecoder(bytes.NewReader(buf.Bytes()))
	var top map[string]json.RawMessage
	if err := dec.Decode(&top); err != nil {
		t.Fatal(err)
	}
	if dec.More() {
		t.Error("more than one JSON value")
	}
	for _, k := range []string{"skills", "library", "summary"} {
		if _, ok := top[k]; !ok {
			t.Errorf("missing key %q", k)
		}
	}
	var r struct {
		Skills []struct {
			Path, Format, Name string
			Diagnostics        []map[string]any
		}
		Summary Summary
	}
	json.Unmarshal(buf.Bytes(), &r)
	if r.Summary != (Summary{Skills: 4, Errors: 2, Warnings: 2, Infos: 1, Listed: 5}) {
		t.Errorf("summary = %+v", r.Summary)
	}
	for _, s := range r.Skills {
		if s.Diagnostics == nil {
			t.Errorf("%s: diagnostics is null, want []", s.Path)
		}
		for _, d := range s.Diagnostics {
			for _, k := range []string{"rule", "severity", "file", "line", "column", "message"} {
				if _, ok := d[k]; !ok {
					t.Errorf("%s: diagnostic without %q: %v", s.Path, k, d)
				}
			}
		}
	}
	golden.RequireEqual(t, buf.Bytes())
}

func TestJSONEmptyLibraryHasLists(t *testing.T) {
	var buf bytes.Buffer
	JSON(&buf, &model.Library{}, Options{})
	want := `{"skills":[],"library":[],"summary":{"skills":0,"errors":0,"warnings":0,"infos":0,"listed":0}}`
	var compact bytes.Buffer
	json.Compact(&compact, buf.Bytes())
	if compact.String() != want {
		t.Errorf("got %s", compact.String())
	}
}

func TestSARIF(t *testing.T) {
	var buf bytes.Buffer
	if err := SARIF(&buf, sampleLibrary(), opts()); err != nil {
		t.Fatal(err)
	}
	validateSARIF(t, buf.Bytes())
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct{ ID string }
				}
			}
			Results []struct {
				RuleID    string
				RuleIndex *int
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
					}
				}
			}
		}
	}
	json.Unmarshal(buf.Bytes(), &log)
	run := log.Runs[0]
	if len(run.Tool.Driver.Rules) != len(testRules) || len(run.Results) != 5 {
		t.Fatalf("rules %d results %d", len(run.Tool.Driver.Rules), len(run.Results))
	}
	for _, r := range run.Results {
		if r.RuleIndex == nil || run.Tool.Driver.Rules[*r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %s has a wrong ruleIndex", r.RuleID)
		}
		if u := r.Locations[0].PhysicalLocation.ArtifactLocation.URI; strings.HasPrefix(u, "/") || strings.HasPrefix(u, "file:") {
			t.Errorf("uri %q is not relative to the base folder", u)
		}
	}
	golden.RequireEqual(t, buf.Bytes())
}

func TestSARIFOutsideBaseAndRemote(t *testing.T) {
	lib := &model.Library{Skills: []*model.Skill{
		{Format: model.FormatXGS, Name: "far", Location: model.Location{Root: filepath.FromSlash("/elsewhere"), Local: true, File: "far.xgs.js"},
			Diagnostics: []model.Diagnostic{{Rule: "x/y", Severity: model.SeverityError, File: "far.xgs.js", Message: "m"}}},
		{Format: model.FormatSkillMD, Name: "remote", Location: model.Location{Root: "https://example.com/skills", Dir: "remote", File: "remote/SKILL.md"},
			Diagnostics: []model.Diagnostic{{Rule: "x/y", Severity: model.SeverityWarning, File: "remote/SKILL.md", Line: 3, Column: 0, Message: "m"}}},
		{Format: model.FormatSkillMD, Name: "space", Location: model.Location{Root: filepath.FromSlash("/work/repo"), Local: true, Dir: "my skill", File: "my skill/SKILL.md"},
			Diagnostics: []model.Diagnostic{{Rule: "x/y", Severity: model.SeverityInfo, File: "my skill/SKILL.md", Line: 1, Column: 1, Message: "m"}}},
	}}
	var buf bytes.Buffer
	if err := SARIF(&buf, lib, opts()); err != nil {
		t.Fatal(err)
	}
	validateSARIF(t, buf.Bytes())
	out := buf.String()
	for _, want := range []string{`"uri": "file:///elsewhere/far.xgs.js"`, `"uri": "https://example.com/skills/remote/SKILL.md"`, `"uri": "my%20skill/SKILL.md"`, `"startLine": 1`} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %s", want)
		}
	}
	if strings.Contains(out, `"ruleIndex"`) {
		t.Error("a rule not in the driver got a ruleIndex")
	}
}

// validateSARIF checks data against the SARIF 2.1.0 subset in testdata.
func validateSARIF(t *testing.T, data []byte) {
	t.Helper()
	if err := checkSARIF(data); err != nil {
		t.Fatalf("SARIF output is not valid:\n%v\n%s", err, data)
	}
}

func checkSARIF(data []byte) error {
	f, err := os.Open(filepath.Join("testdata", "sarif-2.1.0-subset.schema.json"))
	if err != nil {
		return err
	}
	defer f.Close()
	schemaDoc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		return err
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("sarif.json", schemaDoc); err != nil {
		return err
	}
	sch, err := c.Compile("sarif.json")
	if err != nil {
		return err
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return err
	}
	return sch.Validate(inst)
}

func TestSchemaRejectsBadSARIF(t *testing.T) {
	// The validator must be able to fail, or the SARIF tests prove nothing.
	for name, bad := range map[string]string{
		"startLine 0":   `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"ruleId":"a","message":{"text":"m"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"a"},"region":{"startLine":0}}}]}]}]}`,
		"no locations":  `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"ruleId":"a","message":{"text":"m"},"locations":[]}]}]}`,
		"bad level":     `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x","rules":[{"id":"a","shortDescription":{"text":"d"},"defaultConfiguration":{"level":"info"}}]}},"results":[]}]}`,
		"old version":   `{"version":"2.0.0","runs":[]}`,
		"columnKind":    `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"columnKind":"bytes","results":[]}]}`,
		"base no slash": `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"originalUriBaseIds":{"%SRCROOT%":{"uri":"file:///repo"}},"results":[]}]}`,
		"help no text":  `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x","rules":[{"id":"a","shortDescription":{"text":"d"},"help":{"markdown":"m"},"defaultConfiguration":{"level":"note"}}]}},"results":[]}]}`,
		"severity 11":   `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x","rules":[{"id":"a","shortDescription":{"text":"d"},"defaultConfiguration":{"level":"note"},"properties":{"security-severity":"11"}}]}},"results":[]}]}`,
		"fingerprint":   `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"ruleId":"a","message":{"text":"m"},"partialFingerprints":{"v":1},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"a"},"region":{"startLine":1}}}]}]}]}`,
	} {
		if checkSARIF([]byte(bad)) == nil {
			t.Errorf("%s: invalid SARIF passed validation", name)
		}
	}
}

func TestShouldColor(t *testing.T) {
	var buf bytes.Buffer
	if ShouldColor(&buf, []string{"TERM=xterm-256color"}) {
		t.Error("a buffer is not a terminal")
	}
	forced := []string{"TERM=xterm-256color", "CLICOLOR_FORCE=1"}
	if !ShouldColor(&buf, forced) {
		t.Error("CLICOLOR_FORCE should allow colour")
	}
	for _, v := range []string{"1", "yes", "true"} {
		if ShouldColor(&buf, append(forced, "NO_COLOR="+v)) {
			t.Errorf("NO_COLOR=%s must disable colour", v)
		}
	}
}

func BenchmarkText(b *testing.B) {
	lib := sampleLibrary()
	for b.Loop() {
		Text(&bytes.Buffer{}, lib, opts())
	}
}

func TestGitHubEscapesAndPositions(t *testing.T) {
	lib := &model.Library{Skills: []*model.Skill{{
		Format:   model.FormatSkillMD,
		Location: model.Location{Root: "/repo", Local: true, Dir: "a,b", File: "a,b/SKILL.md"},
		Diagnostics: []model.Diagnostic{
			{Rule: "skillmd/name", Severity: model.SeverityError, Line: 2, Column: 7, EndLine: 2, EndColumn: 12, Message: "100% wrong\r\nname", Hint: "Use a: b"},
			{Rule: "skillmd/tokens", Severity: model.SeverityInfo, Line: 5, Column: 1, Message: "costs"},
		},
	}}}
	var b strings.Builder
	if err := GitHub(&b, lib, Options{BaseDir: "/repo"}); err != nil {
		t.Fatal(err)
	}
	want := "::error file=a%2Cb/SKILL.md,line=2,col=7,endLine=2,endColumn=12,title=skillmd/name::100%25 wrong name%0AUse a: b\n" +
		"::notice file=a%2Cb/SKILL.md,line=5,col=1,title=skillmd/tokens::costs\n" +
		"1 error, 0 warnings, 1 info in 1 skill\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestGitHubEscaping(t *testing.T) {
	if got := githubData("a%b\r\nc:d,e"); got != "a%25b%0D%0Ac:d,e" {
		t.Errorf("data: %q", got)
	}
	if got := githubProperty("a%b\r\nc:d,e"); got != "a%25b%0D%0Ac%3Ad%2Ce" {
		t.Errorf("property: %q", got)
	}
}

// Without colour, paint skips lipgloss but must print what an empty style
// would: the text printer's output may not change with the shortcut.
func TestPlainPaintIsAnEmptyStyle(t *testing.T) {
	st := newTextStyles(false)
	for _, s := range []string{"", "plain", "a\tb\t\tc", "tab\tand 日本語 wide", "trailing \t", "x:1:2", "line\nbreak"} {
		if got, want := st.paint(lipgloss.NewStyle(), s), lipgloss.NewStyle().Render(s); got != want {
			t.Errorf("paint(%q) = %q, an empty style renders %q", s, got, want)
		}
	}
}

// A file name that is not valid UTF-8, or holds controls, is percent-
// encoded byte for byte in the SARIF URI, so it names the file that is on
// disk (before, sanitising first made it name "n%EF%BF%BD…", a file that
// does not exist), and the URI holds nothing but printable ASCII.
func TestSARIFURIKeepsTheBytesOfTheName(t *testing.T) {
	dir := "n\xff\x1b]0;x\aul"
	lib := &model.Library{Skills: []*model.Skill{
		{Format: model.FormatSkillMD, Name: "odd", Location: model.Location{Root: filepath.FromSlash("/work/repo"), Local: true, Dir: dir, File: dir + "/SKILL.md"},
			Diagnostics: []model.Diagnostic{{Rule: "x/y", Severity: model.SeverityInfo, File: dir + "/SKILL.md", Line: 1, Column: 1, Message: "m"}}},
		{Format: model.FormatSkillMD, Name: "remote", Location: model.Location{Root: "https://example.com/s\x1b]0;x\a", Dir: "r", File: "r/SKILL.md"},
			Diagnostics: []model.Diagnostic{{Rule: "x/y", Severity: model.SeverityInfo, File: "r/SKILL.md", Line: 1, Column: 1, Message: "m"}}},
	}}
	var buf bytes.Buffer
	if err := SARIF(&buf, lib, opts()); err != nil {
		t.Fatal(err)
	}
	validateSARIF(t, buf.Bytes())
	out := buf.String()
	if !strings.Contains(out, `"uri": "n%FF%1B%5D0;x%07ul/SKILL.md"`) {
		t.Errorf("the URI does not name the file on disk:\n%s", out)
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, `"uri"`) && (strings.Contains(line, `\u`) || strings.ContainsFunc(line, func(r rune) bool { return r < 0x20 || r > 0x7e })) {
			t.Errorf("a URI holds more than printable ASCII: %s", line)
		}
	}
}

// runnerProperty undoes a workflow command property's escapes as the
// Actions runner does (ActionCommand's unescape: %0D, %0A, %3A, %2C, then
// %25).
func runnerProperty(s string) string {
	return strings.NewReplacer("%0D", "\r", "%0A", "\n", "%3A", ":", "%2C", ",", "%25", "%").Replace(s)
}

// An annotation's file is the file: what the runner reads back from the
// property is the path, line ends, %, :, ",", "::", spaces and non-ASCII
// included. A line end in a folder's name was made a space, so the
// annotation named a file the repository does not have.
func TestGitHubAnnotationNamesTheRealFile(t *testing.T) {
	for _, dir := range []string{"a\nb", "a\rb", "a\r\nb", "100% a:b,c::d", "ünï cødé 😀", "plain"} {
		lib := &model.Library{Skills: []*model.Skill{{
			Format:      model.FormatSkillMD,
			Location:    model.Location{Root: "/repo", Local: true, Dir: dir, File: dir + "/SKILL.md"},
			Diagnostics: []model.Diagnostic{{Rule: "skillmd/name", Severity: model.SeverityError, Line: 2, Column: 7, Message: "m::n, o%\r\np"}},
		}}}
		var b strings.Builder
		if err := GitHub(&b, lib, Options{BaseDir: "/repo"}); err != nil {
			t.Fatal(err)
		}
		line, _, _ := strings.Cut(b.String(), "\n")
		props, msg, ok := strings.Cut(strings.TrimPrefix(line, "::error "), "::")
		if !ok || strings.ContainsAny(line, "\r") {
			t.Fatalf("%q: not one workflow command: %q", dir, b.String())
		}
		file, _, _ := strings.Cut(strings.TrimPrefix(props, "file="), ",")
		if got := runnerProperty(file); got != dir+"/SKILL.md" {
			t.Errorf("%q: the runner reads file %q", dir, got)
		}
		if strings.Contains(msg, "\n") || !strings.HasPrefix(msg, "m::n, o%25") {
			t.Errorf("%q: message %q", dir, msg)
		}
	}
}
