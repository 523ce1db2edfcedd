package cli

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/skillstudio/skillstudio/quiz"
)

const (
	webhookSkill = "../examples/library/skills/webhook-verification"
	ledgerSkill  = "../examples/library/skills/ledger-api-onboarding"
	brokenQuiz   = "testdata/quiz/skills/broken-webhook-verification"
)

// TestQuizGoldenTranscripts pins what an agent receives on the example
// quiz skills: text and JSON, a gate passed first time, one passed on a
// retry, and one left closed.
func TestQuizGoldenTranscripts(t *testing.T) {
	isolateConfig(t)
	tests := []struct {
		name, skill, answers string
		json                 bool
		code                 int
	}{
		{"webhook-retry-text", webhookSkill, "2,2,1,2,2,1", false, 0},
		{"webhook-retry-json", webhookSkill, "2,2,1,2,2,1", true, 0},
		{"webhook-closed-text", webhookSkill, "3,1", false, 1},
		{"ledger-retry-text", ledgerSkill, "2,1,2,1,1,1,1,2", false, 0},
		{"ledger-by-label-json", ledgerSkill, "1,https://api.tally.example/v2,1,1", true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Run from the repository root: transcripts name the library
			// as it was typed, and the goldens were made there.
			args := []string{"quiz", strings.TrimPrefix(tt.skill, "../"), "--answers", tt.answers}
			if tt.json {
				args = append(args, "--json")
			}
			code, out, errOut := runCLIAtRoot(t, args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tt.code, errOut)
			}
			if tt.json {
				var tr quiz.Transcript
				if err := json.Unmarshal([]byte(out), &tr); err != nil {
					t.Fatalf("output is not a transcript: %v", err)
				}
			}
			golden.RequireEqual(t, out)
		})
	}
}

// TestQuizEveryActionKindReachesTheAgent: the two example skills between
// them hand the agent a section, a reference, a skill and a message.
func TestQuizEveryActionKindReachesTheAgent(t *testing.T) {
	isolateConfig(t)
	_, out, _ := runCLI(t, "quiz", ledgerSkill, "--answers", "2,1,2,1,1,1,1,2")
	for _, want := range []string{
		`goto "## Setup Steps" → section "Setup Steps"`,
		"| 1. Register the service in the dashboard",
		`load-reference "references/auth-guide.md" → references/auth-guide.md`,
		"| # Ledger API authentication",
		`load-skill "webhook-verification" → webhook-verification (SKILL.md`,
		"message: Read the auth guide, then answer again.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("transcript lacks %q", want)
		}
	}
}

func TestQuizExitCodes(t *testing.T) {
	isolateConfig(t)
	tests := []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"quiz", webhookSkill, "--answers", "1,2,2,1"}, 0, ""},
		{[]string{"quiz", webhookSkill + "/SKILL.md", "--answers", "1,2,2,1"}, 0, ""},
		{[]string{"quiz", "webhook-verification", "--answers", "1,2,2,1"}, 0, ""}, // embedded library
		{[]string{"quiz", webhookSkill, "--answers", "1,1"}, 1, ""},
		{[]string{"quiz", webhookSkill, "--answers", "1,sideways"}, 2, `answer 2 ("sideways")`},
		{[]string{"quiz", webhookSkill, "--answers", "1"}, 2, "the list ends at block 1, question 2"},
		{[]string{"quiz", webhookSkill, "--answers", "1,2,2,1,1"}, 2, "answer 5"},
		{[]string{"quiz", webhookSkill, "--answers", ""}, 2, "the list is empty"},
		{[]string{"quiz", webhookSkill, "--answers", "1,2", "--walk"}, 2, "do not go together"},
		{[]string{"quiz", webhookSkill}, 2, "give --answers"},
		{[]string{"quiz", "../examples/library/skills/broken-onboarding", "--answers", "1,1,1"}, 2, "question needs at least 2"},
		{[]string{"quiz", "../examples/library/skills/secrets-handling", "--answers", "1"}, 2, "has no quiz"},
		{[]string{"quiz", "../examples/library/xgs/open-prices.xgs.js", "--answers", "1"}, 2, "not a SKILL.md"},
		{[]string{"quiz", "no/such/skill", "--answers", "1"}, 2, "cannot open"},
		{[]string{"quiz", "no/such/skill"}, 2, "cannot open"},                               // not "needs a terminal"
		{[]string{"quiz", "../examples/library/skills/secrets-handling"}, 2, "has no quiz"}, // likewise
		{[]string{"quiz", brokenQuiz, "--answers", "2,2,1,1"}, 2, "could not be resolved"},
	}
	for _, tt := range tests {
		code, _, errOut := runCLI(t, tt.args...)
		if code != tt.code || !strings.Contains(errOut, tt.err) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d mentioning %q", tt.args[1:], code, errOut, tt.code, tt.err)
		}
	}
}

func TestQuizWalkExamplesLeadSomewhere(t *testing.T) {
	isolateConfig(t)
	for _, s := range []string{webhookSkill, ledgerSkill} {
		code, out, errOut := runCLI(t, "quiz", s, "--walk")
		if code != 0 || !strings.Contains(out, "Every branch leads somewhere.") {
			t.Errorf("%s: exit %d\n%s%s", s, code, out, errOut)
		}
	}
}

// TestQuizWalkFindsEveryBrokenBranch: the broken copy breaks each branch
// action in its own way, and --walk must report all of them.
func TestQuizWalkFindsEveryBrokenBranch(t *testing.T) {
	isolateConfig(t)
	code, out, _ := runCLI(t, "quiz", brokenQuiz, "--walk", "--json")
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	var rep quiz.WalkReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, b := range rep.Broken {
		got = append(got, string(b.Action.Kind)+" "+b.Action.Target)
	}
	sort.Strings(got)
	want := []string{
		"goto ## Replay Window",
		"goto ## Verification Stepz",
		"load-reference ../webhook-verification/references/key-rotation.md",
		"load-reference /etc/hosts",
		"load-reference references/signing-schema.md",
		"load-skill secret-handling",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("broken branches:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	code, text, _ := runCLI(t, "quiz", brokenQuiz, "--walk")
	if code != 1 {
		t.Fatalf("text walk: exit %d, want 1", code)
	}
	golden.RequireEqual(t, text)
}
