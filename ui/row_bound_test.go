package ui

import (
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// A row costs what the library can show of a skill, not its whole text:
// a skill with a 6 KB name, keywords and description was sanitised and
// measured whole: 82 KB allocated a row (and growing with the text),
// about 4 ms a skill to load; now 18 KB whatever the length.
// The row keeps the first maxMatchName bytes of the name and keywords and
// maxMatchDesc of the description, what the filter reads; "exact" words,
// which search all of them, build their text on first use.
func TestRowIsBoundedByWhatIsShown(t *testing.T) {
	long := strings.Repeat(longText, 100) // about 6 KB
	s := &model.Skill{Name: long, Description: long, Keywords: []string{long, long}, Version: long}
	var r row
	got := allocated(func() { r = newRow(s) })
	if got > 24<<10 {
		t.Errorf("a row of 6 KB texts allocated %d bytes", got)
	}
	if len(r.name) > 4*maxMatchName || len(r.desc) > 4*maxMatchDesc {
		t.Errorf("row keeps %d bytes of name, %d of description", len(r.name), len(r.desc))
	}
	// The same skill with 60 KB texts costs the row the same.
	huge := strings.Repeat(long, 10)
	s2 := &model.Skill{Name: huge, Description: huge, Keywords: []string{huge}, Version: huge}
	if got2 := allocated(func() { newRow(s2) }); got2 > got+4<<10 {
		t.Errorf("60 KB texts: %d bytes, 6 KB: %d", got2, got)
	}
	// Exact words still search all the text: a word past the bounds.
	s3 := &model.Skill{Name: "plain", Description: strings.Repeat("x ", 4000) + "Needle"}
	e := &Entry{Skill: s3, row: newRow(s3)}
	if fq := parseFilter(`"needle"`); !fq.keep(e, e.row.haystack()) {
		t.Error(`"needle" past the description's bound was not found`)
	}
}
