package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/listing"
)

// writeSkills writes one SKILL.md folder per name → description under a
// new temp folder and returns it.
func writeSkills(t *testing.T, skills map[string]string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "lib")
	for name, desc := range skills {
		writeFile(t, filepath.Join(dir, name, "SKILL.md"), fmt.Sprintf("---\nname: %s\ndescription: %s\n---\n\n# %s\n\nSteps.\n", name, desc, name))
	}
	return dir
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// bigLibrary is 40 skills whose 400-character descriptions need about
// 17,000 characters of Claude Code's 8,000.
func bigLibrary(t *testing.T) string {
	skills := map[string]string{}
	for i := range 40 {
		skills[fmt.Sprintf("s%02d", i)] = fmt.Sprintf("Skill %02d handles topic %02d. Use when ", i, i) + strings.Repeat("x", 370)
	}
	return writeSkills(t, skills)
}

// A library larger than the budget: listing shows which skills lose their
// descriptions, and lint reports exactly those skills.
func TestListingShowsWhatTheBudgetDrops(t *testing.T) {
	isolateConfig(t)
	dir := bigLibrary(t)
	code, out, errOut := runCLI(t, "listing", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"Claude Code: 40 skills", "8,000 chars used", "needed for every description", "over by", "name-only"} {
		if !strings.Contains(out, want) {
			t.Errorf("listing output lacks %q:\n%s", want, out)
		}
	}
	sum := regexp.MustCompile(`(?m)^(\d+) full, 0 truncated, (\d+) name-only, 0 omitted; (\d+) skills lose text to the budget$`).FindStringSubmatch(out)
	if sum == nil || sum[2] != sum[3] || sum[2] == "0" {
		t.Fatalf("no summary line:\n%s", out)
	}
	nameOnly := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^name-only\s+\d+\s+(s\d\d)`).FindAllStringSubmatch(out, -1) {
		nameOnly[m[1]] = true
	}
	if fmt.Sprint(len(nameOnly)) != sum[2] {
		t.Fatalf("%d name-only rows:\n%s", len(nameOnly), out)
	}

	code, out, _ = runCLI(t, "lint", dir)
	if code != 0 {
		t.Errorf("lint exit %d (warnings only)", code)
	}
	reported := map[string]bool{}
	for _, m := range regexp.MustCompile(`(s\d\d)[/\\]SKILL\.md:3:14: warning library/listing-budget`).FindAllStringSubmatch(out, -1) {
		reported[m[1]] = true
	}
	if fmt.Sprint(reported) != fmt.Sprint(nameOnly) {
		t.Errorf("lint reports %v, listing drops %v", reported, nameOnly)
	}
	// A 1M window fits everything; --agent none turns the check off.
	if _, out, _ := runCLI(t, "lint", "--context", "1m", dir); strings.Contains(out, "listing-budget") {
		t.Errorf("1m window:\n%s", out)
	}
	if _, out, _ := runCLI(t, "lint", "--agent", "none", dir); strings.Contains(out, "listing-budget") {
		t.Errorf("--agent none:\n%s", out)
	}
	// The config's agents: and context: do the same.
	writeFile(t, filepath.Join(dir, ".skillstudio.yaml"), "context: 1m\n")
	if _, out, _ := runCLI(t, "lint", dir); strings.Contains(out, "listing-budget") {
		t.Errorf("config context 1m:\n%s", out)
	}
	if _, out, _ := runCLI(t, "listing", dir); !strings.Contains(out, "40 full") {
		t.Errorf("listing with config context 1m:\n%s", out)
	}
}

func TestListingJSONAndAgents(t *testing.T) {
	isolateConfig(t)
	dir := bigLibrary(t)
	for _, agent := range listing.AgentIDs() {
		code, out, errOut := runCLI(t, "listing", "--json", "--agent", agent, dir)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", agent, code, errOut)
		}
		var got struct {
			Agent  string `json:"agent"`
			Budget int    `json:"budget"`
			Used   int    `json:"used"`
			Skills []struct {
				Name  string `json:"name"`
				Chars int    `json:"chars"`
				State string `json:"state"`
				Path  string `json:"path"`
			} `json:"skills"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%s: %v\n%s", agent, err, out)
		}
		if got.Agent != agent || len(got.Skills) != 40 || got.Skills[0].State == "" || !strings.HasSuffix(got.Skills[0].Path, "SKILL.md") {
			t.Errorf("%s: %+v", agent, got)
		}
		if agent != "gemini" && got.Used > got.Budget+40*8 {
			t.Errorf("%s: used %d of %d", agent, got.Used, got.Budget)
		}
	}
	code, out, _ := runCLI(t, "listing", "--raw", "--agent", "gemini", dir)
	if code != 0 || !strings.Contains(out, "<available_skills>") || !strings.Contains(out, "<name>s39</name>") {
		t.Errorf("--raw gemini: exit %d\n%s", code, out)
	}
	for _, args := range [][]string{
		{"listing", "--agent", "claude", dir},
		{"listing", "--agent", "codex,gemini", dir},
		{"listing", "--context", "lots", dir},
		{"lint", "--agent", "cursor", dir},
	} {
		if code, _, errOut := runCLI(t, args...); code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
	// Asked for JSON, the usage error is JSON on stdout.
	if code, out, _ := runCLI(t, "listing", "--json", "--raw", dir); code != 2 || !strings.Contains(out, `"error"`) {
		t.Errorf("--json --raw: exit %d, stdout %q", code, out)
	}
}

// The help names every agent's sources and the date they were looked up.
func TestListingHelpNamesSources(t *testing.T) {
	_, out, _ := runCLI(t, "listing", "--help")
	squeeze := func(s string) string { return strings.Join(strings.Fields(s), "") }
	for _, p := range listing.Profiles {
		for _, s := range p.Sources {
			if !strings.Contains(squeeze(out), squeeze(s.Where)) {
				t.Errorf("help lacks %s source %s", p.ID, s.Where)
			}
		}
	}
	if !strings.Contains(out, "2026-11-23") {
		t.Error("help lacks the look-up date")
	}
}

func TestLintReportsLookAlikes(t *testing.T) {
	isolateConfig(t)
	dir := writeSkills(t, map[string]string{
		"pdf-merge":   "Merge and combine PDF files into one document. Use when the user wants to merge PDFs.",
		"pdf-combine": "Combine and merge several PDF files into a single document. Use when asked to combine PDFs.",
		"csv-chart":   "Draw charts from CSV spreadsheets. Use when the user wants a bar or line chart of tabular data.",
	})
	_, out, _ := runCLI(t, "lint", dir)
	if n := strings.Count(out, "library/description-overlap"); n != 1 || !strings.Contains(out, "near-duplicate of pdf-") {
		t.Errorf("want one overlap finding between the PDF skills, got %d:\n%s", n, out)
	}
}

func TestRouteCommand(t *testing.T) {
	isolateConfig(t)
	dir := writeSkills(t, map[string]string{
		"pdf-tools":     "Merge, split and rotate PDF files. Use when the user wants to combine or split PDF documents.",
		"csv-chart":     "Draw charts from CSV spreadsheets. Use when the user wants a bar or line chart of tabular data.",
		"git-review":    "Review a git diff for bugs and risky changes. Use when asked to review uncommitted changes.",
		"release-notes": "Write release notes from merged pull requests. Use when preparing a changelog.",
	})
	code, out, errOut := runCLI(t, "route", "split this PDF document into pages", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	first := regexp.MustCompile(`(?m)^1\s+[\d.]+\s+(\S+)\s+(.*?)\s{2,}`).FindStringSubmatch(out)
	if first == nil || first[1] != "pdf-tools" || !strings.Contains(first[2], "pdf") {
		t.Errorf("want pdf-tools first with its matched terms:\n%s", out)
	}
	if !strings.Contains(out, "lexical estimate") || !strings.Contains(out, "not a model") {
		t.Errorf("output is not labelled an estimate:\n%s", out)
	}
	_, out, _ = runCLI(t, "route", "--json", "--limit", "1", "draw a bar chart of this csv", dir)
	var got struct {
		Estimate string `json:"estimate"`
		Matches  []struct {
			Name  string   `json:"name"`
			Terms []string `json:"terms"`
		} `json:"matches"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil || len(got.Matches) != 1 || got.Matches[0].Name != "csv-chart" || len(got.Matches[0].Terms) == 0 || got.Estimate == "" {
		t.Errorf("route --json: %v\n%s", err, out)
	}
	if _, out, _ := runCLI(t, "route", "the weather in Oslo", dir); !strings.Contains(out, "No skill of 4 skills shares a word") {
		t.Errorf("no match:\n%s", out)
	}
	for _, args := range [][]string{{"route"}, {"route", "  ", dir}, {"route", "--limit", "-1", "x", dir}} {
		if code, _, _ := runCLI(t, args...); code != 2 {
			t.Errorf("%v: exit %d", args, code)
		}
	}
}

// Eval files in a skill folder are checked by lint, and the spelling fix
// applies with --fix.
func TestLintChecksEvalFiles(t *testing.T) {
	isolateConfig(t)
	dir := writeSkills(t, map[string]string{"pdf-tools": "Merge, split and rotate PDF files. Use when the user wants to combine PDF documents."})
	evals := filepath.Join(dir, "pdf-tools", "evals", "evals.json")
	writeFile(t, evals, `{"skill_name": "pdf-tools", "evals": [
  {"id": 1, "prompt": "merge a.pdf and b.pdf", "expectations": ["one file"]},
  {"id": 2, "prompt": "split c.pdf", "expectations": ["two files"]},
  {"id": 3, "prompt": "rotate d.pdf", "assertions": ["rotated"]}
]}
`)
	writeFile(t, filepath.Join(dir, "pdf-tools", "evals", "triggers.json"), `[{"query": "merge pdfs", "should_trigger": true}, {"query": "split a pdf", "should_trigger": true}, {"query": "weather", "should_trigger": false}]`)
	_, out, _ := runCLI(t, "lint", dir)
	for _, want := range []string{"evals.json:4:39: warning evals/mixed-spelling", "triggers.json:1:1: warning evals/near-miss"} {
		if !strings.Contains(filepath.ToSlash(out), want) {
			t.Errorf("lint lacks %q:\n%s", want, out)
		}
	}
	runCLI(t, "lint", "--fix", dir)
	b, _ := os.ReadFile(evals)
	if strings.Contains(string(b), "assertions") || strings.Count(string(b), `"expectations"`) != 3 {
		t.Errorf("--fix left:\n%s", b)
	}
	if _, out, _ := runCLI(t, "lint", dir); strings.Contains(out, "mixed-spelling") {
		t.Errorf("still reported after --fix:\n%s", out)
	}
}

// Claude Code leaves disable-model-invocation: true skills out of the
// listing, and plugins set it to get under the budget; lint and listing
// read skills without their field table (FindingsOnly), so they counted
// them anyway and reported an overflow that does not happen.
func TestManualOnlySkillsLeftOutOfTheBudget(t *testing.T) {
	isolateConfig(t)
	dir := bigLibrary(t)
	for i := range 40 {
		p := filepath.Join(dir, fmt.Sprintf("s%02d", i), "SKILL.md")
		text, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, p, strings.Replace(string(text), "\n---\n", "\ndisable-model-invocation: true\n---\n", 1))
	}
	if _, out, _ := runCLI(t, "listing", dir); !strings.Contains(out, "0 full, 0 truncated, 0 name-only, 40 omitted") {
		t.Errorf("listing of 40 manual-only skills:\n%s", out)
	}
	if _, out, _ := runCLI(t, "lint", dir); strings.Contains(out, "listing-budget") {
		t.Errorf("lint reports a budget overflow for manual-only skills:\n%s", out)
	}
}
