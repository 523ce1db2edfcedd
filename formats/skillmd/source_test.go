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

// TestLineIndexCountedLineText: the first lines asked for, found by
// counting, are the ones the index gives.
func TestLineIndexCountedLineText(t *testing.T) {
	for _, text := range []string{"", "one line", "a\nbc\n\nd", "\n\n", "x\n", "é\r\nü\n", "a\r"} {
		indexed := newLineIndex([]byte(text))
		indexed.index()
		for line := -1; line <= 6; line++ {
			counted := newLineIndex([]byte(text))
			got, want := counted.lineText(line), indexed.lineText(line)
			if string(got) != string(want) || (got == nil) != (want == nil) {
				t.Errorf("%q line %d: counted %q, indexed %q", text, line, got, want)
			}
			if counted.starts != nil {
				t.Errorf("%q: one line built the index", text)
			}
		}
	}
}
