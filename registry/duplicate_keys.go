package registry

import (
	"fmt"

	"github.com/skillstudio/skillstudio/formats/osloop"
	"github.com/skillstudio/skillstudio/sanitize"
)

// maxDuplicateNotes bounds the warnings one index's repeated keys make.
const maxDuplicateNotes = 20

// noteDuplicateKeys warns of every key an index repeats in one object,
// at the later one, which is the one used: jsonItems takes the last
// skills array and encoding/json the last member of an entry, as
// JSON.parse does. (An OS Loop index is checked by osloop.CheckIndex,
// which says the same as osloop/duplicate-key.)
func (r *remote) noteDuplicateKeys(file string, data []byte) {
	doc, serr := osloop.ParseJSON(data)
	if serr != nil {
		return // jsonItems read it; a document past the parser's value cap is not checked
	}
	for i, dup := range doc.Duplicates {
		if i == maxDuplicateNotes {
			line, col := lineCol(data, dup.Second)
			r.note(RemoteRules.New("remote/duplicate-key", file, line, col,
				fmt.Sprintf("%d more repeated keys are not listed", len(doc.Duplicates)-i),
				"Keep one of each: parsers disagree on which one wins."))
			return
		}
		first, _ := lineCol(data, dup.First)
		line, col := lineCol(data, dup.Second)
		r.note(RemoteRules.New("remote/duplicate-key", file, line, col,
			fmt.Sprintf("key %q appears again (first at line %d); the last is used, as JSON.parse reads it", sanitize.Line(dup.Key), first),
			"Keep one of the two: parsers disagree on which one wins, so an agent may fetch other skills than the ones you checked."))
	}
}
