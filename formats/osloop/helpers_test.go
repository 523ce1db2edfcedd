package osloop

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/model"
)

const fixtureDir = "skills/word-count"

// fixtureFS is testdata/repo as a MapFS the test may change.
func fixtureFS(t testing.TB) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	root := filepath.Join("testdata", "repo")
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		m[filepath.ToSlash(rel)] = &fstest.MapFile{Data: b}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// corpusRoot returns the OS Loop corpus folder or skips: third-party text
// is read in place, never copied into the repo.
func corpusRoot(t testing.TB) string {
	t.Helper()
	dir := "/work/shared/corpus/CristianBB__os-loop-skills"
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("OS Loop corpus not available at %s (a plain clone has no /work/shared): %v", dir, err)
	}
	return dir
}

// setJSON replaces (or, when absent, appends) the value at a dotted path
// of the JSON text src; value is raw JSON. An empty value deletes the
// member. Path elements that are numbers index arrays.
func setJSON(t testing.TB, src, dotted, value string) string {
	t.Helper()
	d, err := ParseJSON([]byte(src))
	if err != nil {
		t.Fatalf("setJSON: source does not parse: %v", err)
	}
	parts := strings.Split(dotted, ".")
	n := d.Root
	for i, p := range parts {
		last := i == len(parts)-1
		if n.Kind == KindArray {
			idx := 0
			for _, c := range p {
				idx = idx*10 + int(c-'0')
			}
			if last {
				it := n.Items[idx]
				return src[:it.Start] + value + src[it.End:]
			}
			n = n.Items[idx]
			continue
		}
		m := n.Member(p)
		if m == nil {
			if !last {
				t.Fatalf("setJSON: no %s in path %s", p, dotted)
			}
			if value == "" {
				return src
			}
			if len(n.Members) == 0 {
				return src[:n.Start+1] + `"` + p + `": ` + value + src[n.Start+1:]
			}
			end := n.Members[len(n.Members)-1].Value.End
			return src[:end] + `, "` + p + `": ` + value + src[end:]
		}
		if last {
			if value == "" {
				// Delete the member with its separating comma.
				idx := slices.IndexFunc(n.Members, func(x Member) bool { return x.KeyStart == m.KeyStart })
				start, end := m.KeyStart, m.Value.End
				if idx+1 < len(n.Members) {
					end = n.Members[idx+1].KeyStart
				} else if idx > 0 {
					start = n.Members[idx-1].Value.End
				}
				return src[:start] + src[end:]
			}
			return src[:m.Value.Start] + value + src[m.Value.End:]
		}
		n = m.Value
	}
	return src
}

func ruleIDs(ds []model.Diagnostic) []string {
	var ids []string
	for _, d := range ds {
		ids = append(ids, d.Rule)
	}
	return ids
}

func hasRule(ds []model.Diagnostic, id string) bool {
	return slices.Contains(ruleIDs(ds), id)
}
