package lsp

import (
	"testing"

	"github.com/skillstudio/skillstudio/formats/skillmd"
	"github.com/skillstudio/skillstudio/model"
)

// Every frontmatter field lint knows has a hover text and, when it takes
// fixed values, completes them: a field added to the reader (background)
// is not a bare name in the editor.
func TestEveryKnownFieldHasHoverText(t *testing.T) {
	for _, name := range skillmd.FieldNames(model.ProfileAll) {
		if fieldDocs[name].meaning == "" {
			t.Errorf("%s: no hover text in fieldDocs", name)
		}
	}
}
