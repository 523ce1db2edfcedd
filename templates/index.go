package templates

import (
	"errors"
	"fmt"
	"github.com/skillstudio/skillstudio/internal/lineend"
	"github.com/skillstudio/skillstudio/internal/safefs"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/formats/osloop"
	"github.com/skillstudio/skillstudio/model"
)

// indexEdit works out how index.json beside the new OS Loop package at dir
// (in its parent folder, the skills directory) must change to list it, or
// returns nil when there is no index. The edit is the one `lint --fix`
// makes for osloop/index-missing — the entry built from the new manifest,
// appended after the last one in the file's own indentation — computed
// over an in-memory copy of the repository, so nothing is written yet.
func indexEdit(dir, name string, files []File) (*IndexEdit, error) {
	indexPath := filepath.Join(filepath.Dir(dir), "index.json")
	info, err := os.Stat(indexPath)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if info.IsDir() {
		return nil, fmt.Errorf("%s is a folder, not an OS Loop index", indexPath)
	}
	old, err := safefs.ReadFile(indexPath, maxIndex)
	if err != nil {
		return nil, err
	}
	// The repository as the linter would see it: skills/index.json and
	// skills/NAME/…, named as on disk.
	skillsDir := filepath.Base(filepath.Dir(dir))
	if skillsDir == "." || skillsDir == string(filepath.Separator) {
		skillsDir = "skills"
	}
	fsIndex := path.Join(skillsDir, "index.json")
	fsPkg := path.Join(skillsDir, name)
	mem := fstest.MapFS{fsIndex: {Data: old, Mode: 0o644}}
	for _, f := range files {
		mem[path.Join(fsPkg, f.Path)] = &fstest.MapFile{Data: f.Data, Mode: 0o644}
	}

	idx, ds := osloop.ReadIndex(mem, fsIndex)
	if idx == nil {
		why := "it cannot be read"
		if len(ds) > 0 {
			d := ds[0]
			why = fmt.Sprintf("line %d, column %d: %s", d.Line, d.Column, d.Message)
		}
		return nil, fmt.Errorf("%s is not a valid OS Loop index (%s); fix it first (skillstudio lint %s), or make the skill outside this repository", indexPath, why, indexPath)
	}
	for _, e := range idx.Entries {
		if e.Name == name || e.Folder == fsPkg {
			return nil, &FieldError{FieldName, existsf("%s already lists a skill named %q at %q; choose another name", indexPath, e.Name, e.FolderPath)}
		}
	}
	s := formats.Load(formats.Candidate{Format: model.FormatOSLoop, Path: fsPkg}, model.Location{Source: dir, FS: mem}, model.Options{})
	osloop.CheckIndex(mem, fsIndex, []*model.Skill{s}, model.Options{})
	for _, d := range s.Diagnostics {
		if d.Rule != "osloop/index-missing" || d.Fix == nil {
			continue
		}
		edits := append([]model.TextEdit(nil), d.Fix.Edits...)
		// The fix leaves tags for a person to fill in; start them from
		// the name's words (tags are registry-level search terms).
		for i := range edits {
			edits[i].NewText = strings.Replace(edits[i].NewText, `"tags": []`, `"tags": `+tagsJSON(name), 1)
		}
		sort.SliceStable(edits, func(i, j int) bool { return edits[i].Start > edits[j].Start })
		out := append([]byte(nil), old...)
		for _, e := range edits {
			if e.File != fsIndex || e.Start < 0 || e.End > len(out) || e.Start > e.End {
				return nil, fmt.Errorf("cannot add %s to %s: the index edit is out of range (a skillstudio bug)", name, indexPath)
			}
			out = append(out[:e.Start], append([]byte(lineend.Match(old, e.NewText)), out[e.End:]...)...)
		}
		return &IndexEdit{Path: indexPath, Old: old, New: out, Mode: info.Mode().Perm(), Entry: fsPkg}, nil
	}
	return nil, fmt.Errorf("cannot add %s to %s: the linter proposed no index entry for it (is its manifest valid?)", name, indexPath)
}

// tagsJSON is Tags(name) as a one-line JSON array.
func tagsJSON(name string) string {
	words := strings.Split(Tags(name), ", ")
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = JSONString(w)
	}
	return "[" + strings.Join(quoted, ", ") + "]"
}

// maxIndex is the most an index.json new reads may hold.
const maxIndex = 64 << 20
