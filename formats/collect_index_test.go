package formats

import (
	"os"
	"path"
	"reflect"
	"sort"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// Collect's early index checks find exactly what Check finds over the
// drained stream, and under FindingsOnly no parsed package outlives them.
func TestEarlyIndexChecksMatchCheck(t *testing.T) {
	dir := t.TempDir()
	if err := generateMixed(dir, 240); err != nil {
		t.Fatal(err)
	}
	// A mismatch and a dangling entry, so the index checks find something.
	idx := dir + "/group-000/osloop/skills/index.json"
	data, _ := os.ReadFile(idx)
	data = append(data[:len(data)-3], []byte(`,
  {"name": "ghost", "version": "1.0.0", "path": "ghost"}
]
`)...)
	if err := os.WriteFile(idx, data, 0o644); err != nil {
		t.Fatal(err)
	}
	base := model.Location{Source: dir, Root: dir, Local: true, FS: os.DirFS(dir)}
	open := func() (Source, error) { return Source{Base: base, Root: "."}, nil }
	for _, opts := range []model.Options{{}, {FindingsOnly: true}} {
		set := Settings{Options: opts}
		got := Collect(t.Context(), []Opener{open}, set)

		var searched *Searched
		var read []Loaded
		for ev := range Stream(t.Context(), open, set) {
			if ev.Searched != nil {
				searched = ev.Searched
			}
			read = append(read, ev.Batch...)
		}
		sort.Slice(read, func(i, j int) bool { return read[i].Candidate.Path < read[j].Candidate.Path })
		var members []Member
		for _, l := range read {
			members = append(members, Member{Skill: l.Skill})
		}
		want := Check([]*Searched{searched}, members, opts, nil)
		wantLoose := append(append([]model.Diagnostic(nil), searched.Notes...), want.Sources[0]...)
		if !reflect.DeepEqual(got.Findings[0], wantLoose) {
			t.Errorf("FindingsOnly=%v: source findings differ:\n got %v\nwant %v", opts.FindingsOnly, got.Findings[0], wantLoose)
		}
		if len(wantLoose) == 0 {
			t.Error("the dangling entry was not reported")
		}
		for i, s := range got.Skills {
			if !reflect.DeepEqual(s.Diagnostics, want.Skills[i].Diagnostics) || !reflect.DeepEqual(s.Keywords, want.Skills[i].Keywords) {
				t.Errorf("%s: findings differ:\n got %v\nwant %v", s.Location.Dir, s.Diagnostics, want.Skills[i].Diagnostics)
			}
			if opts.FindingsOnly && s.Doc != nil {
				t.Errorf("%s: parsed document kept under FindingsOnly", s.Location.Dir)
			}
		}
	}
}

// The search hands over each OS Loop repository as it leaves its folder,
// with every package of it counted, except one holding a symlinked folder
// (links are followed after the whole search).
func TestSearchHandsOverLeftRepositories(t *testing.T) {
	dir := t.TempDir()
	if err := generateMixed(dir, 600); err != nil {
		t.Fatal(err)
	}
	// group-001's repository gets a package through a symlink.
	linked := dir + "/group-001/osloop/skills"
	entries, _ := os.ReadDir(linked)
	var pkg string
	for _, e := range entries {
		if e.IsDir() {
			pkg = e.Name()
			break
		}
	}
	if err := os.Rename(linked+"/"+pkg, dir+"/"+pkg); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../../../"+pkg, linked+"/"+pkg); err != nil {
		t.Skip("no symlinks:", err)
	}
	fsys := os.DirFS(dir)
	left := map[string]int{}
	found := findWith(fsys, ".", func(Candidate) bool { return true }, func(index string, packages int) {
		if _, twice := left[index]; twice {
			t.Errorf("%s handed over twice", index)
		}
		left[index] = packages
	}, scope{})
	want := map[string]int{}
	for _, c := range found.Candidates {
		if c.Format == model.FormatOSLoop {
			want[path.Join(path.Dir(c.Path), "index.json")]++
		}
	}
	if len(found.Repositories) < 3 {
		t.Fatalf("%d repositories", len(found.Repositories))
	}
	for _, r := range found.Repositories {
		n, ok := left[r.Index]
		switch {
		case r.Index == "group-001/osloop/skills/index.json":
			if ok {
				t.Errorf("%s has a symlinked package but was handed over", r.Index)
			}
		case !ok:
			t.Errorf("%s was not handed over", r.Index)
		case n != want[r.Index]:
			t.Errorf("%s: %d packages handed over, %d found", r.Index, n, want[r.Index])
		}
	}
}
