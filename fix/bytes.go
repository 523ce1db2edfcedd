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
	var seen spans
	for i, e := range edits {
		es[i] = Edit{Start: e.Start, End: e.End, NewText: e.NewText}
		if reason := outOfRange(es[i], len(content)); reason != "" {
			return nil, fmt.Errorf("%s", reason)
		}
		if seen.overlapsAny(es[i]) {
			return nil, fmt.Errorf("edit [%d,%d) overlaps an edit before it", es[i].Start, es[i].End)
		}
		seen.add(es[i])
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

// splice applies checked, non-overlapping edits in one pass from the
// start: replacing each in place from the end copied the rest of the
// file once per edit, so 70,000 fixes to a 4 MB index.json never ended.
func splice(content []byte, edits []Edit) []byte {
	sorted := append([]Edit(nil), edits...)
	// Ties (insertions at one offset; checked edits never overlap
	// otherwise) keep the order the edits came in, as the backwards
	// splice did for a deletion ending where an insertion starts.
	sort.SliceStable(sorted, func(i, j int) bool {
		if sorted[i].Start != sorted[j].Start {
			return sorted[i].Start < sorted[j].Start
		}
		return sorted[i].End < sorted[j].End
	})
	size := len(content)
	for _, e := range sorted {
		size += len(e.NewText) - (e.End - e.Start)
	}
	out := make([]byte, 0, max(size, 0))
	crlf := lineend.CRLF(content)
	at := 0
	for _, e := range sorted {
		out = append(out, content[at:e.Start]...)
		// Inserted text takes the file's line endings (CRLF files stay CRLF).
		text := e.NewText
		if crlf {
			text = lineend.ToCRLF(text)
		}
		out = append(out, text...)
		at = e.End
	}
	return append(out, content[at:]...)
}
