package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/report"
)

// TestRulesReferenceIsCurrent: docs/rules.md is what `rules --format md`
// prints today. Regenerate it with: go run . rules --format md > docs/rules.md
func TestRulesReferenceIsCurrent(t *testing.T) {
	path := filepath.Join("..", "docs", "rules.md")
	committed, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	var out, errOut bytes.Buffer
	if code := Run(t.Context(), []string{"rules", "--format", "md"}, &out, &errOut, Options{}); code != 0 {
		t.Fatalf("rules --format md: exit %d: %s", code, errOut.String())
	}
	if !bytes.Equal(out.Bytes(), committed) {
		t.Fatalf("docs/rules.md is out of date; run: go run . rules --format md > docs/rules.md")
	}
}

// TestRulesReferenceCoversEveryRule: every rule has its own section, with
// the anchor SARIF and the language server link to, and both examples.
func TestRulesReferenceCoversEveryRule(t *testing.T) {
	var b bytes.Buffer
	if err := report.RulesMarkdown(&b, formats.Rules()); err != nil {
		t.Fatal(err)
	}
	doc := b.String()
	for _, r := range formats.Rules() {
		heading := "\n### " + report.RuleAnchor(r.ID) + "\n"
		i := strings.Index(doc, heading)
		if i < 0 {
			t.Errorf("%s: no section %q", r.ID, strings.TrimSpace(heading))
			continue
		}
		section := doc[i+len(heading):]
		if j := strings.Index(section, "\n### "); j >= 0 {
			section = section[:j]
		}
		for _, want := range []string{"**" + r.Severity.String() + "**", "Fails:", "Passes:", "- **Why "} {
			if !strings.Contains(section, want) {
				t.Errorf("%s: section lacks %q", r.ID, want)
			}
		}
	}
}
