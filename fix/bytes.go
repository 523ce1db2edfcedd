package fix

import (
	"fmt"
	"github.com/skillstudio/skillstudio/internal/lineend"
	"sort"

	"github.com/skillstudio/skillstudio/model"
)

// ApplyToBytes applies edits to content and returns the new content; it
// touches no file (an editor applies fixes to its buffer with it). The
// edits' File fields are ignored: they are all taken to be content's.
// Edits outside content or overlapping each other are an error, and then
// nothing is applied.
func ApplyToBytes(content []byte, edits []model.TextEdit) ([]byte, error) {
	es := make([]Edit, len(edits))
	for i, e := range edits {
		es[i] = Edit{Start: e.Start, End: e.End, NewText: e.NewText}
		if reason := outOfRange(es[i], len(content)); reason != "" {
			return nil, fmt.Errorf("%s", reason)
		}
		for _, o := range es[:i] {
			if overlaps(o, es[i]) {
				return nil, fmt.Errorf("edits [%d,%d) and [%d,%d) overlap", o.Start, o.End, es[i].Start, es[i].End)
			}
		}
	}
	return splice(content, es), nil
}

// outOfRange says why e does not fit a file of size bytes, or "".
func outOfRange(e Edit, size int) string {
	if e.Start < 0 || e.End < e.Start || e.End > size {
		return fmt.Sprintf("edit [%d,%d) is outside the file's %d bytes (a reader bug; please report it)", e.Start, e.End, size)
	}
	return ""
}

// overlaps reports whether two edits touch the same bytes. Two insertions
// at one offset overlap too: their order would be a guess.
func overlaps(a, b Edit) bool {
	if a.Start == a.End && b.Start == b.End {
		return a.Start == b.Start
	}
	return a.Start < b.End && b.Start < a.End
}

// splice applies checked, non-overlapping edits from the end of content
// backwards, so earlier offsets stay valid.
func splice(content []byte, edits []Edit) []byte {
	sorted := append([]Edit(nil), edits...)
	sort.SliceStable(sorted, func(i, j int) bool {
		if sorted[i].Start != sorted[j].Start {
			return sorted[i].Start > sorted[j].Start
		}
		return sorted[i].End > sorted[j].End
	})
	out := append([]byte(nil), content...)
	for _, e := range sorted {
		// Inserted text takes the file's line endings (CRLF files stay CRLF).
		out = append(out[:e.Start:e.Start], append([]byte(lineend.Match(content, e.NewText)), out[e.End:]...)...)
	}
	return out
}
