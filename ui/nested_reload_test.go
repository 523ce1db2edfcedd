package ui

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/skillstudio/skillstudio/config"
	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
)

// A nested .skillstudio.yaml created, edited into a broken one, and
// removed while the studio runs is applied each time through the same
// watcher and bulk reload as the top-level file: its exclude: drops a
// skill below it, a broken one is named file:line:col (and applies
// nothing), removing it clears the error.
func TestFlowNestedConfigReload(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	lib := fixtureLibrary(t)
	nested := filepath.Join(lib, "skills", config.ProjectFileName)
	// As the CLI reads it: nested files' exclude: ride on Folders, their
	// rules: on the rule configuration.
	reload := func() (ConfigReload, error) {
		r, err := reloadFrom(lib)()
		if err != nil {
			return r, err
		}
		cfg, err := config.Load("", lib, formats.Rules())
		if err != nil {
			return r, err
		}
		r.Config, r.Folders = cfg.Formats(), cfg.Folders(false)
		r.Problems = func() []model.Diagnostic {
			_, _, err := cfg.NestedFiles()
			var ce *config.Error
			if errors.As(err, &ce) {
				return []model.Diagnostic{{Rule: "config/nested", Severity: model.SeverityError, File: ce.File, Line: ce.Line, Column: ce.Column, Message: ce.Msg}}
			}
			return nil
		}
		return r, nil
	}
	now, err := reload()
	if err != nil {
		t.Fatal(err)
	}
	m := New(Options{Sources: []string{lib}, Theme: "dark", Watch: true, WorkDir: filepath.Dir(lib),
		Config: now.Config, Folders: now.Folders, ConfigProblems: now.Problems,
		ConfigFiles: now.Files, ReloadConfig: reload})
	defer m.Close()
	tm, frame := recordedProgram(t, m)
	waitFrame(t, tm, frame, "4 skills", "live")

	if err := os.WriteFile(nested, []byte("exclude:\n  - hello-world\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFrame(t, tm, frame, "3 skills", "Config reloaded: 3 skills linted again, 1 now excluded.")

	if err := os.WriteFile(nested, []byte("exclude:\n  - hello-world\nrules:\n  skillmd/no-such-rule: off\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A file that does not read applies nothing until it does (as lint
	// fails on it): hello-world is back, and the bar says where.
	waitFrame(t, tm, frame, "4 skills", "Config "+filepath.Join("lib", "skills", config.ProjectFileName)+":4:3: unknown rule")

	if err := os.Remove(nested); err != nil {
		t.Fatal(err)
	}
	waitFrame(t, tm, frame, "4 skills", "Config reloaded: 4 skills linted again.")
	tm.Type("q")
	final := tm.FinalModel(t, teatest.WithFinalTimeout(finalTimeout)).(studioRecorder).Model
	if final.nestedErr != "" {
		t.Errorf("the removed file's error stays: %q", final.nestedErr)
	}
}
