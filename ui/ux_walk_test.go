package ui

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// Regressions found by walking the studio as a first-time user in tmux.

// TestWizardSaysWhyEnterDoesNotMoveOn: the form's footer (its keys, and
// the reason enter refused an empty required field) is drawn, at every
// size, and a wrong name's verdict keeps its fix (the example) instead
// of losing it to an ellipsis.
func TestWizardSaysWhyEnterDoesNotMoveOn(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	lib := fixtureLibrary(t)
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		m := studio(t, Options{Sources: []string{lib}}, size[0], size[1])
		press(t, m, "n", "enter") // xgs · basic
		if out := ansi.Strip(content(m)); !strings.Contains(out, "enter next") {
			t.Errorf("%dx%d: the form's keys are cut off:\n%s", size[0], size[1], out)
		}
		typeText(t, m, "Bad Name")
		out := ansi.Strip(content(m))
		if !strings.Contains(strings.Join(strings.Fields(out), " "), "e.g. discourse-forum") {
			t.Errorf("%dx%d: the bad name's verdict lost its example:\n%s", size[0], size[1], out)
		}
		for range len("Bad Name") {
			press(t, m, "backspace")
		}
		paste(t, m, "tide-helper")
		press(t, m, "enter")
		paste(t, m, "Tide tables for harbours")
		press(t, m, "enter", "enter", "enter") // namespace, then enter on the empty Match field
		if w := wizardOf(t, m); w.form.GetFocusedField() != w.matchIn {
			t.Fatalf("%dx%d: focus left the empty Match field", size[0], size[1])
		}
		checkFrame(t, m)
		if out := ansi.Strip(content(m)); !strings.Contains(out, "at least one @match pattern is required") {
			t.Errorf("%dx%d: enter did nothing and nothing says why:\n%s", size[0], size[1], out)
		}
		m.Update(tea.WindowSizeMsg{Width: size[0] + 5, Height: size[1]})
		checkFrame(t, m)
	}
}

// TestReviewHeaderWrapsNotCut: beside the library the Review tab's header —
// where the skill came from and how to read what follows — is wrapped,
// not cut at the pane's edge.
func TestReviewHeaderWrapsNotCut(t *testing.T) {
	m := studio(t, Options{Sources: []string{reviewLibrary(t)}}, 120, 40)
	selectSkill(t, m, "aaa-clean")
	openTab(t, m, "Review")
	checkFrame(t, m)
	joined := skillPaneText(m)
	for _, want := range []string{
		"Hidden characters are spelled out: ⟨U+…⟩, ⟨tags \"…\"⟩.",
		"no published digest · no licence file",
	} {
		if !strings.Contains(joined, want) {
			t.Errorf("the Review header lost %q:\n%s", want, content(m))
		}
	}
}

// TestReaderSearchPromptHelp: while the Read tab's search prompt takes
// keys, the help names what enter and esc do there — find, and leave the
// prompt — not the library filter's "apply filter" and "clear filter".
func TestReaderSearchPromptHelp(t *testing.T) {
	m := studio(t, Options{Sources: []string{reviewLibrary(t)}}, 120, 40)
	selectSkill(t, m, "aaa-clean")
	press(t, m, "enter") // open it: the skill pane takes the keys
	openTab(t, m, "Read")
	press(t, m, "/")
	if !m.skill.tabs[m.skill.active].(*readTab).search.typing {
		t.Fatal("/ did not open the search prompt")
	}
	for _, full := range []bool{false, true} {
		m.help.ShowAll = full
		lines := strings.Split(ansi.Strip(content(m)), "\n")
		helpText := strings.Join(strings.Fields(strings.Join(lines[len(lines)-6:], " ")), " ")
		if strings.Contains(helpText, "filter") || !strings.Contains(helpText, "enter find") || !strings.Contains(helpText, "esc cancel") {
			t.Errorf("full=%v: the search prompt's help says %q", full, helpText)
		}
	}
}

// TestSkillPathKeepsItsEnd: a long path under the skill's name is cut at
// its start, so the skill's folder and file stay in view (four skills
// named api-design differ only there).
func TestSkillPathKeepsItsEnd(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "lib")
	deep := strings.Repeat("a-long-registry-folder-name/", 4) + "deep-skill"
	writeFile(t, dir, deep+"/SKILL.md", "---\nname: deep-skill\ndescription: Sits deep in a registry.\n---\n# Deep\n")
	m := studio(t, Options{Sources: []string{dir}}, 80, 24)
	selectSkill(t, m, "deep-skill")
	press(t, m, "enter")
	checkFrame(t, m)
	if out := ansi.Strip(content(m)); !strings.Contains(out, "…") || !strings.Contains(out, "deep-skill/SKILL.md") {
		t.Errorf("the path lost its end:\n%s", out)
	}
}

// TestEditFromEveryTab: e opens the skill from any tab, as the library and
// the Read tab do — it did nothing, silently, on Info, Agent, Files and a
// Review tab with nothing to show — and the full help says so. (The Lint
// and Review tabs keep e for the selected finding while they list one.)
func TestEditFromEveryTab(t *testing.T) {
	t.Setenv("VISUAL", "")
	t.Setenv("EDITOR", "")
	m := studio(t, Options{Sources: []string{reviewLibrary(t)}}, 120, 40)
	selectSkill(t, m, "aaa-clean")
	press(t, m, "enter")
	for _, tab := range []string{"Info", "Review", "Agent", "Files"} {
		openTab(t, m, tab)
		m.status = ""
		press(t, m, "e")
		if !strings.Contains(m.status, "no editor") {
			t.Errorf("e on the %s tab did nothing (status %q)", tab, m.status)
		}
		m.help.ShowAll = true
		want := "edit in $EDITOR"
		if tab == "Files" {
			want = "edit this file" // the file selected there
		}
		if out := ansi.Strip(content(m)); !strings.Contains(out, want) {
			t.Errorf("the %s tab's full help lacks e:\n%s", tab, out)
		}
		m.help.ShowAll = false
	}
}

// TestFunctionsTabNamesTheParseError: an .xgs.js saved with a syntax
// error (mid-edit) has functions the reader cannot get to; the Functions
// tab says where the error is instead of "No functions found" and how to
// write some — and its text wraps instead of losing its end.
func TestFunctionsTabNamesTheParseError(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "lib")
	src, err := os.ReadFile(filepath.Join("..", "examples", "library", "xgs", "forgejo-api.xgs.js"))
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(src), "defineSkill({", "defineSkill(( {", 1)
	writeFile(t, dir, "forgejo-api.xgs.js", broken)
	m := studio(t, Options{Sources: []string{dir}}, 120, 40)
	selectSkill(t, m, "forgejo-api")
	press(t, m, "enter")
	openTab(t, m, "Functions")
	checkFrame(t, m)
	joined := skillPaneText(m)
	if !strings.Contains(joined, "No functions could be read: forgejo-api.xgs.js:") || !strings.Contains(joined, "the Lint tab lists every error.") {
		t.Errorf("the Functions tab does not name the error:\n%s", content(m))
	}
	if strings.Contains(joined, "…") {
		t.Errorf("the Functions tab's text is cut:\n%s", content(m))
	}
}

// TestEmptyLibrarySaysWhatToDo: a first run in an empty folder says how
// to make a skill or add a source — and, while a source is still being
// read, that it is reading rather than that there are none.
func TestEmptyLibrarySaysWhatToDo(t *testing.T) {
	empty := t.TempDir()
	m := New(Options{Sources: []string{empty}, Theme: "dark", WorkDir: filepath.Dir(empty)})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	cmd := m.Init()
	if out := ansi.Strip(content(m)); m.loading() && !strings.Contains(out, "Reading the sources…") {
		t.Errorf("while reading:\n%s", out)
	}
	drain(t, m, cmd)
	checkFrame(t, m)
	if out := strings.Join(strings.Fields(ansi.Strip(m.lib.View())), " "); !strings.Contains(out, "n makes one from a template") || !strings.Contains(out, "a adds a source") {
		t.Errorf("the empty library does not say what to do:\n%s", content(m))
	}
}

// TestEditOnFilesOpensTheSelectedFile: on the Files tab e opens the file
// selected there, not the skill's main file.
func TestEditOnFilesOpensTheSelectedFile(t *testing.T) {
	t.Setenv("VISUAL", "")
	t.Setenv("EDITOR", "true")
	m := studio(t, Options{Sources: []string{reviewLibrary(t)}}, 120, 40)
	selectSkill(t, m, "zzz-sly")
	press(t, m, "enter")
	openTab(t, m, "Files")
	ft := m.skill.tabs[m.skill.active].(*filesTab)
	for ft.sel < len(ft.rows) && !strings.HasSuffix(ft.rows[ft.sel].rel, "notes.md") {
		press(t, m, "j")
	}
	_, cmd := m.Update(keyPress("e"))
	if cmd == nil {
		t.Fatal("e on the Files tab did nothing")
	}
	if got := strings.Join(execArgs(reflect.ValueOf(cmd())), " "); !strings.Contains(got, filepath.Join("references", "notes.md")) {
		t.Errorf("e ran %q, want the editor on references/notes.md", got)
	}
}

// execArgs digs the command line out of bubbletea's exec message (its
// fields are unexported; reflection reads them without calling anything).
func execArgs(v reflect.Value) []string {
	for v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return nil
		}
		if v.Type() == reflect.TypeOf((*exec.Cmd)(nil)) {
			args := v.Elem().FieldByName("Args")
			out := make([]string, args.Len())
			for i := range out {
				out[i] = args.Index(i).String()
			}
			return out
		}
		v = v.Elem()
	}
	if v.Kind() == reflect.Struct {
		for i := range v.NumField() {
			if a := execArgs(v.Field(i)); a != nil {
				return a
			}
		}
	}
	return nil
}

// TestSelectingAShownSkillKeepsTheFilter: going to a skill the filter
// shows (a quiz's way back, a load-skill action) keeps the filter; only a
// skill it hides clears it.
func TestSelectingAShownSkillKeepsTheFilter(t *testing.T) {
	m := studio(t, Options{Sources: []string{reviewLibrary(t)}}, 120, 40)
	press(t, m, "/")
	typeText(t, m, "sly")
	press(t, m, "enter")
	if m.lib.query != "sly" || m.lib.Selected() == nil || m.lib.Selected().Skill.Name != "zzz-sly" {
		t.Fatalf("filter %q, selected %v", m.lib.query, m.lib.Selected())
	}
	drain(t, m, m.selectEntry(m.lib.Selected()))
	if m.lib.query != "sly" {
		t.Errorf("selecting a skill the filter shows cleared it")
	}
	var clean *Entry
	for _, e := range m.lib.entries {
		if e.Skill.Name == "aaa-clean" {
			clean = e
		}
	}
	drain(t, m, m.selectEntry(clean))
	if m.lib.query != "" || m.lib.Selected() != clean {
		t.Errorf("selecting a hidden skill: filter %q, selected %v", m.lib.query, m.lib.Selected())
	}
	if !strings.Contains(m.status, `Filter "sly" cleared`) {
		t.Errorf("the filter went without a word: status %q", m.status)
	}
}

// TestFullHelpExplainsTheRiskMarks: the library's full help says what the
// ◆ ◇ · beside each row's format mean.
func TestFullHelpExplainsTheRiskMarks(t *testing.T) {
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		m := studio(t, Options{Sources: []string{reviewLibrary(t)}}, size[0], size[1])
		press(t, m, "?")
		checkFrame(t, m)
		if out := ansi.Strip(content(m)); !strings.Contains(out, "◆ ◇ · beside a skill's format") {
			t.Errorf("%dx%d: the full help does not explain the risk marks:\n%s", size[0], size[1], out)
		}
	}
}

// skillPaneText is the skill pane's text (the column after the library's
// right border), its lines joined with spaces, so a check reads wrapped
// text as one.
func skillPaneText(m *Model) string {
	var text []string
	for _, l := range strings.Split(ansi.Strip(content(m)), "\n") {
		if i := strings.LastIndex(l, "││"); i >= 0 {
			text = append(text, strings.Trim(l[i+len("││"):], " │"))
		}
	}
	return strings.Join(text, " ")
}
