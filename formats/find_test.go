package formats

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/report"
)

func file(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }

const (
	skillMD  = "---\nname: x\ndescription: y\n---\n# X\n"
	manifest = `{"name":"x","schemaVersion":"2.0"}`
	moduleTS = "export async function execute() { return {}; }\n"
	xgsFile  = "// ==XGooseSkill==\n// @name x\n// ==/XGooseSkill==\n"
)

// candidates renders Find's result as "format:path" strings.
func candidates(f Found) []string {
	var out []string
	for _, c := range f.Candidates {
		out = append(out, string(c.Format)+":"+c.Path)
	}
	return out
}

func TestFindNestedFolders(t *testing.T) {
	fsys := fstest.MapFS{
		"top.xgs.js":                    file(xgsFile),
		"a/SKILL.md":                    file(skillMD), // the root's child is a skill
		"a/references/inner/SKILL.md":   file(skillMD), // inside a skill: a nested skill
		"b/c/d/e/deep/SKILL.md":         file(skillMD), // five folders down
		"b/c/tools/tool.xgs.js":         file(xgsFile),
		"b/c/not-a-skill.js":            file("x"),
		"repo/skills/index.json":        file("[]"),
		"repo/skills/pkg/manifest.json": file(manifest),
		"repo/skills/pkg/module.ts":     file(moduleTS),
		"repo/skills/old/manifest.json": file(`{"schemaVersion":"2.0"}`), // no module.ts but OS Loop fields
		"ext/manifest.json":             file(`{"manifest_version":3}`),  // a browser extension
		"node_modules/dep/SKILL.md":     file(skillMD),
		".git/SKILL.md":                 file(skillMD),
		"dist/built.xgs.js":             file(xgsFile),
		"lower/skill.md":                file(skillMD),
	}
	got := candidates(Find(fsys, "."))
	want := []string{
		"skillmd:a",
		"skillmd:a/references/inner",
		"skillmd:b/c/d/e/deep",
		"xgs:b/c/tools/tool.xgs.js",
		"skillmd:lower",
		"osloop:repo/skills/old",
		"osloop:repo/skills/pkg",
		"xgs:top.xgs.js",
	}
	if !slices.Equal(got, want) {
		t.Errorf("Find =\n%v\nwant\n%v", got, want)
	}
}

func TestFindSingleSkillRoots(t *testing.T) {
	fsys := fstest.MapFS{
		"s/SKILL.md":             file(skillMD),
		"one.xgs.js":             file(xgsFile),
		"skills/index.json":      file("[]"),
		"skills/p/manifest.json": file(manifest),
		"skills/p/module.ts":     file(moduleTS),
	}
	cases := map[string][]string{
		"s":                      {"skillmd:s"},
		"s/SKILL.md":             {"skillmd:s"},
		"one.xgs.js":             {"xgs:one.xgs.js"},
		"skills/p":               {"osloop:skills/p"},
		"skills/p/manifest.json": {"osloop:skills/p"},
	}
	for root, want := range cases {
		if got := candidates(Find(fsys, root)); !slices.Equal(got, want) {
			t.Errorf("Find(%q) = %v, want %v", root, got, want)
		}
	}
	if f := Find(fsys, "skills/p"); len(f.Repositories) != 1 || f.Repositories[0].Index != "skills/index.json" {
		t.Errorf("a single OS Loop package should bring its index: %+v", f.Repositories)
	}
}

func TestFindIndexDetection(t *testing.T) {
	fsys := fstest.MapFS{
		"repo/skills/index.json":        file("[]"),
		"repo/skills/pkg/manifest.json": file(manifest),
		"repo/skills/pkg/module.ts":     file(moduleTS),
		"docs/index.json":               file("{}"), // no OS Loop packages beside it
		"docs/guide/SKILL.md":           file(skillMD),
	}
	f := Find(fsys, ".")
	if len(f.Repositories) != 1 || f.Repositories[0].Index != "repo/skills/index.json" {
		t.Errorf("Repositories = %+v, want only repo/skills/index.json", f.Repositories)
	}
}

func TestFindMissingRootIsAProblem(t *testing.T) {
	f := Find(fstest.MapFS{}, "nope")
	if len(f.Problems) != 1 || f.Problems[0].Rule != "library/unreadable" || f.Problems[0].File != "nope" {
		t.Errorf("Problems = %+v", f.Problems)
	}
	if f := Find(fstest.MapFS{"a/SKILL.md": file(skillMD)}, "."); len(f.Problems) != 0 {
		t.Errorf("a readable tree has problems: %+v", f.Problems)
	}
}

func TestDetect(t *testing.T) {
	fsys := fstest.MapFS{
		"s/SKILL.md":           file(skillMD),
		"o/manifest.json":      file(manifest),
		"o/module.ts":          file(moduleTS),
		"legacy/manifest.json": file(`{"executionMode":"declarative"}`),
		"ext/manifest.json":    file(`{"manifest_version":3}`),
		"plain/readme.md":      file("# hi"),
		"x.xgs.js":             file(xgsFile),
		"x.user.js":            file(xgsFile),
	}
	cases := map[string]string{
		"s": "skillmd:s", "s/SKILL.md": "skillmd:s", "o": "osloop:o", "o/module.ts": "osloop:o",
		"legacy": "osloop:legacy", "x.xgs.js": "xgs:x.xgs.js",
		"ext": "", "plain": "", "x.user.js": "", "missing": "",
	}
	for p, want := range cases {
		c, ok := Detect(fsys, p)
		got := ""
		if ok {
			got = string(c.Format) + ":" + c.Path
		}
		if got != want {
			t.Errorf("Detect(%q) = %q, want %q", p, got, want)
		}
	}
}

// writeFiles writes files (slash paths → content) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Skip("symlinks are not available here:", err)
	}
}

func TestFindFollowsSymlinkedSkillFoldersOnce(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"shared/alpha/SKILL.md": skillMD,
		"lib/local/SKILL.md":    skillMD,
	})
	symlink(t, filepath.Join(root, "shared", "alpha"), filepath.Join(root, "lib", "alpha"))
	symlink(t, filepath.Join(root, "shared", "alpha"), filepath.Join(root, "lib", "alpha-again"))
	symlink(t, filepath.Join(root, "shared"), filepath.Join(root, "lib", "all-shared"))
	f := Find(os.DirFS(filepath.Join(root, "lib")), ".")
	got := candidates(f)
	// alpha is reached three ways; it is read once.
	if len(got) != 2 || !slices.Contains(got, "skillmd:local") {
		t.Errorf("candidates = %v, want local and one path to alpha", got)
	}
}

func TestFindSymlinkLoopNeverHangs(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a/b/s/SKILL.md": skillMD})
	symlink(t, root, filepath.Join(root, "a", "b", "up")) // back to the root
	symlink(t, filepath.Join(root, "a"), filepath.Join(root, "a", "self"))
	done := make(chan Found, 1)
	go func() { done <- Find(os.DirFS(root), ".") }()
	select {
	case f := <-done:
		if got := candidates(f); !slices.Equal(got, []string{"skillmd:a/b/s"}) {
			t.Errorf("candidates = %v", got)
		}
		loops := 0
		for _, p := range f.Problems {
			if p.Rule == "library/symlink-loop" {
				loops++
			}
		}
		if loops == 0 {
			t.Errorf("no library/symlink-loop finding: %+v", f.Problems)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Find did not return: a symlink loop hangs it")
	}
}

func TestFindUnreadableFolder(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads every folder")
	}
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"ok/SKILL.md": skillMD, "locked/x/SKILL.md": skillMD})
	os.Chmod(filepath.Join(root, "locked"), 0)
	t.Cleanup(func() { os.Chmod(filepath.Join(root, "locked"), 0o755) })
	f := Find(os.DirFS(root), ".")
	if len(f.Problems) != 1 || f.Problems[0].Rule != "library/unreadable" {
		t.Errorf("Problems = %+v", f.Problems)
	}
	if !slices.Equal(candidates(f), []string{"skillmd:ok"}) {
		t.Errorf("candidates = %v", candidates(f))
	}
}

func TestLoadSetsLocation(t *testing.T) {
	fsys := fstest.MapFS{
		"t/one.xgs.js":           file(xgsFile),
		"s/SKILL.md":             file(skillMD),
		"skills/p/manifest.json": file(manifest),
		"skills/p/module.ts":     file(moduleTS),
	}
	base := model.Location{Source: "src", Root: "/r", Local: true, FS: fsys}
	cases := []struct {
		c         Candidate
		dir, file string
	}{
		{Candidate{Format: model.FormatXGS, Path: "t/one.xgs.js"}, "t", "t/one.xgs.js"},
		{Candidate{Format: model.FormatSkillMD, Path: "s"}, "s", "s/SKILL.md"},
		{Candidate{Format: model.FormatOSLoop, Path: "skills/p"}, "skills/p", "skills/p/manifest.json"},
	}
	for _, tc := range cases {
		s := Load(tc.c, base, model.Options{})
		if s == nil {
			t.Fatalf("Load(%v) = nil", tc.c)
		}
		l := s.Location
		if l.Dir != tc.dir || l.File != tc.file || l.Source != "src" || l.Root != "/r" || !l.Local || l.FS == nil || s.Format != tc.c.Format {
			t.Errorf("Load(%v): format %s location %+v", tc.c, s.Format, l)
		}
	}
}

// panicFS makes every reader fail, to prove a crashing reader cannot take
// the library down.
type panicFS struct{ fstest.MapFS }

func (p panicFS) Open(name string) (fs.File, error) {
	if name == "." {
		return p.MapFS.Open(name)
	}
	panic("disk on fire")
}

func TestLoadRecoversFromReaderCrash(t *testing.T) {
	crashed := 0
	for _, f := range model.Formats {
		s := Load(Candidate{Format: f, Path: "boom"}, model.Location{FS: panicFS{}}, model.Options{})
		if s == nil || s.Location.FS == nil {
			t.Fatalf("%s: no skill or no location after a crash", f)
		}
		// A reader may catch the failure itself and say so in its own
		// words; one that does not must come back as a
		// library/reader-crash finding, never as a panic.
		for _, d := range s.Diagnostics {
			if d.Rule != "library/reader-crash" {
				continue
			}
			if d.Hint == "" || d.File != "boom" {
				t.Errorf("%s: reader-crash finding without hint or file: %+v", f, d)
			}
			crashed++
		}
	}
	if crashed == 0 {
		t.Error("no reader touched the FS, so recovery was not exercised")
	}
}

func TestLoadAllStopsWhenCancelled(t *testing.T) {
	fsys := fstest.MapFS{}
	for i := range 200 {
		fsys[filepath.ToSlash(filepath.Join("s", string(rune('a'+i%26))+string(rune('a'+i/26)), "SKILL.md"))] = file(skillMD)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	lib := LoadAll(ctx, model.Location{FS: fsys}, ".", model.Options{}, nil)
	for _, s := range lib.Skills {
		if s == nil {
			t.Fatal("a nil skill survived cancellation")
		}
	}
	if len(lib.Skills) == 200 {
		t.Log("every skill was read before the cancellation was seen (allowed, but unlikely)")
	}
}

func TestFindingsOnlyKeepsEveryFinding(t *testing.T) {
	dir := t.TempDir()
	if err := generateMixed(dir, 12); err != nil {
		t.Fatal(err)
	}
	// Break an index entry so the OS Loop index checks have something to say.
	idx := filepath.Join(dir, "group-000", "osloop", "skills", "index.json")
	data, _ := os.ReadFile(idx)
	os.WriteFile(idx, []byte(strings.Replace(string(data), `"version": "1.0.2"`, `"version": "9.9.9"`, 1)), 0o644)
	base := model.Location{Source: dir, Root: dir, Local: true, FS: os.DirFS(dir)}
	full := LoadAll(t.Context(), base, ".", model.Options{}, nil)
	lean := LoadAll(t.Context(), base, ".", model.Options{FindingsOnly: true}, nil)
	render := func(lib *model.Library) string {
		var b strings.Builder
		report.Text(&b, lib, report.Options{BaseDir: dir})
		return b.String()
	}
	if a, b := render(full), render(lean); a != b {
		t.Errorf("FindingsOnly changed the findings:\n--- full\n%s\n--- findings only\n%s", a, b)
	}
	if !strings.Contains(render(lean), "osloop/index-mismatch") {
		t.Errorf("the broken index entry was not reported:\n%s", render(lean))
	}
	for _, s := range lean.Skills {
		if s.Doc != nil || s.Body != "" || s.Fields != nil || s.Functions != nil {
			t.Errorf("%s: views kept under FindingsOnly", s.Location.File)
		}
		if s.Name == "" {
			t.Errorf("%s: name dropped", s.Location.File)
		}
	}
}

// TestFindReportsTheRealPathNotTheAlias: a skills folder reached both
// directly and through an agent's alias (.agents/skills -> ../skills) is
// reported at its real location, with no loop finding.
func TestFindReportsTheRealPathNotTheAlias(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"skills/alpha/SKILL.md": skillMD, ".agents/README.md": "x"})
	symlink(t, filepath.Join("..", "skills"), filepath.Join(root, ".agents", "skills"))
	f := Find(os.DirFS(root), ".")
	if got := candidates(f); !slices.Equal(got, []string{"skillmd:skills/alpha"}) {
		t.Errorf("candidates = %v, want the real path skills/alpha", got)
	}
	if len(f.Problems) != 0 {
		t.Errorf("an alias is no loop: %v", f.Problems)
	}
}
