package skillmd

import (
	"slices"
	"strings"
	"testing"
)

var namedFileCases = []struct{ text, files string }{
	{"run `python scripts/run.py` then load assets/data.csv.", "scripts/run.py assets/data.csv"},
	{"see ./scripts/run.py, or ../scripts/run.py, or a/scripts/run.py", "scripts/run.py"},
	{"x.csv... and .env.example and ./.env.example and ..env.example", "x.csv .env.example"},
	{"data.csv.bak is not data.csv; data.csvx neither", "data.csv"},
	{"first b.json then a.json then b.json", "a.json b.json"},
	{"./x.py", "x.py"},
	{"././x.py x.py.", "x.py"},
	{"tools.d/ has a.sh", "tools.d a.sh"},
}

func TestSearchNamedFilesMatchesWords(t *testing.T) {
	for _, tc := range namedFileCases {
		compareNamedFiles(t, tc.text, tc.files)
	}
	got := searchNamedFiles("first b.json then a.json", []string{"a.json", "b.json"})
	if want := []string{"b.json", "a.json"}; !slices.Equal(got, want) {
		t.Errorf("order: got %q, want %q", got, want)
	}
}

func FuzzSearchNamedFilesMatchesWords(f *testing.F) {
	for _, tc := range namedFileCases {
		f.Add(tc.text, tc.files)
	}
	f.Fuzz(compareNamedFiles)
}

// compareNamedFiles fails when the two ways of finding the files text
// names disagree; files is a space-separated list.
func compareNamedFiles(t *testing.T, text, files string) {
	set := map[string]bool{}
	var names []string
	for _, name := range strings.Fields(files) {
		set[name] = true
		if spellableName(name) && !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	want := wordsNamingFiles(text, set)
	got := searchNamedFiles(text, names)
	if !slices.Equal(got, want) {
		t.Fatalf("text %q, files %q: search found %q, the word walk %q", text, files, got, want)
	}
}
