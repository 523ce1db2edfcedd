package ui

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/skillstudio/skillstudio/registry"
)

// wellKnownHost serves skills by Agent Skills well-known discovery (the
// legacy 0.1.0 index: a files list per skill). gate, when not nil, holds
// every SKILL.md back until it is closed, so a test can look at the
// library between the index and the details.
func wellKnownHost(t *testing.T, gate chan struct{}, skills map[string]string) *httptest.Server {
	t.Helper()
	type entry struct {
		Name        string   `json:"name"`
		Description string   `json:"description"`
		Files       []string `json:"files"`
	}
	var index struct {
		Skills []entry `json:"skills"`
	}
	for name := range skills {
		index.Skills = append(index.Skills, entry{Name: name, Description: "the " + name + " skill", Files: []string{"SKILL.md"}})
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/.well-known/skills/index.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(index)
	})
	mux.HandleFunc("/.well-known/skills/", func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/.well-known/skills/"), "/SKILL.md")
		body, ok := skills[name]
		if !ok || body == "" {
			http.NotFound(w, r)
			return
		}
		if gate != nil {
			select {
			case <-gate:
			case <-r.Context().Done():
				return
			}
		}
		w.Header().Set("Content-Type", "text/markdown")
		w.Write([]byte(body))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func remoteSkillMD(name string) string {
	return "---\nname: " + name + "\ndescription: Does " + name + " things when the user asks for " + name + ".\n---\n\n# " + name + "\n\nSteps for " + name + ".\n"
}

func remoteOpts(t *testing.T) *registry.RemoteOptions {
	return &registry.RemoteOptions{CacheDir: t.TempDir(), Timeout: 5 * time.Second, ConnectTimeout: time.Second}
}

// localAndRemote opens the fixture library and a remote host.
func localAndRemote(t *testing.T, srv *httptest.Server, extra Options) (*Model, string) {
	t.Helper()
	lib := fixtureLibrary(t)
	extra.Sources = []string{lib, srv.URL}
	extra.Remote = remoteOpts(t)
	return studio(t, extra, 120, 40), lib
}

func entryNamed(m *Model, name string) *Entry {
	for _, e := range m.lib.entries {
		if e.Skill.Name == name {
			return e
		}
	}
	return nil
}

func TestRemoteRowsAppearBeforeTheirDetails(t *testing.T) {
	gate := make(chan struct{})
	srv := wellKnownHost(t, gate, map[string]string{"alpha": remoteSkillMD("alpha"), "beta": remoteSkillMD("beta")})
	m := New(Options{Sources: []string{srv.URL}, Remote: remoteOpts(t), Theme: "dark"})
	m.Update(windowSize(120, 40))
	// Read events until both rows are listed; the details are held back.
	pump(t, m, m.Init(), func() bool { return entryNamed(m, "alpha") != nil && entryNamed(m, "beta") != nil })
	a := entryNamed(m, "alpha")
	if !a.stub || a.row.desc != "the alpha skill" {
		t.Fatalf("alpha before its files: stub %v desc %q", a.stub, a.row.desc)
	}
	frame := ansi.Strip(content(m))
	if !strings.Contains(frame, "loading 0/2") || !strings.Contains(frame, "fetching its files") {
		t.Errorf("no status line or placeholder while loading:\n%s", frame)
	}
	checkFrame(t, m)
	close(gate)
	pump(t, m, nil, func() bool { return !m.streaming() })
	if a := entryNamed(m, "alpha"); a.stub || a.Skill.Body == "" || a.Base.Local {
		t.Errorf("alpha after its files: stub %v body %q", a.stub, a.Skill.Body)
	}
	if got := ansi.Strip(content(m)); !strings.Contains(got, "ok · 2 skills") {
		t.Errorf("no final status line:\n%s", got)
	}
}

func TestRemoteSourceBesideALocalOne(t *testing.T) {
	srv := wellKnownHost(t, nil, map[string]string{"alpha": remoteSkillMD("alpha"), "gone": ""})
	m, _ := localAndRemote(t, srv, Options{})
	checkFrame(t, m)
	if !m.lib.group {
		t.Error("a remote source beside a local one is not grouped by source")
	}
	if len(m.lib.entries) != 6 {
		t.Errorf("%d skills, want the 4 local + alpha + gone", len(m.lib.entries))
	}
	g := entryNamed(m, "gone")
	if g == nil || !g.failed {
		t.Fatalf("a skill whose file is missing is not listed as failed: %+v", g)
	}
	selectSkill(t, m, "gone")
	if v := ansi.Strip(content(m)); !strings.Contains(v, "could not be fetched") || !strings.Contains(v, "remote/") {
		t.Errorf("the failed skill's pane does not say why:\n%s", v)
	}
	if !strings.Contains(ansi.Strip(content(m)), "1 failed") {
		t.Error("the source's status line does not count the failure")
	}
}

func TestPullCopiesARemoteSkillIntoTheFolder(t *testing.T) {
	srv := wellKnownHost(t, nil, map[string]string{"alpha": remoteSkillMD("alpha")})
	dest := t.TempDir()
	m, _ := localAndRemote(t, srv, Options{PullDir: dest})
	selectSkill(t, m, "alpha")
	press(t, m, "p")
	// The review comes first, then the question; nothing is copied yet.
	if m.confirm == nil || !strings.Contains(m.confirm.question, "Pull alpha into") || !strings.Contains(m.confirm.question, "its review:") {
		t.Fatalf("p did not ask with the review (confirm %+v, status %q)", m.confirm, m.status)
	}
	if _, err := os.Stat(filepath.Join(dest, "alpha")); err == nil {
		t.Fatal("pulled before the answer")
	}
	if f := ansi.Strip(content(m)); !strings.Contains(f, "Review of alpha before pulling it") {
		t.Errorf("the evidence is not on screen:\n%s", f)
	}
	press(t, m, "y")
	data, err := os.ReadFile(filepath.Join(dest, "alpha", "SKILL.md"))
	if err != nil || !strings.Contains(string(data), "Steps for alpha") {
		t.Fatalf("pulled file: %v", err)
	}
	if !strings.Contains(m.status, "Pulled alpha into") {
		t.Errorf("status %q does not say where the skill went", m.status)
	}
	// The copy joins the library as a local skill, selected.
	if e := m.skill.entry; e == nil || e.Skill.Name != "alpha" || !e.Base.Local {
		t.Errorf("selected after the pull: %+v", e)
	}
	// Pulling again never overwrites.
	selectSkill(t, m, "alpha")
	for _, e := range m.lib.entries {
		if e.Skill.Name == "alpha" && !e.Base.Local {
			m.lib.selected = e.ID
			m.lib.rebuild()
		}
	}
	m.focus = focusLibrary
	press(t, m, "p", "y")
	if !m.statusErr || !strings.Contains(m.status, "already exists") {
		t.Errorf("second pull: %q", m.status)
	}
	// A local skill is not pulled.
	selectSkill(t, m, "hello-world")
	m.focus = focusLibrary
	m.lib.selected = entryNamed(m, "hello-world").ID
	m.lib.rebuild()
	press(t, m, "p")
	if !strings.Contains(m.status, "already a local skill") {
		t.Errorf("pull of a local skill: %q", m.status)
	}
}

func TestAddAndRemoveASourceFromTheStudio(t *testing.T) {
	srv := wellKnownHost(t, nil, map[string]string{"alpha": remoteSkillMD("alpha")})
	cfg := filepath.Join(t.TempDir(), "skillstudio", "config.yaml")
	lib := fixtureLibrary(t)
	m := studio(t, Options{Sources: []string{lib}, Remote: remoteOpts(t), ConfigPath: cfg}, 120, 40)

	press(t, m, "a")
	if m.screen == nil {
		t.Fatal("a did not open the add-source prompt")
	}
	checkFrame(t, m)
	typeText(t, m, "github:")
	press(t, m, "enter")
	if m.screen == nil || !strings.Contains(ansi.Strip(content(m)), glyphError) {
		t.Fatalf("a bad spec was accepted:\n%s", ansi.Strip(content(m)))
	}
	for range len("github:") {
		press(t, m, "backspace")
	}
	typeText(t, m, srv.URL)
	press(t, m, "enter")
	if m.screen != nil {
		t.Fatal("the prompt stayed open")
	}
	if entryNamed(m, "alpha") == nil {
		t.Fatal("the added source's skill is not in the library")
	}
	data, _ := os.ReadFile(cfg)
	if !strings.Contains(string(data), srv.URL) {
		t.Errorf("config file after add:\n%s", data)
	}
	if !strings.Contains(m.status, "saved in") {
		t.Errorf("status after add: %q", m.status)
	}

	// D on the remote group asks first; n keeps it.
	m.lib.selected = entryNamed(m, "alpha").ID
	m.lib.rebuild()
	press(t, m, "D")
	if m.confirm == nil || !strings.Contains(ansi.Strip(content(m)), "Remove the source") {
		t.Fatalf("no confirmation:\n%s", ansi.Strip(content(m)))
	}
	press(t, m, "n")
	if entryNamed(m, "alpha") == nil {
		t.Fatal("n removed the source")
	}
	press(t, m, "D", "y")
	if entryNamed(m, "alpha") != nil {
		t.Fatal("y did not remove the source")
	}
	data, _ = os.ReadFile(cfg)
	if strings.Contains(string(data), srv.URL) {
		t.Errorf("config file after remove:\n%s", data)
	}
	if len(m.lib.entries) != 4 {
		t.Errorf("%d skills left, want the 4 local ones", len(m.lib.entries))
	}
	checkFrame(t, m)
}

func windowSize(w, h int) tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: w, Height: h} }

// pumps holds the commands a pump left running, so the next pump goes on
// reading their results.
var pumps = struct {
	results chan tea.Msg
	pending int
}{results: make(chan tea.Msg, 4096)}

// pump runs cmd and what follows from it, like drain, but returns as soon
// as done() holds; commands still running keep going for the next pump.
func pump(t testing.TB, m *Model, cmd tea.Cmd, done func() bool) {
	t.Helper()
	run := func(c tea.Cmd) {
		if c == nil {
			return
		}
		pumps.pending++
		go func() { pumps.results <- c() }()
	}
	run(cmd)
	deadline := time.After(10 * time.Second)
	for !done() {
		select {
		case msg := <-pumps.results:
			pumps.pending--
			switch msg := msg.(type) {
			case nil:
			case tea.BatchMsg:
				for _, c := range msg {
					run(c)
				}
			default:
				_, c := m.Update(msg)
				run(c)
			}
		case <-deadline:
			t.Fatal("pump: the condition did not hold within 10s")
		}
	}
}

// TestPullABuiltInExample: the embedded examples are read-only too; p
// copies one out to start from.
func TestPullABuiltInExample(t *testing.T) {
	empty := filepath.Join(t.TempDir(), "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	m := studio(t, Options{DefaultSource: empty, WorkDir: empty, Builder: okBuilder{}}, 120, 40)
	m.lib.selected = entryNamed(m, "open-prices").ID
	m.lib.rebuild()
	press(t, m, "p")
	if _, err := os.Stat(filepath.Join(empty, "open-prices.xgs.js")); err != nil {
		t.Fatalf("not pulled: %v (status %q)", err, m.status)
	}
	if e := m.skill.entry; e == nil || !e.Base.Local || e.Skill.Name != "open-prices" {
		t.Errorf("the local copy is not selected: %+v", e)
	}
	// The copy is built as soon as it is selected (the status bar used to
	// say "building…" forever: the selection came from the pull, not a key).
	if bar := ansi.Strip(m.statusBar()); !strings.Contains(bar, "build 1 B") {
		t.Errorf("status bar %q: want the copy's build", bar)
	}
	checkFrame(t, m)
}

// Any answer but yes pulls nothing and says so.
func TestPullAnsweredNoCopiesNothing(t *testing.T) {
	srv := wellKnownHost(t, nil, map[string]string{"alpha": remoteSkillMD("alpha")})
	dest := t.TempDir()
	m, _ := localAndRemote(t, srv, Options{PullDir: dest})
	selectSkill(t, m, "alpha")
	press(t, m, "p", "n")
	if _, err := os.Stat(filepath.Join(dest, "alpha")); err == nil {
		t.Fatal("pulled although the answer was no")
	}
	if m.status != "Nothing pulled." {
		t.Errorf("status %q", m.status)
	}
}

// okBuilder reports every build as one byte made at once.
type okBuilder struct{}

func (okBuilder) Build(string) BuildResult { return BuildResult{Bytes: 1} }
