package templates

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/internal/atomicfile"
	"github.com/skillstudio/skillstudio/model"
)

func lookup(t *testing.T, f model.Format, name string) *Template {
	t.Helper()
	tm, err := Lookup(f, name, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return tm
}

// snapshot is every file under root with its content.
func snapshot(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			out[rel+"/"] = ""
			return nil
		}
		data, _ := os.ReadFile(p)
		out[rel] = string(data)
		return nil
	})
	return out
}

func sameTree(t *testing.T, before, after map[string]string) {
	t.Helper()
	for k, v := range after {
		if b, ok := before[k]; !ok {
			t.Errorf("%s appeared", k)
		} else if b != v {
			t.Errorf("%s changed", k)
		}
	}
	for k := range before {
		if _, ok := after[k]; !ok {
			t.Errorf("%s disappeared", k)
		}
	}
}

func TestRefusesToOverwrite(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "taken"), 0o755)
	os.WriteFile(filepath.Join(root, "taken", "SKILL.md"), []byte("mine"), 0o644)
	os.WriteFile(filepath.Join(root, "taken-xgs.xgs.js"), []byte("mine too"), 0o644)
	os.WriteFile(filepath.Join(root, "afile"), []byte("x"), 0o644)
	before := snapshot(t, root)
	cases := []struct {
		tm  *Template
		v   Values
		dir string
	}{
		{lookup(t, model.FormatSkillMD, "minimal"), Values{Name: "taken", Description: "D"}, filepath.Join(root, "taken")},
		{lookup(t, model.FormatOSLoop, "flow"), Values{Name: "taken", Description: "D", Author: "A"}, filepath.Join(root, "taken")},
		{lookup(t, model.FormatXGS, "basic"), Values{Name: "taken-xgs", Description: "D", Matches: []string{"<all_urls>"}}, root},
		{lookup(t, model.FormatSkillMD, "minimal"), Values{Name: "afile", Description: "D"}, filepath.Join(root, "afile")},
	}
	for _, c := range cases {
		_, err := Prepare(c.tm, c.v, c.dir)
		if !errors.Is(err, ErrExists) {
			t.Errorf("%s/%s into %s: err = %v, want ErrExists", c.tm.Format, c.tm.Name, c.dir, err)
		} else if strings.HasSuffix(err.Error(), "file already exists") {
			t.Errorf("%s/%s into %s: %q repeats what it said", c.tm.Format, c.tm.Name, c.dir, err)
		}
	}
	sameTree(t, before, snapshot(t, root)) // a refusal writes nothing
	// Prepared while free, taken before the write: still refused.
	p, err := Prepare(lookup(t, model.FormatSkillMD, "minimal"), Values{Name: "raced", Description: "D"}, filepath.Join(root, "raced"))
	if err != nil {
		t.Fatal(err)
	}
	os.Mkdir(filepath.Join(root, "raced"), 0o755)
	os.WriteFile(filepath.Join(root, "raced", "notes.txt"), []byte("user work"), 0o644)
	before = snapshot(t, root)
	if err := p.Write(); !errors.Is(err, fs.ErrExist) {
		t.Errorf("write over a folder made meanwhile: err = %v", err)
	}
	sameTree(t, before, snapshot(t, root))
	xp, err := Prepare(lookup(t, model.FormatXGS, "basic"), Values{Name: "raced-xgs", Description: "D", Matches: []string{"<all_urls>"}}, root)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(root, "raced-xgs.xgs.js"), []byte("user work"), 0o644)
	before = snapshot(t, root)
	if err := xp.Write(); !errors.Is(err, fs.ErrExist) {
		t.Errorf("write over a file made meanwhile: err = %v", err)
	}
	sameTree(t, before, snapshot(t, root))
}

// A new folder or file whose name an entry beside it takes in another
// case or normalisation is refused (on Linux both were made).
func TestRefusesANameThatClashesByCase(t *testing.T) {
	root := t.TempDir()
	os.Mkdir(filepath.Join(root, "My-Skill"), 0o755)
	os.WriteFile(filepath.Join(root, "Tool.xgs.js"), []byte("mine"), 0o644)
	os.MkdirAll(filepath.Join(root, "Deep", "x"), 0o755)
	before := snapshot(t, root)
	for _, c := range []struct {
		tm    *Template
		v     Values
		dir   string
		found string
	}{
		{lookup(t, model.FormatSkillMD, "minimal"), Values{Name: "my-skill", Description: "D"}, filepath.Join(root, "my-skill"), "My-Skill"},
		{lookup(t, model.FormatOSLoop, "flow"), Values{Name: "my-skill", Description: "D", Author: "A"}, filepath.Join(root, "my-skill"), "My-Skill"},
		{lookup(t, model.FormatXGS, "basic"), Values{Name: "tool", Description: "D", Matches: []string{"<all_urls>"}}, root, "Tool.xgs.js"},
		{lookup(t, model.FormatSkillMD, "minimal"), Values{Name: "new-one", Description: "D"}, filepath.Join(root, "deep", "new-one"), "Deep"},
	} {
		_, err := Prepare(c.tm, c.v, c.dir)
		if !errors.Is(err, ErrExists) || !strings.Contains(err.Error(), c.found) || !strings.Contains(err.Error(), "case-insensitive") {
			t.Errorf("%s/%s into %s: err = %v, want a clash with %s", c.tm.Format, c.tm.Name, c.dir, err, c.found)
		}
	}
	sameTree(t, before, snapshot(t, root))
}

func TestNameMustMatchFolder(t *testing.T) {
	root := t.TempDir()
	for _, f := range []model.Format{model.FormatSkillMD, model.FormatOSLoop} {
		tm := lookup(t, f, builtinOrder[f][0])
		_, err := Prepare(tm, Values{Name: "right-name", Description: "D", Author: "A"}, filepath.Join(root, "other-name"))
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != FieldDir {
			t.Errorf("%s: err = %v, want a dir FieldError", f, err)
		}
	}
}

// withSeam swaps a write function for the length of a test.
func withSeam[F any](t *testing.T, seam *F, fake F) {
	t.Helper()
	old := *seam
	*seam = fake
	t.Cleanup(func() { *seam = old })
}

// TestFailedWriteLeavesNothing: whatever step fails, the folder is as it
// was before — no half-made skill, no temporary folder, index untouched.
func TestFailedWriteLeavesNothing(t *testing.T) {
	boom := errors.New("disk full")
	t.Run("tree", func(t *testing.T) {
		root := t.TempDir()
		before := snapshot(t, root)
		// The real WriteTree, failing on its last file: its temporary
		// folder must go too.
		withSeam(t, &writeTree, func(dir string, files map[string][]byte) error {
			files["zz/\x00bad"] = nil
			return atomicfile.WriteTree(dir, files)
		})
		p, err := Prepare(lookup(t, model.FormatSkillMD, "quiz"), Values{Name: "q", Description: "D", With: []string{"scripts", "assets"}}, filepath.Join(root, "deep", "q"))
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Write(); err == nil {
			t.Fatal("the write succeeded")
		}
		sameTree(t, before, snapshot(t, root))
	})
	t.Run("second xgs file", func(t *testing.T) {
		root := t.TempDir()
		before := snapshot(t, root)
		n := 0
		withSeam(t, &createFile, func(path string, data []byte, perm fs.FileMode) error {
			if n++; n == 2 {
				return boom
			}
			return atomicfile.Create(path, data, perm)
		})
		p, err := Prepare(lookup(t, model.FormatXGS, "basic"), Values{Name: "two", Description: "D", Matches: []string{"<all_urls>"}}, root)
		if err != nil {
			t.Fatal(err)
		}
		// A user template could make two files; simulate one.
		p.Files = append(p.Files, File{Path: "two.notes.md", Data: []byte("notes")})
		if err := p.Write(); !errors.Is(err, boom) {
			t.Fatalf("err = %v", err)
		}
		sameTree(t, before, snapshot(t, root))
	})
	t.Run("index", func(t *testing.T) {
		repo := osloopRepo(t, handIndex)
		before := snapshot(t, repo)
		withSeam(t, &writeFile, func(string, []byte, fs.FileMode, func(string) error) error { return boom })
		p, err := Prepare(lookup(t, model.FormatOSLoop, "agentic"), Values{Name: "agent-x", Description: "D", Author: "A"}, filepath.Join(repo, "skills", "agent-x"))
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Write(); !errors.Is(err, boom) || !strings.Contains(err.Error(), "index.json") {
			t.Fatalf("err = %v", err)
		}
		sameTree(t, before, snapshot(t, repo))
	})
}

func TestWriteMakesMissingParentsAtOnce(t *testing.T) {
	root := t.TempDir()
	p, err := Prepare(lookup(t, model.FormatSkillMD, "minimal"), Values{Name: "deep-one", Description: "D", With: []string{"scripts"}}, filepath.Join(root, "a", "b", "deep-one"))
	if err != nil {
		t.Fatal(err)
	}
	if p.created != filepath.Join(root, "a") {
		t.Errorf("created = %s, want the outermost missing folder", p.created)
	}
	if err := p.Write(); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(filepath.Join(root, "a", "b", "deep-one", "scripts", "run.sh"))
	if err != nil || info.Mode().Perm() != 0o755 {
		t.Errorf("scripts/run.sh: %v %v, want an executable file", info.Mode(), err)
	}
	if info, err := os.Stat(filepath.Join(root, "a", "b", "deep-one", "SKILL.md")); err != nil || info.Mode().Perm() != 0o644 {
		t.Errorf("SKILL.md: %v", err)
	}
}

func TestPrepareRefusesBadValues(t *testing.T) {
	root := t.TempDir()
	cases := []struct {
		f     model.Format
		v     Values
		field string
	}{
		{model.FormatXGS, Values{Name: "Bad Name", Description: "D", Matches: []string{"<all_urls>"}}, FieldName},
		{model.FormatXGS, Values{Name: "ok", Description: "D", Matches: []string{"example.com"}}, FieldMatch},
		{model.FormatXGS, Values{Name: "ok", Description: "D", Matches: []string{"<all_urls>"}, Namespace: "1x"}, FieldNamespace},
		{model.FormatXGS, Values{Name: "ok", Description: "D"}, FieldMatch},
		{model.FormatXGS, Values{Name: "ok", Description: "D", Matches: []string{"<all_urls>"}, Version: "1.0"}, FieldVersion},
		{model.FormatSkillMD, Values{Name: "ok", Description: "two\nlines"}, FieldDescription},
		{model.FormatSkillMD, Values{Name: "ok", Description: strings.Repeat("x", 1025)}, FieldDescription},
		{model.FormatSkillMD, Values{Name: "ok--no", Description: "D"}, FieldName},
		{model.FormatSkillMD, Values{Name: "ok", Description: "D", With: []string{"nope"}}, FieldWith},
		{model.FormatOSLoop, Values{Name: "ok", Description: "D"}, FieldAuthor},
		{model.FormatOSLoop, Values{Name: "9lives", Description: "D", Author: "A"}, FieldName},
		{model.FormatOSLoop, Values{Name: "ok", Description: "D", Author: "tab\there"}, FieldAuthor},
		{model.FormatOSLoop, Values{Name: "ok", Description: "   ", Author: "A"}, FieldDescription},
	}
	for _, c := range cases {
		tm := lookup(t, c.f, builtinOrder[c.f][0])
		_, err := Prepare(tm, c.v, filepath.Join(root, c.v.Name))
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != c.field {
			t.Errorf("%s %+v: err = %v, want a %s FieldError", c.f, c.v, err, c.field)
		}
	}
	if entries, _ := os.ReadDir(root); len(entries) != 0 {
		t.Errorf("refused values wrote %d entries", len(entries))
	}
}
