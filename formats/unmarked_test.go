package formats

import (
	"bytes"
	"context"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/internal/safefs"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/suppress"
)

// readChunks reads name through a markFS k bytes at a time, stopping
// after stop bytes (or at EOF when stop < 0), and says whether the file
// was noted as holding no marker.
func readChunks(t *testing.T, fsys fs.FS, name string, k, stop int) bool {
	t.Helper()
	m := newMarkFS(fsys)
	f, err := m.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, k)
	total := 0
	for {
		want := k
		if stop >= 0 {
			if total >= stop {
				break
			}
			want = min(k, stop-total)
		}
		n, err := f.Read(buf[:want])
		total += n
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	f.Close()
	return slices.Contains(m.seen, name)
}

// The marker is found wherever it falls between reads of any size; a
// file without it is noted once read to its end, never when read in part.
func TestMarkFSFindsTheMarkerAcrossReads(t *testing.T) {
	pad := strings.Repeat("x", 40)
	for at := 0; at <= len(pad); at++ {
		with := pad[:at] + suppress.Marker + pad[at:]
		without := pad[:at] + suppress.Marker[:len(suppress.Marker)-1] + "_" + pad[at:]
		fsys := fstest.MapFS{"with.md": {Data: []byte(with)}, "without.md": {Data: []byte(without)}}
		for k := 1; k <= len(with)+1; k++ {
			if readChunks(t, fsys, "with.md", k, -1) {
				t.Fatalf("marker at %d, reads of %d: noted as unmarked", at, k)
			}
			if !readChunks(t, fsys, "without.md", k, -1) {
				t.Fatalf("no marker, reads of %d: not noted", k)
			}
		}
	}
	fsys := fstest.MapFS{"a.md": {Data: []byte(pad)}}
	if readChunks(t, fsys, "a.md", 7, 10) {
		t.Error("a file read in part was noted")
	}
	// Read to its stat size without the read that meets EOF (the SKILL.md
	// reader stops there): whole.
	if !readChunks(t, fsys, "a.md", len(pad), len(pad)) {
		t.Error("a file read to its size was not noted")
	}
}

func TestMarkFSOnlyCommentableFiles(t *testing.T) {
	fsys := fstest.MapFS{
		"m.json":     {Data: []byte("{}")},
		"s.js":       {Data: []byte("// plain")},
		"d.md/x.txt": {Data: []byte("a folder named like Markdown")},
	}
	m := newMarkFS(fsys)
	for _, name := range []string{"m.json", "s.js"} {
		if _, err := fs.ReadFile(m, name); err != nil {
			t.Fatal(err)
		}
	}
	f, err := m.Open("d.md")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := f.(fs.ReadDirFile); !ok {
		t.Error("a folder lost ReadDir behind markFS")
	}
	f.Close()
	if !slices.Equal(m.seen, []string{"s.js"}) {
		t.Errorf("seen = %q", m.seen)
	}
}

// A file read whole without a comment, and a module.ts the listing shows
// absent, are unmarked; comments in main files and in a module.ts beside
// an .xgs.js still suppress, and stale ones are still found.
func TestUnmarkedKeepsSuppressions(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const md = "---\nname: %s\ndescription: Shows suppression comments in a test of reading.\n---\n\n# Demo\n\n%sSee [missing](nothing.md).\n"
	write("lib/plain/SKILL.md", strings.ReplaceAll(strings.Replace(md, "%s", "plain", 1), "%s", ""))
	write("lib/quiet/SKILL.md", strings.ReplaceAll(strings.Replace(md, "%s", "quiet", 1), "%s", "<!-- skillstudio-disable-next-line skillmd/link -->\n"))
	write("lib/stale/SKILL.md", strings.ReplaceAll(strings.Replace(md, "%s", "stale", 1), "%s", "<!-- skillstudio-disable-next-line skillmd/no-such -->\n"))
	write("lib/js/a.xgs.js", "// ==XGooseSkill==\n// @name a\n// ==/XGooseSkill==\n")
	write("lib/js/module.ts", "// skillstudio-disable-next-line xgs/whatever\nexport {}\n")
	write("lib/js2/b.xgs.js", "// ==XGooseSkill==\n// @name b\n// ==/XGooseSkill==\n")

	got := LoadAll(context.Background(), model.Location{FS: safefs.Dir(dir), Local: true}, "lib", model.Options{Profile: model.ProfileAll}, nil).Skills
	byName := map[string]*model.Skill{}
	for _, s := range got {
		byName[s.Location.File] = s
	}
	if s := byName["lib/plain/SKILL.md"]; s == nil || !slices.Contains(s.Unmarked, "lib/plain/SKILL.md") {
		t.Errorf("plain: Unmarked = %v", s)
	}
	if s := byName["lib/quiet/SKILL.md"]; s == nil || slices.Contains(s.Unmarked, "lib/quiet/SKILL.md") {
		t.Error("quiet: a file with a comment is unmarked")
	}
	if s := byName["lib/js2/b.xgs.js"]; s == nil || !slices.Contains(s.Unmarked, "lib/js2/module.ts") {
		t.Error("js2: the absent module.ts is not known absent")
	}
	if s := byName["lib/js/a.xgs.js"]; s == nil || slices.Contains(s.Unmarked, "lib/js/module.ts") {
		t.Error("js: the module.ts beside it is taken as absent")
	}

	// Comments still suppress, and stale ones are still found.
	var findings []string
	for _, s := range got {
		for _, d := range s.Diagnostics {
			findings = append(findings, d.File+" "+d.Rule)
		}
	}
	if !slices.Contains(findings, "lib/stale/SKILL.md "+suppress.UnusedRule) ||
		slices.Contains(findings, "lib/quiet/SKILL.md skillmd/link") ||
		!slices.Contains(findings, "lib/plain/SKILL.md skillmd/link") ||
		!slices.Contains(findings, "lib/js/module.ts "+suppress.UnusedRule) {
		t.Errorf("findings: %q", findings)
	}
}

// FuzzContainsMarker: the anchored search is bytes.Contains.
func FuzzContainsMarker(f *testing.F) {
	for _, s := range []string{"", suppress.Marker, "x skillstudio-disable-next-line y", "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk skillstudio-disabl", "skillstudio-disablskillstudio-disable", "skillstudio-disabl"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := containsMarker(b), bytes.Contains(b, marker); got != want {
			t.Fatalf("containsMarker(%q) = %v, bytes.Contains says %v", b, got, want)
		}
	})
}
