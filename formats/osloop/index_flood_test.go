package osloop

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/model"
)

// An index.json written on one line (as JSON.stringify writes it) whose
// entries all name one package, each lacking fields the manifest sets:
// every fix's indentation was found by walking back to the line start
// from each entry, over every earlier entry, per finding. 2,000 entries
// (200 KB) took past a minute to lint; 1,000 took 8 s.
func TestOneLineIndexOfManyEntriesChecksLinearly(t *testing.T) {
	m := fixtureFS(t)
	entry := `{"name":"word-count","folderPath":"skills/word-count","workspaceSupport":"optional","version":"0.0.1"}`
	m["skills/index.json"] = &fstest.MapFile{Data: []byte("[" + strings.TrimSuffix(strings.Repeat(entry+",", 5_000), ",") + "]")}
	s := Load(m, fixtureDir, model.Options{})
	CheckIndex(m, "skills/index.json", []*model.Skill{s}, model.Options{})
	fixes := 0
	for _, d := range s.Diagnostics {
		if d.Fix != nil {
			fixes++
		}
	}
	if fixes < 5_000 {
		t.Errorf("%d findings with a fix, want one per entry and field at least", fixes)
	}
}

// The indentation one level adds is read from the first entry that
// shows one, however far down it is, and the look is bounded.
func TestIndentUnitOfOneLineIndexIsTheDefault(t *testing.T) {
	d, err := ParseJSON([]byte("[" + strings.TrimSuffix(strings.Repeat(`{"a":1},`, 100_000), ",") + "]"))
	if err != nil {
		t.Fatal(err)
	}
	if got := indentUnit(d); got != "  " {
		t.Errorf("indentUnit = %q, want two spaces", got)
	}
	d, err = ParseJSON([]byte("[{\"a\":1},\n\t{\n\t\t\"b\": 2\n\t}\n]"))
	if err != nil {
		t.Fatal(err)
	}
	if got := indentUnit(d); got != "\t" {
		t.Errorf("indentUnit = %q, want a tab", got)
	}
}
