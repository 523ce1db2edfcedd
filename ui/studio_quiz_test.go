package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// embeddedStudio opens the studio on an empty folder, so it shows the
// example library built into the binary (it has the quiz skills).
func embeddedStudio(t testing.TB, w, h int) *Model {
	t.Helper()
	empty := filepath.Join(t.TempDir(), "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	return studio(t, Options{DefaultSource: empty}, w, h)
}

// activeTitle is the title of the skill pane's active tab.
func activeTitle(m *Model) string { return m.skill.tabs[m.skill.active].Title() }

func quizTabOf(t testing.TB, m *Model) *quizTab {
	t.Helper()
	for _, tab := range m.skill.tabs {
		if q, ok := tab.(*quizTab); ok {
			return q
		}
	}
	t.Fatal("no quiz tab")
	return nil
}

func TestQuizNumberKeysAnswerInsteadOfSwitchingTabs(t *testing.T) {
	m := embeddedStudio(t, 120, 40)
	selectSkill(t, m, "webhook-verification")
	press(t, m, "enter") // focus the skill pane
	openTab(t, m, "Quiz")
	press(t, m, "enter") // begin
	q := quizTabOf(t, m)
	if q.mode != quizAsking {
		t.Fatalf("mode %v, want asking", q.mode)
	}
	press(t, m, "2")
	if got := activeTitle(m); got != "Quiz" {
		t.Fatalf("2 switched to the %s tab instead of answering", got)
	}
	if q.mode != quizFeedback || q.last == nil || q.last.Choice != 1 {
		t.Fatalf("2 did not answer option 2 (mode %v)", q.mode)
	}
	// Between questions the number keys switch tabs again.
	press(t, m, "1")
	if got := activeTitle(m); got != "Read" {
		t.Errorf("1 outside a question opened %s, want Read", got)
	}
}

func TestQuizKeysShowInTheHelpBar(t *testing.T) {
	m := embeddedStudio(t, 120, 40)
	selectSkill(t, m, "webhook-verification")
	press(t, m, "enter")
	openTab(t, m, "Quiz")
	press(t, m, "enter")
	help := ansi.Strip(content(m))
	help = help[strings.LastIndex(help, "\n"):]
	for _, want := range []string{"1-9 answer", "enter answer"} {
		if !strings.Contains(help, want) {
			t.Errorf("help bar lacks %q: %s", want, help)
		}
	}
}

// TestTabBarNamesEveryTab: whenever names fit at all, a first-time user
// sees every tab's name (abbreviated before any is dropped), and the
// roomiest style that fits is used.
func TestTabBarNamesEveryTab(t *testing.T) {
	m := embeddedStudio(t, 120, 40)
	for _, name := range []string{"Broken Weather", "Broken_Onboarding", "webhook-verification", "feed-reader"} {
		selectSkill(t, m, name)
		// 45 is the narrowest pane naming all eight tabs (Review joined).
		for _, w := range []int{45, 53, 64, 80, 118} {
			m.skill.SetSize(w, 30)
			bar := ansi.Strip(m.skill.tabBar())
			if bw := ansi.StringWidth(bar); bw > w {
				t.Errorf("%s at %d: bar is %d wide", name, w, bw)
			}
			for _, i := range m.skill.visible() {
				tab := m.skill.tabs[i]
				label := tab.Title()
				if s, ok := tab.(shortTitler); ok && !strings.Contains(bar, label) {
					label = s.ShortTitle()
				}
				if !strings.Contains(bar, label) {
					t.Errorf("%s at width %d: tab %s has no name in %q", name, w, tab.Title(), bar)
				}
			}
			if w >= 64 && !strings.Contains(bar, "Lint") {
				t.Errorf("%s at %d: %q", name, w, bar)
			}
		}
	}
	// Very narrow: inactive tabs fall back to their numbers, never wider
	// than the pane.
	m.skill.SetSize(24, 30)
	if bw := ansi.StringWidth(m.skill.tabBar()); bw > 24 {
		t.Errorf("narrow bar is %d wide", bw)
	}
	m.skill.SetSize(82, 30) // the names, numbers and badge slots
	selectSkill(t, m, "forgejo-api")
	if bar := ansi.Strip(m.skill.tabBar()); !strings.Contains(bar, "1 Read") {
		t.Errorf("numbers dropped although they fit: %q", bar)
	}
}

// startQuiz opens skill's Quiz tab in the focused skill pane and begins.
func startQuiz(t testing.TB, m *Model, skill string) *quizTab {
	t.Helper()
	selectSkill(t, m, skill)
	press(t, m, "enter")
	openTab(t, m, "Quiz")
	press(t, m, "enter")
	q := quizTabOf(t, m)
	if q.mode != quizAsking {
		t.Fatalf("mode %v after starting, want asking", q.mode)
	}
	return q
}

// readText is the Read tab's rendering, plain.
func readText(t testing.TB, m *Model) string {
	t.Helper()
	rt, _ := m.skill.readTab()
	if rt.doc == nil {
		t.Fatal("the Read tab shows nothing")
	}
	return ansi.Strip(rt.doc.out)
}

func TestQuizRunHidesTheBodyUntilTheGateOpens(t *testing.T) {
	m := embeddedStudio(t, 120, 40)
	startQuiz(t, m, "webhook-verification")
	openTab(t, m, "Read")
	v := readText(t, m)
	if !strings.Contains(v, "Body locked by the quiz run") || strings.Contains(v, "## Replay Protection") {
		t.Fatalf("during a run the Read tab shows the body:\n%s", v)
	}
	if !strings.Contains(ansi.Strip(content(m)), "(locked)") {
		t.Errorf("the breadcrumb does not say the body is locked:\n%s", ansi.Strip(content(m)))
	}
	// x in the Quiz tab ends the run: the whole body is back.
	openTab(t, m, "Quiz")
	press(t, m, "x")
	openTab(t, m, "Read")
	if v := readText(t, m); strings.Contains(v, "Body locked") || !strings.Contains(v, "## Replay Protection") {
		t.Errorf("after the run the Read tab is still gated:\n%s", v)
	}
}

func TestQuizGotoShowsTheSectionWithABackKey(t *testing.T) {
	m := embeddedStudio(t, 120, 40)
	q := startQuiz(t, m, "webhook-verification")
	press(t, m, "1")     // correct: on-correct goto "## Verification Steps"
	press(t, m, "enter") // perform it
	if got := activeTitle(m); got != "Read" {
		t.Fatalf("goto shows the %s tab, want Read", got)
	}
	v := readText(t, m)
	if !strings.Contains(v, "Verification Steps") || !strings.Contains(v, "raw body") {
		t.Errorf("the unlocked section is not shown:\n%s", v)
	}
	if strings.Contains(v, "## Replay Protection") {
		t.Errorf("a locked section shows during the run:\n%s", v)
	}
	rt, _ := m.skill.readTab()
	if !strings.Contains(ansi.Strip(rt.vp.View()), "## Verification Steps") {
		t.Errorf("the section is not on screen:\n%s", ansi.Strip(rt.vp.View()))
	}
	if !strings.Contains(ansi.Strip(content(m)), "backspace back to the quiz") {
		t.Error("no back key shown")
	}
	press(t, m, "backspace")
	if got := activeTitle(m); got != "Quiz" || q.mode != quizFeedback {
		t.Errorf("back shows %s in mode %v, want the quiz's feedback", got, q.mode)
	}
	if m.skill.ret != nil {
		t.Error("the way back outlives its use")
	}
}

func TestQuizLoadReferenceOpensInTheReaderAndBack(t *testing.T) {
	m := embeddedStudio(t, 120, 40)
	startQuiz(t, m, "webhook-verification")
	press(t, m, "2")     // wrong: load-reference references/signing-scheme.md
	press(t, m, "enter") // open it
	rt, _ := m.skill.readTab()
	if activeTitle(m) != "Read" || rt.top() == nil || !strings.HasSuffix(rt.top().fsPath, "signing-scheme.md") {
		t.Fatalf("the reference is not in the reader (tab %s)", activeTitle(m))
	}
	if v := readText(t, m); !strings.Contains(v, "signed_message") {
		t.Errorf("reference not rendered:\n%s", v)
	}
	press(t, m, "backspace")
	if activeTitle(m) != "Quiz" || len(rt.stack) != 1 {
		t.Errorf("back: tab %s, reader depth %d; want the quiz and the body under it", activeTitle(m), len(rt.stack))
	}
}

func TestQuizLoadSkillOpensThatSkillAndBack(t *testing.T) {
	m := embeddedStudio(t, 120, 40)
	q := startQuiz(t, m, "webhook-verification")
	press(t, m, "1", "space") // on to question 2
	press(t, m, "1")          // wrong: load-skill secrets-handling
	if q.last == nil || len(q.openable()) == 0 {
		t.Fatal("no action to open")
	}
	press(t, m, "enter")
	if e := m.skill.entry; e == nil || e.Skill.Name != "secrets-handling" || activeTitle(m) != "Read" {
		t.Fatalf("load-skill shows %v on %s", e, activeTitle(m))
	}
	if sel := m.lib.Selected(); sel == nil || sel.Skill.Name != "secrets-handling" {
		t.Error("the library selection does not follow")
	}
	press(t, m, "backspace")
	if e := m.skill.entry; e.Skill.Name != "webhook-verification" || activeTitle(m) != "Quiz" {
		t.Fatalf("back shows %s on %s, want the quiz", e.Skill.Name, activeTitle(m))
	}
	if q.run == nil || q.mode != quizFeedback {
		t.Errorf("the run did not survive the round trip (mode %v)", q.mode)
	}
}

// TestQuizLoadSkillUsesTheWholeLibrary: a load-skill target in another
// source (not a sibling folder) resolves through the studio's library.
func TestQuizLoadSkillUsesTheWholeLibrary(t *testing.T) {
	m := embeddedStudio(t, 120, 40)
	q := startQuiz(t, m, "webhook-verification")
	var self *Entry
	for _, e := range m.lib.entries {
		if e.Skill.Name == "webhook-verification" {
			self = e
		}
	}
	r := q.studioResolver()
	for _, name := range []string{"secrets-handling", "open-prices", "webhook-verification"} {
		if s, err := r.ResolveSkill(name); err != nil || s == nil {
			t.Errorf("%s does not resolve: %v", name, err)
		}
	}
	if s, _ := r.ResolveSkill("no-such-skill"); s != nil {
		t.Error("an unknown name resolved")
	}
	if e := m.EntryNamed("open-prices", self); e == nil || e.Skill.Format.Label() != "xgs" {
		t.Errorf("EntryNamed found %v", e)
	}
}
