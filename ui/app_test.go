package ui

import (
	"encoding/json"
	"github.com/skillstudio/skillstudio/registry"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/skillstudio/skillstudio/internal/sniff"
	"github.com/skillstudio/skillstudio/model"
)

func names(m *Model) []string {
	var out []string
	for _, l := range m.lib.lines {
		if l.e != nil {
			out = append(out, l.e.Skill.Name)
		}
	}
	return out
}

func TestLoadingStreamsEverySkill(t *testing.T) {
	lib := fixtureLibrary(t)
	m := studio(t, Options{Sources: []string{lib}, BatchSize: 1}, 120, 40)
	if got := strings.Join(names(m), " "); got != "hello-world hostile tide-tables word-count" {
		t.Fatalf("library = %q", got)
	}
	if m.loading() {
		t.Error("still loading after every command ran")
	}
	if m.lib.Selected() == nil || m.skill.entry == nil {
		t.Error("no skill selected after loading")
	}
	checkFrame(t, m)
}

func TestFirstFrameBeforeAnythingLoads(t *testing.T) {
	m := New(Options{Sources: []string{fixtureLibrary(t)}, Theme: "dark"})
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	_ = m.Init() // commands not run: the first frame must not need them
	checkFrame(t, m)
	if !strings.Contains(ansi.Strip(content(m)), "Reading skills") {
		t.Errorf("the first frame shows no progress:\n%s", ansi.Strip(content(m)))
	}
}

func TestUnopenableSourceIsAMessageNotAnExit(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nope")
	m := studio(t, Options{Sources: []string{missing, fixtureLibrary(t)}}, 120, 40)
	if len(m.lib.entries) != 4 {
		t.Errorf("the readable source was not loaded: %d skills", len(m.lib.entries))
	}
	if !strings.Contains(m.status, "Cannot open") {
		t.Errorf("status = %q, want a Cannot open message", m.status)
	}
	checkFrame(t, m)
}

func TestFilterSortAndGroup(t *testing.T) {
	lib := fixtureLibrary(t)
	m := studio(t, Options{Sources: []string{lib}}, 120, 40)

	press(t, m, "/")
	typeText(t, m, "wc") // fuzzy: w…c in word-count
	if got := names(m); len(got) == 0 || got[0] != "word-count" {
		t.Errorf("fuzzy 'wc' ranks %v first, want word-count", got)
	}
	press(t, m, "esc")
	if m.lib.query != "" || len(names(m)) != 4 {
		t.Errorf("esc did not clear the filter: %q, %v", m.lib.query, names(m))
	}

	// A keyword matches too (tide-tables has @keyword sailing).
	press(t, m, "/")
	typeText(t, m, "sailing")
	if got := names(m); len(got) != 1 || got[0] != "tide-tables" {
		t.Errorf("keyword filter 'sailing' = %v, want [tide-tables]", got)
	}
	press(t, m, "enter") // keep the filter, leave the input
	if m.lib.filtering || m.lib.query != "sailing" {
		t.Error("enter should keep the filter and leave the input")
	}
	press(t, m, "esc")

	press(t, m, "s") // by problems: hostile has a warning
	if got := names(m); got[0] != "hostile" {
		t.Errorf("sorted by problems: %v, want hostile first", got)
	}
	press(t, m, "s") // by risk (review_test.go checks the order)
	if m.lib.sortBy != sortByRisk {
		t.Errorf("second s sorts %v, want by risk", m.lib.sortBy)
	}
	press(t, m, "s")
	if got := names(m); got[0] != "hello-world" {
		t.Errorf("sorted by name: %v", got)
	}

	// Grouping needs two sources.
	m2 := studio(t, Options{Sources: []string{filepath.Join(lib, "skills"), filepath.Join(lib, "xgs")}}, 120, 40)
	press(t, m2, "o")
	var headers []string
	for _, l := range m2.lib.lines {
		if l.header != "" {
			headers = append(headers, l.header)
		}
	}
	if len(headers) != 2 {
		t.Errorf("grouped by source: headers %v, want two", headers)
	}
	checkFrame(t, m2)
}

func TestSelectionSurvivesFilteringAndMoves(t *testing.T) {
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, 120, 40)
	press(t, m, "down", "down")
	if got := m.lib.Selected().Skill.Name; got != "tide-tables" {
		t.Fatalf("two downs select %s", got)
	}
	if m.skill.entry == nil || m.skill.entry.Skill.Name != "tide-tables" {
		t.Error("the skill pane does not follow the selection")
	}
	press(t, m, "s") // re-sort keeps the selected skill
	if got := m.lib.Selected().Skill.Name; got != "tide-tables" {
		t.Errorf("after sorting the selection moved to %s", got)
	}
	press(t, m, "end")
	if got := m.lib.Selected().Skill.Name; got == "tide-tables" {
		t.Error("end did not move")
	}
	press(t, m, "home")
	if m.lib.cursor != 0 {
		t.Error("home did not go to the top")
	}
}

func TestFocusAndTabs(t *testing.T) {
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, 120, 40)
	selectSkill(t, m, "tide-tables")
	press(t, m, "enter")
	if m.focus != focusSkill {
		t.Fatal("enter did not focus the skill pane")
	}
	press(t, m, "tab")
	if got := m.skill.tabs[m.skill.active].Title(); got != "Info" {
		t.Errorf("tab → %s, want Info", got)
	}
	press(t, m, "shift+tab", "shift+tab")
	if got := m.skill.tabs[m.skill.active].Title(); got == "Read" || got == "Info" {
		t.Errorf("shift+tab twice from Info should wrap to the last tab, got %s", got)
	}
	press(t, m, "3")
	if got := m.skill.tabs[m.skill.active].Title(); got != "Functions" {
		t.Errorf("3 → %s, want Functions for an xgs skill", got)
	}
	press(t, m, "esc")
	if m.focus != focusLibrary {
		t.Error("esc did not return to the library")
	}
	// A SKILL.md has no Functions tab: the pane falls back to Read.
	selectSkill(t, m, "hello-world")
	for _, i := range m.skill.visible() {
		if m.skill.tabs[i].Title() == "Functions" {
			t.Error("Functions tab shown for a SKILL.md without functions")
		}
	}
	checkFrame(t, m)
}

func TestNarrowWindowShowsOnePaneAtATime(t *testing.T) {
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, 80, 24)
	g := m.geometry()
	if g.libW != 80 || g.skillW != 0 {
		t.Fatalf("narrow library geometry %+v", g)
	}
	press(t, m, "enter")
	if g := m.geometry(); g.skillW != 80 || g.libW != 0 {
		t.Errorf("narrow skill geometry %+v", g)
	}
	checkFrame(t, m)
}

func TestTooSmallWindow(t *testing.T) {
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, 40, 10)
	out := ansi.Strip(content(m))
	if !strings.Contains(out, "60×16") || !strings.Contains(out, "40×10") {
		t.Errorf("no size message:\n%s", out)
	}
	checkFrame(t, m)
	// Growing the window brings the studio back.
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	if strings.Contains(ansi.Strip(content(m)), "at least") {
		t.Error("the size message stayed after a resize")
	}
	checkFrame(t, m)
}

func TestQuitKeys(t *testing.T) {
	for _, k := range []string{"q", "ctrl+c"} {
		m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, 100, 30)
		_, cmd := m.Update(keyPress(k))
		if cmd == nil {
			t.Fatalf("%s returned no command", k)
		}
		if _, ok := cmd().(tea.QuitMsg); !ok {
			t.Errorf("%s does not quit", k)
		}
	}
	// q typed into the filter is text, not quit.
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, 100, 30)
	press(t, m, "/", "q")
	if m.lib.query != "q" {
		t.Errorf("q in the filter: query %q", m.lib.query)
	}
}

func TestHelpExpands(t *testing.T) {
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, 120, 40)
	short := m.geometry().helpH
	press(t, m, "?")
	if m.geometry().helpH <= short {
		t.Error("? did not expand the help")
	}
	checkFrame(t, m)
	if !strings.Contains(ansi.Strip(content(m)), "new skill") {
		t.Error("the full help does not list the new-skill key")
	}
}

func TestThemeFollowsTerminalUnlessFixed(t *testing.T) {
	lib := fixtureLibrary(t)
	m := New(Options{Sources: []string{lib}})
	if m.Init() == nil {
		t.Fatal("no init command")
	}
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m.Update(tea.BackgroundColorMsg{Color: lightGrey{}})
	if m.c.Theme.Dark {
		t.Error("a light background left the dark theme on")
	}
	fixed := New(Options{Sources: []string{lib}, Theme: "dark"})
	fixed.Update(tea.BackgroundColorMsg{Color: lightGrey{}})
	if !fixed.c.Theme.Dark {
		t.Error("--theme dark was overridden by the terminal")
	}
}

type lightGrey struct{}

func (lightGrey) RGBA() (r, g, b, a uint32) { return 0xeeee, 0xeeee, 0xeeee, 0xffff }

func TestNoColorDrawsNoColours(t *testing.T) {
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}, NoColor: true}, 120, 40)
	selectSkill(t, m, "hello-world")
	out := content(m)
	for _, sgr := range []string{"38;", "48;", "[3", "[9"} {
		for _, seq := range strings.Split(out, "\x1b")[1:] {
			if strings.HasPrefix(seq, sgr) || strings.HasPrefix(seq, "["+strings.TrimPrefix(sgr, "[")) && strings.Contains(seq[:min(len(seq), 12)], "38;") {
				t.Fatalf("NO_COLOR frame sets a colour: %q", seq[:min(len(seq), 20)])
			}
		}
	}
	if strings.Contains(out, "38;2;") || strings.Contains(out, "48;2;") || strings.Contains(out, "38;5;") {
		t.Error("NO_COLOR frame holds a colour sequence")
	}
	checkFrame(t, m)
}

func TestReaderFollowsLinksWithABackStack(t *testing.T) {
	// A short window, so the body scrolls.
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, 120, 16)
	selectSkill(t, m, "hello-world")
	press(t, m, "enter")
	rt := m.skill.tabs[0].(*readTab)
	if rt.doc == nil || len(rt.doc.links) != 1 {
		t.Fatalf("links found: %+v", rt.doc)
	}
	if len(rt.doc.headings) < 3 {
		t.Errorf("headings found at lines %v, want at least 3", rt.doc.headings)
	}
	press(t, m, "]")
	if y := rt.vp.YOffset(); y == 0 || y != rt.doc.headings[1] && y != rt.doc.headings[0] {
		t.Errorf("] moved to line %d; headings at %v", y, rt.doc.headings)
	}
	yBefore := rt.vp.YOffset()
	press(t, m, "}", "enter")
	if len(rt.stack) != 2 || !strings.Contains(ansi.Strip(content(m)), "Bonjour") {
		t.Fatalf("enter on the link did not open phrases.md:\n%s", ansi.Strip(content(m)))
	}
	checkFrame(t, m)
	press(t, m, "backspace")
	if len(rt.stack) != 1 || rt.top().fsPath != "" {
		t.Error("backspace did not return to the body")
	}
	if y := rt.vp.YOffset(); y != yBefore {
		t.Errorf("back at line %d, was at %d before following the link", y, yBefore)
	}
}

func TestFilesTabOpensFilesInTheReader(t *testing.T) {
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, 120, 40)
	selectSkill(t, m, "hello-world")
	press(t, m, "enter")
	openTab(t, m, "Files")
	ft := m.skill.tabs[m.skill.active].(*filesTab)
	// Folders first: references/phrases.md, then SKILL.md.
	if ft.rows[ft.sel].rel != "references/phrases.md" {
		t.Errorf("first file selected: %q", ft.rows[ft.sel].rel)
	}
	press(t, m, "down", "enter")
	if got := m.skill.tabs[m.skill.active].Title(); got != "Read" {
		t.Fatalf("enter in Files shows %s, want Read", got)
	}
	rt := m.skill.tabs[m.skill.active].(*readTab)
	if top := rt.top(); top == nil || !strings.HasSuffix(top.fsPath, "SKILL.md") {
		t.Errorf("the reader shows %+v, want SKILL.md", rt.top())
	}
}

func TestQuizSeamsDriveTheReader(t *testing.T) {
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, 120, 16)
	selectSkill(t, m, "hello-world")
	drain(t, m, func() tea.Msg { return GotoHeadingMsg{Heading: "## Edge cases"} })
	rt := m.skill.tabs[0].(*readTab)
	lines := strings.Split(rt.doc.out, "\n")
	if y := rt.vp.YOffset(); y >= len(lines) || !strings.Contains(ansi.Strip(lines[y]), "Edge cases") {
		t.Errorf("goto heading scrolled to line %d", rt.vp.YOffset())
	}
	drain(t, m, func() tea.Msg { return OpenFileMsg{Path: "references/phrases.md"} })
	if top := rt.top(); top == nil || !strings.HasSuffix(top.fsPath, "phrases.md") {
		t.Error("OpenFileMsg did not open the reference")
	}
	drain(t, m, func() tea.Msg { return OpenSkillMsg{Name: "tide-tables"} })
	if m.skill.entry.Skill.Name != "tide-tables" {
		t.Error("OpenSkillMsg did not select the skill")
	}
	drain(t, m, func() tea.Msg { return OpenSkillMsg{Name: "nope"} })
	if !strings.Contains(m.status, "No skill named") {
		t.Errorf("unknown skill: status %q", m.status)
	}
}

func TestLintEnterWithoutEditorIsAMessage(t *testing.T) {
	t.Setenv("VISUAL", "")
	t.Setenv("EDITOR", "")
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, 120, 40)
	selectSkill(t, m, "hostile")
	press(t, m, "enter")
	openTab(t, m, "Lint")
	press(t, m, "enter")
	if !strings.Contains(m.status, "no editor") {
		t.Errorf("status %q, want the no-editor message", m.status)
	}
	checkFrame(t, m)
}

func TestEmbeddedSkillsAreReadOnly(t *testing.T) {
	empty := filepath.Join(t.TempDir(), "empty")
	os.Mkdir(empty, 0o755)
	m := studio(t, Options{DefaultSource: empty}, 120, 40)
	e := m.lib.Selected()
	cmd := openEditorCmd(e, e.Skill.Location.File, 1)
	msg, ok := cmd().(StatusMsg)
	if !ok || !strings.Contains(msg.Text, "read-only") || !strings.Contains(msg.Text, "p pulls a copy") {
		t.Errorf("editing an embedded skill: %#v", msg)
	}
}

func TestEditorExitRereadsTheSkill(t *testing.T) {
	lib := fixtureLibrary(t)
	m := studio(t, Options{Sources: []string{lib}}, 120, 40)
	selectSkill(t, m, "hello-world")
	id := m.skill.entry.ID
	breakHelloWorld(t, lib)
	drain(t, m, func() tea.Msg { return editorDoneMsg{entryID: id} })
	if m.entries[id].row.errors == 0 {
		t.Error("the skill was not re-read after the editor exited")
	}
}

func TestEditorCommand(t *testing.T) {
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	cases := []struct {
		visual, editor string
		want           string
	}{
		{"", "vim", "vim +12 /x/SKILL.md"},
		{"", "nvim", "nvim +12 /x/SKILL.md"},
		{"", "nano", "nano +12 /x/SKILL.md"},
		{"emacs -nw", "vi", "emacs -nw +12 /x/SKILL.md"},
		{"code --wait", "", "code --wait --goto /x/SKILL.md:12"},
		{"/usr/bin/subl", "", "/usr/bin/subl /x/SKILL.md:12"},
		{"", "hx", "hx /x/SKILL.md:12"},
	}
	for _, c := range cases {
		cmd, err := EditorCommand(env(map[string]string{"VISUAL": c.visual, "EDITOR": c.editor}), "/x/SKILL.md", 12)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(cmd.Args, " "); got != c.want {
			t.Errorf("VISUAL=%q EDITOR=%q: %q, want %q", c.visual, c.editor, got, c.want)
		}
	}
	if _, err := EditorCommand(env(nil), "/x", 1); err == nil {
		t.Error("no editor set: want an error")
	}
	cmd, _ := EditorCommand(env(map[string]string{"EDITOR": "vim"}), "/x/a.md", 0)
	if got := strings.Join(cmd.Args, " "); got != "vim /x/a.md" {
		t.Errorf("no line: %q", got)
	}
}

// $EDITOR values with spaces are split as git's shell splits them; a
// file name is one argument and never read as an option.
func TestEditorCommandQuotingAndFileNames(t *testing.T) {
	env := func(v string) func(string) string {
		return func(k string) string {
			if k == "EDITOR" {
				return v
			}
			return ""
		}
	}
	spaced := filepath.Join(t.TempDir(), "My Editor", "vi")
	if err := os.MkdirAll(filepath.Dir(spaced), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(spaced, nil, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		editor, file string
		want         []string
	}{
		{`'/Applications/Sublime Text.app/bin/subl' -w`, "/x/a.md", []string{"/Applications/Sublime Text.app/bin/subl", "-w", "/x/a.md:3"}},
		{`"/opt/My Editor/vim" -u "NONE"`, "/x/a.md", []string{"/opt/My Editor/vim", "-u", "NONE", "+3", "/x/a.md"}},
		{`/opt/My\ Editor/nano`, "/x/a.md", []string{"/opt/My Editor/nano", "+3", "/x/a.md"}},
		{spaced, "/x/a.md", []string{spaced, "+3", "/x/a.md"}},
		{"vim", "+!touch pwned.md", []string{"vim", "+3", "./+!touch pwned.md"}},
		{"vim", "-c.md", []string{"vim", "+3", "./-c.md"}},
		{"vim", "/x/a\nb.md", []string{"vim", "+3", "/x/a\nb.md"}},
	} {
		cmd, err := EditorCommand(env(c.editor), c.file, 3)
		if err != nil {
			t.Errorf("EDITOR=%q: %v", c.editor, err)
			continue
		}
		if !slices.Equal(cmd.Args, c.want) {
			t.Errorf("EDITOR=%q %q: %q, want %q", c.editor, c.file, cmd.Args, c.want)
		}
	}
	for _, bad := range []string{`'/opt/My Editor/vim -w`, `"vim`, `''`} {
		if _, err := EditorCommand(env(bad), "/x/a.md", 3); err == nil {
			t.Errorf("EDITOR=%q: want an error naming the quoting", bad)
		}
	}
}

func TestSchemaTree(t *testing.T) {
	raw := json.RawMessage(`{"type":"object","properties":{
		"q":{"type":"string","description":"search text","minLength":1},
		"tags":{"type":"array","items":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}},
		"kind":{"enum":["a","b"]},
		"n":{"type":["integer","null"],"minimum":1}},
		"required":["q"]}`)
	lines, err := schemaTree(raw)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range lines {
		got = append(got, strings.TrimSpace(l.prefix+l.name+" "+l.typ+" "+l.extra))
	}
	want := []string{
		"├─ q string min length 1",
		"├─ tags? object[]",
		"│  └─ name string",
		`├─ kind? "a" | "b"`,
		"└─ n? integer | null ≥ 1",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("schema tree:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if _, err := schemaTree(json.RawMessage(`{"type":`)); err == nil {
		t.Error("broken JSON: want an error")
	}
	deep := strings.Repeat(`{"a":`, 100) + "1" + strings.Repeat("}", 100)
	if _, err := parseJSON([]byte(deep)); err == nil {
		t.Error("100 levels deep: want an error, not a stack")
	}
}

func TestResolveLinkStaysInTheSkill(t *testing.T) {
	cases := []struct {
		dest, dir, skill, want string
		ok                     bool
	}{
		{"references/a.md", "s/x", "s/x", "s/x/references/a.md", true},
		{"references/a%20b.md#top", "s/x", "s/x", "s/x/references/a b.md", true},
		{"../SKILL.md", "s/x/references", "s/x", "s/x/SKILL.md", true},
		{"../../other/SKILL.md", "s/x", "s/x", "", false},
		{"https://example.com/a.md", "s/x", "s/x", "", false},
		{"#anchor", "s/x", "s/x", "", false},
		{"/etc/passwd", "s/x", "s/x", "", false},
		{"../x.md", ".", ".", "", false},
	}
	for _, c := range cases {
		got, ok := resolveLink(c.dest, c.dir, c.skill)
		if ok != c.ok || got != c.want {
			t.Errorf("resolveLink(%q, %q, %q) = %q, %v; want %q, %v", c.dest, c.dir, c.skill, got, ok, c.want, c.ok)
		}
	}
}

func TestFileDocRefusesPathsOutsideTheSkill(t *testing.T) {
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, 120, 40)
	selectSkill(t, m, "hello-world")
	e := m.skill.entry
	if _, err := fileDoc(e.Skill, e.ID, "skills/hostile/SKILL.md"); err == nil {
		t.Error("a sibling skill's file opened in this skill's reader")
	}
	d, err := fileDoc(e.Skill, e.ID, e.Skill.Location.Join("references/phrases.md"))
	if err != nil || !strings.Contains(d.markdown, "Bonjour") {
		t.Errorf("phrases.md: %v", err)
	}
}

func TestFileKinds(t *testing.T) {
	if !sniff.Binary([]byte("PNG\x00\x01")) || sniff.Binary([]byte("plain text\n")) {
		t.Error("sniff.Binary")
	}
	if got := codeBlock("a ``` b", "js"); !strings.HasPrefix(got, "````js\n") {
		t.Errorf("codeBlock fence: %q", got)
	}
	if languageOf("x.ts") != "typescript" || languageOf("x.unknown") != "" {
		t.Error("languageOf")
	}
}

func TestHelpers(t *testing.T) {
	if groupThousands(1234567) != "1,234,567" || groupThousands(999) != "999" {
		t.Error("groupThousands")
	}
	if humanBytes(999) != "999 B" || humanBytes(12345) != "12.3 kB" {
		t.Error("humanBytes")
	}
	if fit("abcdef", 3) != "ab…" || fit("ab", 4) != "ab  " || fit("ab    ", 3) != "ab " {
		t.Error("fit")
	}
	rows := fileTree([]string{"SKILL.md", "references/b.md", "references/a.md", "scripts/run.sh"})
	var got []string
	for _, r := range rows {
		got = append(got, r.prefix+r.name)
	}
	want := "├─ references/\n│  ├─ a.md\n│  └─ b.md\n├─ scripts/\n│  └─ run.sh\n└─ SKILL.md"
	if strings.Join(got, "\n") != want {
		t.Errorf("fileTree:\n%s", strings.Join(got, "\n"))
	}
}

func TestAgentReportBudgets(t *testing.T) {
	body := strings.Repeat("word ", 6000)
	r := buildAgentReport(1, &model.Skill{Format: model.FormatSkillMD, Name: "big", Description: "d", Body: body}, "")
	if !r.over || r.bodyTokens <= bodyBudgetTokens {
		t.Errorf("a 6,000-word body is not over budget: %+v", r.bodyTokens)
	}
	small := buildAgentReport(1, &model.Skill{Format: model.FormatSkillMD, Name: "s", Description: "d", Body: "# hi"}, "")
	if small.over {
		t.Error("a tiny body is over budget")
	}
	if !strings.Contains(small.text, "<name>s</name>") {
		t.Errorf("catalog entry: %q", small.text)
	}
	x := buildAgentReport(1, &model.Skill{Format: model.FormatXGS, Name: "x", Functions: []model.Function{
		{Name: "b", Signature: "b()"}, {Name: "a", Signature: "a()", Primary: true},
	}}, "")
	if i, j := strings.Index(x.text, "★ a()"), strings.Index(x.text, "- b()"); i < 0 || j < 0 || i > j {
		t.Errorf("xgs reminder does not list ★ first:\n%s", x.text)
	}
}

func TestHostileTextNeverReachesTheScreen(t *testing.T) {
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, 120, 40)
	selectSkill(t, m, "hostile")
	press(t, m, "enter")
	for _, tab := range []string{"Read", "Info", "Lint", "Agent", "Files"} {
		openTab(t, m, tab)
		checkFrame(t, m)
	}
	press(t, m, "esc", "/")
	typeText(t, m, "harm")
	checkFrame(t, m)
}

// --examples opens the embedded library even where the folder holds
// skills of its own (the repo root, say), and only the embedded library.
func TestExamplesOptionOpensTheEmbeddedLibraryOnly(t *testing.T) {
	lib := fixtureLibrary(t)
	m := studio(t, Options{DefaultSource: lib, Examples: true}, 120, 40)
	if len(m.entries) == 0 {
		t.Fatal("no skills loaded")
	}
	for _, e := range m.entries {
		if e.Skill.Location.Source != registry.EmbeddedSource {
			t.Errorf("%s comes from %q, want only the embedded library", e.Skill.Name, e.Skill.Location.Source)
		}
	}
}
