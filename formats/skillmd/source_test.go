package skillmd

import "testing"

// TestLineIndexCountedPositions: the first positions, found by counting
// line breaks, are the ones the index gives, at every offset (and past
// either end).
func TestLineIndexCountedPositions(t *testing.T) {
	for _, text := range []string{"", "one line", "a\nbc\n\nd", "\n\n", "x\n", "é\nü\n"} {
		indexed := newLineIndex([]byte(text))
		indexed.index()
		for off := -2; off <= len(text)+2; off++ {
			counted := newLineIndex([]byte(text))
			gotLine, gotCol := counted.position(off)
			wantLine, wantCol := indexed.position(off)
			if gotLine != wantLine || gotCol != wantCol {
				t.Errorf("%q at %d: counted %d:%d, indexed %d:%d", text, off, gotLine, gotCol, wantLine, wantCol)
			}
			if counted.starts != nil {
				t.Errorf("%q: one position built the index", text)
			}
		}
	}
	li := newLineIndex([]byte("a\nb\nc\n"))
	for range countedPositions + 1 {
		li.position(3)
	}
	if li.starts == nil {
		t.Errorf("after %d positions the index is still not built", countedPositions+1)
	}
}
