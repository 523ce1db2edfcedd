package ui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/skillstudio/skillstudio/config"
	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
)

// reloadFrom reads the project config found from lib, as the CLI's
// ReloadConfig does (without flags).
func reloadFrom(lib string) func() (ConfigReload, error) {
	return func() (ConfigReload, error) {
		cfg, err := config.Load("", lib, formats.Rules())
		if err != nil {
			return ConfigReload{}, err
		}
		ex, err := cfg.ExcludeFilter(nil)
		if err != nil {
			return ConfigReload{}, err
		}
		profile := model.ProfileAll
		if cfg.Profile != "" {
			profile = cfg.Profile
		}
		return ConfigReload{Profile: profile, Config: cfg.Formats(), ReviewConfig: cfg.ReviewFormats(),
			ListingAgents: cfg.Agents, ContextTokens: cfg.Context, Exclude: ex,
			Files: []string{filepath.Join(lib, config.ProjectFileName)}}, nil
	}
}

// A project config written while the studio runs is applied: its
// exclude: drops a skill, its rules: change a severity, the selection
// stays on its skill. A broken one is reported with its position and the
// library stays.
func TestFlowConfigReloadAppliesAndReportsErrors(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	lib := fixtureLibrary(t)
	cfgPath := filepath.Join(lib, config.ProjectFileName)
	m := New(Options{Sources: []string{lib}, Theme: "dark", Watch: true, WorkDir: filepath.Dir(lib),
		ConfigFiles: []string{cfgPath}, ReloadConfig: reloadFrom(lib)})
	defer m.Close()
	tm, frame := recordedProgram(t, m)
	waitFrame(t, tm, frame, "4 skills", "live")
	// Select tide-tables (below hello-world, which the config excludes).
	tm.Send(tea.KeyPressMsg{Code: tea.KeyDown})
	tm.Send(tea.KeyPressMsg{Code: tea.KeyDown})
	waitFrame(t, tm, frame, "tide-tables")

	if err := os.WriteFile(cfgPath, []byte("rules:\n  skillmd/link: error\nexclude:\n  - skills/hello-world\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFrame(t, tm, frame, "3 skills", "Config reloaded: 3 skills linted again, 1 now excluded.")

	if err := os.WriteFile(cfgPath, []byte("rules:\n  skillmd/link: error\n  skillmd/no-such-rule: off\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFrame(t, tm, frame, "Config not reloaded", config.ProjectFileName+":3:", "3 skills")

	tm.Type("q")
	final := tm.FinalModel(t, teatest.WithFinalTimeout(finalTimeout)).(studioRecorder).Model
	if sel := final.lib.Selected(); sel == nil || sel.Skill.Name != "tide-tables" {
		t.Errorf("selected %v, want tide-tables still", sel)
	}
	if e := final.skill.entry; e == nil || e.Skill.Name != "tide-tables" {
		t.Errorf("the pane shows %v, want tide-tables", e)
	}
	for _, e := range final.lib.entries {
		if e.Skill.Name == "hello-world" {
			t.Error("hello-world is listed though excluded")
		}
		if e.Skill.Name == "hostile" && e.row.errors != 1 {
			t.Errorf("hostile has %d errors, want its link finding raised to one", e.row.errors)
		}
	}
}

// A reload reads the whole library again in one command with one message
// back, not a message per skill.
func TestConfigReloadIsOneMessage(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	lib := t.TempDir()
	const n = 300
	for i := range n {
		writeFile(t, lib, fmt.Sprintf("s%03d/SKILL.md", i), fmt.Sprintf("---\nname: s%03d\ndescription: Use when the test needs skill number %d.\n---\nBody.\n", i, i))
	}
	m := studio(t, Options{Sources: []string{lib}, ReloadConfig: reloadFrom(lib)}, 120, 40)
	press(t, m, "down", "down", "down")
	before := m.lib.Selected()
	writeFile(t, lib, config.ProjectFileName, "exclude:\n  - s000\nrules:\n  skillmd/tokens: off\n")

	counts := map[string]int{}
	results := make(chan tea.Msg, 16)
	pending := 0
	run := func(c tea.Cmd) {
		if c != nil {
			pending++
			go func() { results <- c() }()
		}
	}
	_, cmd := m.Update(skillsChangedMsg{config: true})
	run(cmd)
	for pending > 0 {
		msg := <-results
		pending--
		switch msg := msg.(type) {
		case nil:
		case tea.BatchMsg:
			for _, c := range msg {
				run(c)
			}
		default:
			counts[fmt.Sprintf("%T", msg)]++
			_, c := m.Update(msg)
			run(c)
		}
	}
	if counts["ui.relintedMsg"] != 1 || counts["ui.skillReloadedMsg"] != 0 || counts["ui.batchLoadedMsg"] != 0 {
		t.Errorf("messages: %v", counts)
	}
	if len(m.lib.entries) != n-1 {
		t.Errorf("%d skills listed, want %d", len(m.lib.entries), n-1)
	}
	if after := m.lib.Selected(); after != before {
		t.Errorf("selection moved from %s to %v", before.Skill.Name, after)
	}
	for _, e := range m.lib.entries {
		for _, d := range e.Skill.Diagnostics {
			if d.Rule == "skillmd/tokens" {
				t.Fatalf("%s: skillmd/tokens is off but reported", e.Skill.Name)
			}
		}
	}
	if !strings.HasPrefix(m.status, "Config reloaded: 299 skills linted again, 1 now excluded") {
		t.Errorf("status %q", m.status)
	}
}

// A nested project file that does not read is shown: in the status bar
// with its position, and among the Lint tab's library findings.
func TestBrokenNestedConfigIsShown(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	lib := fixtureLibrary(t)
	writeFile(t, lib, "skills/hostile/"+config.ProjectFileName, "rules:\n  skillmd/link: loud\n")
	cfg, err := config.Load("", lib, formats.Rules())
	if err != nil {
		t.Fatal(err)
	}
	problems := func() []model.Diagnostic {
		_, _, err := cfg.NestedFiles()
		var ce *config.Error
		if !errors.As(err, &ce) {
			return nil
		}
		return []model.Diagnostic{{Rule: "config/nested", Severity: model.SeverityError, File: ce.File, Line: ce.Line, Column: ce.Column, Message: ce.Msg}}
	}
	m := studio(t, Options{Sources: []string{lib}, Config: cfg.Formats(), ConfigProblems: problems}, 120, 40)
	bar := ansi.Strip(m.statusBar())
	if !strings.Contains(bar, config.ProjectFileName+":2:") {
		t.Errorf("status bar does not name the broken nested config:\n%s", bar)
	}
	press(t, m, "down") // a key clears a status line, not this
	if bar := ansi.Strip(m.statusBar()); !strings.Contains(bar, "Config ") {
		t.Errorf("after a key: %s", bar)
	}
	found := false
	for _, d := range m.SourceFindings(m.lib.Selected()) {
		found = found || d.Rule == "config/nested"
	}
	if !found {
		t.Error("the Lint tab's library findings do not list the broken config")
	}
}
