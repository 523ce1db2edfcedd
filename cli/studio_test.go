package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// A missing SOURCE that looks like a command is probably a typo of one.
func TestStudioMissingSourceSuggestsACommand(t *testing.T) {
	isolateConfig(t)
	code, _, errOut := runCLI(t, "lnit")
	if code != 2 || !strings.Contains(errOut, "cannot open lnit") || !strings.Contains(errOut, `did you mean the command "lint"?`) {
		t.Errorf("lnit: exit %d, stderr %q", code, errOut)
	}
	code, _, errOut = runCLI(t, "no-such-folder")
	if code != 2 || !strings.Contains(errOut, "cannot open no-such-folder") || strings.Contains(errOut, "did you mean") {
		t.Errorf("no-such-folder: exit %d, stderr %q", code, errOut)
	}
}

// The studio's Review tab judges the checkout it is opened on, so that
// checkout's .skillstudio.yaml may not turn review rules down there either
// (lint findings still follow it).
func TestStudioReviewIgnoresACheckoutsWeakeningRules(t *testing.T) {
	isolateConfig(t)
	dir := writeReviewFixture(t)
	if err := os.WriteFile(filepath.Join(dir, ".skillstudio.yaml"), []byte("rules:\n  review/: off\n  skillmd/: off\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a := newApp(Options{})
	root := a.newRootCmd()
	if err := root.ParseFlags(nil); err != nil {
		t.Fatal(err)
	}
	opts, err := a.studioOptions(root, []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if got := opts.ReviewConfig.SeverityOf("review/hidden-instruction", model.SeverityError); got != model.SeverityError {
		t.Errorf("Review tab: review/hidden-instruction is %v, want error", got)
	}
	if got := opts.Config.SeverityOf("skillmd/name", model.SeverityError); got != model.SeverityOff {
		t.Errorf("lint in the studio: skillmd/name is %v, want off (the project's own setting)", got)
	}
}
