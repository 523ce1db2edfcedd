package templates

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// TestRenderGolden keeps every built-in template's output, with all its
// optional parts, for one set of awkward values, so a change to a
// template shows up in review (go test ./templates -run Golden -update).
func TestRenderGolden(t *testing.T) {
	for _, tm := range allTemplates(t) {
		t.Run(string(tm.Format)+"/"+tm.Name, func(t *testing.T) {
			v := inputCases[3].v // escaping
			v.With = tm.Optional
			files, err := tm.Render(v.Normalized(tm.Format))
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			for _, f := range files {
				mode := ""
				if f.Executable {
					mode = " (executable)"
				}
				fmt.Fprintf(&b, "==> %s%s <==\n%s\n", f.Path, mode, f.Data)
			}
			golden.RequireEqual(t, b.Bytes())
		})
	}
}
