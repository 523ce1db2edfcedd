package ui

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	tea "charm.land/bubbletea/v2"
	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
)

// corpusStudio is a studio of the shared corpus's skills (read in place,
// never copied); it skips when the corpus is absent.
func corpusStudio(t *testing.T) *Model {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "shared", "corpus"))
	if err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		t.Skipf("corpus of real skills not found at %s (it lives beside the repository in ../shared/corpus; a plain clone has none)", dir)
	}
	fsys := os.DirFS(dir)
	repos, err := fs.ReadDir(fsys, ".")
	if err != nil {
		t.Fatal(err)
	}
	var skills []*model.Skill
	for _, r := range repos {
		if r.IsDir() {
			skills = append(skills, formats.LoadAll(t.Context(), model.Location{Source: "corpus/" + r.Name(), FS: fsys}, r.Name(), model.Options{}, nil).Skills...)
		}
	}
	return studioOf(skills, "corpus")
}

// studioOf is a loaded studio listing skills, read from source.
func studioOf(skills []*model.Skill, source string) *Model {
	m := New(Options{Theme: "dark"})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	entries := make([]*Entry, len(skills))
	for i, s := range skills {
		e := &Entry{ID: i + 1, Candidate: formats.Candidate{Format: s.Format, Path: s.Location.Dir}, Source: source, Base: s.Location}
		e.loaded = s
		e.setSkill(s)
		entries[i] = e
		m.entries[e.ID] = e
	}
	m.lib.add(entries...)
	m.loaded = true
	return m
}

// filterLines runs the library filter for q to its end.
func filterLines(t *testing.T, m *Model, q string) []libLine {
	t.Helper()
	m.lib.query = q
	msg, ok := m.lib.filterCmd()().(filterResultMsg)
	if !ok {
		t.Fatalf("%q: no result", q)
	}
	return msg.lines
}

// On the real corpus, common words match the skills about them, not most
// of the library: a description match needs the query's words at word
// starts, where sahilm/fuzzy took "pdf" from letters scattered through a
// long description (240 of 306 skills).
func TestFilterCorpusIsSelective(t *testing.T) {
	m := corpusStudio(t)
	n := len(m.lib.entries)
	for _, q := range []string{"pdf", "git", "test", "doc"} {
		lines := filterLines(t, m, q)
		named := 0
		for _, l := range lines {
			if l.nameMatch != nil {
				named++
			}
		}
		t.Logf("%q: %d of %d skills (%d by name)", q, len(lines), n, named)
		if len(lines) > n/4 {
			t.Errorf("%q matched %d of %d skills", q, len(lines), n)
		}
	}
}

// filterStudio is a studio of the given names and descriptions.
func filterStudio(t *testing.T, skills [][2]string) *Model {
	t.Helper()
	ss := make([]*model.Skill, len(skills))
	for i, nd := range skills {
		ss[i] = &model.Skill{Format: model.FormatSkillMD, Name: nd[0], Description: nd[1],
			Location: model.Location{Source: "t", FS: fstest.MapFS{}, Dir: nd[0], File: "SKILL.md"}}
	}
	return studioOf(ss, "t")
}

// The filter is what fzf users expect: a name matches in chunks (each
// letter follows the last or starts a word), names come first, and a
// description matches only with each query word at a word start —
// letters scattered through a name or a long description do not match.
func TestFilterMatchesCompactly(t *testing.T) {
	m := filterStudio(t, [][2]string{
		{"planning-with-files", "Keeps a plan in markdown files, updated as the work goes."},
		{"report-writer", "Produces documents from data, formatting each as the user asks."},
		{"form-filler", "Fills PDF forms and merges the pages."},
		{"git-safety-net", "Stops destructive commands."},
		{"photo-to-scanned-pdf", "Makes a photo look scanned."},
		{"release-notes", "Drafts notes from the GitHub history."},
		{"toolkit", "Converts slides toPDF with one command."},
		{"updf-reader", "Reads files."},
	})
	names := func(q string) []string {
		var out []string
		for _, l := range filterLines(t, m, q) {
			out = append(out, l.e.row.name)
		}
		return out
	}
	for _, c := range []struct {
		q    string
		want []string
	}{
		// names first, then descriptions, each by score
		{"pdf", []string{"photo-to-scanned-pdf", "form-filler", "toolkit"}},
		{"git", []string{"git-safety-net", "release-notes"}},
		{"gsn", []string{"git-safety-net"}},
		{"pdf forms", []string{"form-filler"}},
	} {
		if got := names(c.q); !slices.Equal(got, c.want) {
			t.Errorf("%q matched %s, want %s", c.q, strings.Join(got, ", "), strings.Join(c.want, ", "))
		}
	}
}
