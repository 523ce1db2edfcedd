package formats

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// A hostile index.json of many entries naming folders that are not there
// gives at most model.MaxFindingsPerRule findings of a rule, and one
// saying how many more, as a skill's own findings do: whether the index
// is checked while the search runs (lint) or by Check (the studio).
func TestIndexFindingsAreCapped(t *testing.T) {
	dir := t.TempDir()
	if err := generateMixed(dir, 3); err != nil {
		t.Fatal(err)
	}
	idx := "group-000/osloop/skills/index.json"
	data, err := os.ReadFile(dir + "/" + idx)
	if err != nil {
		t.Fatal(err)
	}
	var entries []map[string]any
	if err := json.Unmarshal(data, &entries); err != nil || len(entries) == 0 {
		t.Fatalf("the generated index: %v", err)
	}
	for i := range 3 * model.MaxFindingsPerRule {
		e := map[string]any{}
		for k, v := range entries[0] {
			e[k] = v
		}
		e["name"], e["folderPath"] = fmt.Sprintf("ghost-%d", i), fmt.Sprintf("skills/ghost-%d", i)
		entries = append(entries, e)
	}
	out, _ := json.Marshal(entries)
	writeFiles(t, dir, map[string]string{idx: string(out)})

	count := func(ds []model.Diagnostic) (n int, more bool) {
		for _, d := range ds {
			if d.Rule == "osloop/index-folder" {
				n++
				more = more || strings.Contains(d.Message, "more osloop/index-folder findings")
			}
		}
		return n, more
	}
	base := model.Location{Source: dir, Root: dir, Local: true, FS: os.DirFS(dir)}
	lib := LoadAll(context.Background(), base, ".", model.Options{}, nil)
	if n, more := count(lib.Diagnostics); n != model.MaxFindingsPerRule+1 || !more {
		t.Errorf("lint: %d osloop/index-folder findings (a line saying how many more: %v), want %d and a line", n, more, model.MaxFindingsPerRule+1)
	}

	open := func() (Source, error) { return Source{Base: base, Root: "."}, nil }
	var src *Searched
	var members []Member
	for ev := range Stream(context.Background(), open, Settings{}) {
		if ev.Searched != nil {
			src = ev.Searched
		}
		for _, l := range ev.Batch {
			members = append(members, Member{Skill: l.Skill})
		}
	}
	checked := Check([]*Searched{src}, members, model.Options{}, nil)
	if n, more := count(checked.Sources[0]); n != model.MaxFindingsPerRule+1 || !more {
		t.Errorf("Check: %d osloop/index-folder findings (a line saying how many more: %v), want %d and a line", n, more, model.MaxFindingsPerRule+1)
	}
}
