package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestLintReviewAddsWarningsAndErrorsOnly(t *testing.T) {
	isolateConfig(t)
	dir := writeReviewFixture(t)
	var plain, errOut bytes.Buffer
	run(context.Background(), []string{"lint", dir}, &plain, &errOut)
	if strings.Contains(plain.String(), "review/") {
		t.Errorf("lint without --review printed review findings:\n%s", plain.String())
	}
	var out bytes.Buffer
	if code := run(context.Background(), []string{"lint", "--review", dir}, &out, &errOut); code != 1 {
		t.Errorf("exit %d, want 1 (review errors)", code)
	}
	text := out.String()
	if !strings.Contains(text, "review/hidden-instruction") || !strings.Contains(text, "review/bidi") {
		t.Errorf("lint --review lacks the review errors:\n%s", text)
	}
	if strings.Contains(text, "review/html-comment") {
		t.Errorf("lint --review printed info evidence:\n%s", text)
	}
}

func TestLintReviewSARIFKnowsTheRules(t *testing.T) {
	isolateConfig(t)
	dir := writeReviewFixture(t)
	var out, errOut bytes.Buffer
	run(context.Background(), []string{"lint", "--review", "--format", "sarif", dir}, &out, &errOut)
	if !strings.Contains(out.String(), `"ruleId": "review/bidi"`) || !strings.Contains(out.String(), `"id": "review/bidi"`) {
		t.Errorf("SARIF lacks the review rule or its result:\n%.3000s", out.String())
	}
}

func TestRulesListsReviewRules(t *testing.T) {
	isolateConfig(t)
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"rules"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	for _, id := range []string{"review/hidden-instruction", "review/remote-exec-doc", "review/secret"} {
		if !strings.Contains(out.String(), id) {
			t.Errorf("rules lacks %s", id)
		}
	}
}
