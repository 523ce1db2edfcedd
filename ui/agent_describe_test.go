package ui

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/formats/xgs"
	"github.com/skillstudio/skillstudio/model"
)

// The Agent view inlines each function's input and output schema exactly
// as `describe --json` (and so the bundle's __describe__(), see
// formats/xgs/bundle/oneanswer_test.go) gives them.
func TestAgentViewSchemasAreDescribes(t *testing.T) {
	src, err := os.ReadFile("../formats/xgs/testdata/hotel-rates.xgs.js")
	if err != nil {
		t.Fatal(err)
	}
	s := xgs.Load(fstest.MapFS{"hotel-rates.xgs.js": {Data: src}}, "hotel-rates.xgs.js", model.Options{})
	var described map[string]struct {
		Input  json.RawMessage `json:"input"`
		Output json.RawMessage `json:"output"`
	}
	if err := json.Unmarshal(xgs.Describe(s.Functions), &described); err != nil || len(described) == 0 {
		t.Fatalf("describe: %v", err)
	}
	view := xgsReminder(s)
	for name, d := range described {
		for what, raw := range map[string]json.RawMessage{"input": d.Input, "output": d.Output} {
			if len(raw) == 0 {
				continue
			}
			var b bytes.Buffer
			if err := json.Compact(&b, raw); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(view, "  "+what+": "+b.String()+"\n") {
				t.Errorf("%s: the Agent view's %s is not describe's %s\nview:\n%s", name, what, b.String(), view)
			}
		}
	}
}
