package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/report"
)

// githubSARIF is the part of a SARIF log GitHub code scanning reads, as
// its "SARIF support for code scanning" page lists it.
type githubSARIF struct {
	Version string `json:"version"`
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name  string `json:"name"`
				Rules []struct {
					ID               string `json:"id"`
					ShortDescription struct{ Text string }
					FullDescription  struct{ Text string }
					Help             struct{ Text, Markdown string }
					HelpURI          string `json:"helpUri"`
					Default          struct {
						Level string `json:"level"`
					} `json:"defaultConfiguration"`
					Properties struct {
						Tags             []string `json:"tags"`
						SecuritySeverity string   `json:"security-severity"`
					} `json:"properties"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		OriginalURIBaseIDs map[string]struct{ URI string } `json:"originalUriBaseIds"`
		Results            []struct {
			RuleID    string `json:"ruleId"`
			RuleIndex *int   `json:"ruleIndex"`
			Level     string `json:"level"`
			Message   struct{ Text string }
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI       string `json:"uri"`
						URIBaseID string `json:"uriBaseId"`
					} `json:"artifactLocation"`
					Region struct {
						StartLine, StartColumn, EndLine, EndColumn int
					} `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
			PartialFingerprints map[string]string `json:"partialFingerprints"`
		} `json:"results"`
	} `json:"runs"`
}

// checkGitHubSARIF fails t for every field GitHub requires that data lacks
// or gets wrong, and returns the parsed log.
func checkGitHubSARIF(t *testing.T, data []byte) githubSARIF {
	t.Helper()
	var log githubSARIF
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("version %q, %d runs", log.Version, len(log.Runs))
	}
	run := log.Runs[0]
	if run.Tool.Driver.Name == "" {
		t.Error("tool.driver.name is empty")
	}
	levels := map[string]bool{"none": true, "note": true, "warning": true, "error": true}
	ids := map[string]bool{}
	for _, r := range run.Tool.Driver.Rules {
		if r.ID == "" || ids[r.ID] {
			t.Errorf("rule id %q is empty or repeated", r.ID)
		}
		ids[r.ID] = true
		if r.ShortDescription.Text == "" || len(r.ShortDescription.Text) > 1024 {
			t.Errorf("%s: shortDescription.text must be 1 to 1024 characters, is %d", r.ID, len(r.ShortDescription.Text))
		}
		if r.FullDescription.Text == "" {
			t.Errorf("%s: fullDescription.text is empty", r.ID)
		}
		if r.Help.Text == "" {
			t.Errorf("%s: help.text is empty (GitHub requires it: code scanning shows it beside each alert)", r.ID)
		}
		if !strings.HasPrefix(r.HelpURI, "https://") {
			t.Errorf("%s: helpUri %q is not an https URL", r.ID, r.HelpURI)
		}
		if !levels[r.Default.Level] {
			t.Errorf("%s: defaultConfiguration.level %q", r.ID, r.Default.Level)
		}
		if strings.HasPrefix(r.ID, "review/") {
			score, err := strconv.ParseFloat(r.Properties.SecuritySeverity, 64)
			if err != nil || score < 0 || score > 10 {
				t.Errorf("%s: a security rule's security-severity %q is not a score from 0.0 to 10.0", r.ID, r.Properties.SecuritySeverity)
			}
		}
	}
	fingerprints := map[string]bool{}
	for i, res := range run.Results {
		where := res.RuleID + " #" + strconv.Itoa(i)
		if !ids[res.RuleID] {
			t.Errorf("%s: ruleId is no rule of the driver", where)
		}
		if res.RuleIndex == nil || run.Tool.Driver.Rules[*res.RuleIndex].ID != res.RuleID {
			t.Errorf("%s: ruleIndex does not point at its rule", where)
		}
		if !levels[res.Level] || res.Message.Text == "" {
			t.Errorf("%s: level %q, message %q", where, res.Level, res.Message.Text)
		}
		if len(res.Locations) != 1 {
			t.Errorf("%s: %d locations, want 1", where, len(res.Locations))
			continue
		}
		loc := res.Locations[0].PhysicalLocation
		u := loc.ArtifactLocation.URI
		if u == "" || strings.HasPrefix(u, "/") || strings.Contains(u, "://") || strings.HasPrefix(u, "../") || strings.Contains(u, " ") {
			t.Errorf("%s: uri %q is not a relative, encoded path in the repository", where, u)
		}
		if _, ok := run.OriginalURIBaseIDs[loc.ArtifactLocation.URIBaseID]; !ok {
			t.Errorf("%s: uriBaseId %q is not declared in originalUriBaseIds", where, loc.ArtifactLocation.URIBaseID)
		}
		r := loc.Region
		if r.StartLine < 1 || r.StartColumn < 1 {
			t.Errorf("%s: region starts at %d:%d", where, r.StartLine, r.StartColumn)
		}
		if r.EndLine != 0 && (r.EndLine < r.StartLine || r.EndLine == r.StartLine && r.EndColumn != 0 && r.EndColumn < r.StartColumn) {
			t.Errorf("%s: region ends at %d:%d before it starts at %d:%d", where, r.EndLine, r.EndColumn, r.StartLine, r.StartColumn)
		}
		if len(res.PartialFingerprints) == 0 {
			t.Errorf("%s: no partialFingerprints (an upload by the API computes none: every run would open new alerts)", where)
		}
		for k, v := range res.PartialFingerprints {
			if fingerprints[k+"="+v] {
				t.Errorf("%s: fingerprint %s=%s is another result's too", where, k, v)
			}
			fingerprints[k+"="+v] = true
		}
	}
	return log
}

// TestSARIFMeetsGitHubRequirements checks every field GitHub code
// scanning requires: on a library with a finding of every rule, and on a
// real lint of the fixture libraries (with --review), twice, with lines
// added above the findings the second time: the same alerts must keep
// their fingerprints.
func TestSARIFMeetsGitHubRequirements(t *testing.T) {
	rules := formats.Rules()
	var diags []model.Diagnostic
	for _, r := range rules {
		diags = append(diags, model.Diagnostic{Rule: r.ID, Severity: r.Severity, File: "every-rule/SKILL.md", Line: 2, Column: 3, EndLine: 2, EndColumn: 9, Message: "a finding of " + r.ID})
	}
	lib := &model.Library{Skills: []*model.Skill{{Format: model.FormatSkillMD, Name: "every-rule",
		Location: model.Location{Root: t.TempDir(), Local: true, Dir: "every-rule", File: "every-rule/SKILL.md"}, Diagnostics: diags}}}
	var buf bytes.Buffer
	if err := report.SARIF(&buf, lib, report.Options{BaseDir: lib.Skills[0].Location.Root, Rules: rules, ToolVersion: "test"}); err != nil {
		t.Fatal(err)
	}
	if log := checkGitHubSARIF(t, buf.Bytes()); len(log.Runs[0].Results) != len(rules) {
		t.Errorf("%d results for %d rules", len(log.Runs[0].Results), len(rules))
	}

	isolateConfig(t)
	t.Setenv("GITHUB_WORKSPACE", "")
	root := t.TempDir()
	for _, dir := range []string{"lint/broken", "realworld"} {
		if err := os.CopyFS(filepath.Join(root, filepath.FromSlash(dir)), os.DirFS(filepath.Join("testdata", filepath.FromSlash(dir)))); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(root)
	lint := func() map[string]string {
		_, out, _ := runCLI(t, "lint", "--review", "--format", "sarif", ".")
		log := checkGitHubSARIF(t, []byte(out))
		byPrint := map[string]string{}
		for _, res := range log.Runs[0].Results {
			for _, v := range res.PartialFingerprints {
				byPrint[v] = res.RuleID + " " + res.Locations[0].PhysicalLocation.ArtifactLocation.URI
			}
		}
		if len(byPrint) < 20 {
			t.Fatalf("only %d results: the fixtures no longer exercise the report", len(byPrint))
		}
		return byPrint
	}
	before := lint()
	// Three lines more at the top of every Markdown body moves each
	// finding below them down.
	moved := 0
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Base(p) != "SKILL.md" {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if i := bytes.Index(b, []byte("\n---\n")); bytes.HasPrefix(b, []byte("---\n")) && i > 0 {
			b = append(b[:i+5:i+5], append([]byte("\nAdded above.\n\n"), b[i+5:]...)...)
			moved++
			return os.WriteFile(p, b, 0o644)
		}
		return nil
	})
	if moved == 0 {
		t.Fatal("no SKILL.md was changed")
	}
	after := lint()
	for fp, what := range before {
		if strings.HasPrefix(what, "skillmd/frontmatter ") {
			// A second frontmatter block is reported only where it opens
			// the body; the added lines end that, not its fingerprint.
			continue
		}
		if _, ok := after[fp]; !ok {
			t.Errorf("%s: the fingerprint changed when lines were added above it", what)
		}
	}
}
