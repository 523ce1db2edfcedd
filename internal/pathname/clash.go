package pathname

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Clashes finds names of one tree that are the same file on a
// case-insensitive or normalising file system (macOS, Windows): README.md
// and readme.md, or é written as one code point (NFC) and as e plus a
// combining accent (NFD). On such a disk the copy written last replaces
// the other, so a reviewed SKILL.md could be swapped for a skill.md nobody
// read. Folders on the way count too (Refs/a.md against refs/b.md). The
// zero value is not ready; use NewClashes.
type Clashes struct {
	seen map[string]string // folded → the first spelling
	fold cases.Caser
}

// NewClashes returns an empty set.
func NewClashes() *Clashes {
	return &Clashes{seen: map[string]string{}, fold: cases.Fold()}
}

// Add records the slash path p and each folder above it. When one of
// them is spelt differently from a name added before but folds to the
// same, Add returns both spellings and true.
func (c *Clashes) Add(p string) (earlier, now string, clash bool) {
	for i := 0; i <= len(p); i++ {
		if i < len(p) && p[i] != '/' {
			continue
		}
		prefix := p[:i]
		key := c.fold.String(norm.NFC.String(prefix))
		if first, ok := c.seen[key]; ok {
			if first != prefix {
				return first, prefix, true
			}
			continue
		}
		c.seen[key] = prefix
	}
	return "", "", false
}

// FirstClash returns the first clash among names, looked at in order.
func FirstClash(names []string) (earlier, now string, clash bool) {
	c := NewClashes()
	for _, n := range names {
		if a, b, ok := c.Add(n); ok {
			return a, b, true
		}
	}
	return "", "", false
}

// ClashMessage says why two names clash, for an error.
func ClashMessage(a, b string) string {
	what := "case and Unicode normalisation"
	switch {
	case strings.EqualFold(a, b):
		what = "case"
	case norm.NFC.String(a) == norm.NFC.String(b):
		what = "Unicode normalisation"
	}
	return "differ only by " + what + ", so they are the same file on a case-insensitive or normalising disk (macOS, Windows)"
}

// ClashInFolder returns the entry of the folder dir (an OS path) that is
// the same file as name on a case-insensitive or normalising disk but is
// spelt differently ("" when none, or when dir cannot be read). Writers
// that make a new entry (pull, new) ask it first: on Linux they made
// My-Skill/ beside my-skill/, a checkout that loses one of the two on
// macOS or Windows. The folder is read in batches, so a huge one is not
// held in memory whole.
func ClashInFolder(dir, name string) string {
	f, err := os.Open(dir)
	if err != nil {
		return ""
	}
	defer f.Close()
	fold := cases.Fold()
	want := fold.String(norm.NFC.String(name))
	for {
		entries, err := f.ReadDir(1024)
		for _, e := range entries {
			if n := e.Name(); n != name && fold.String(norm.NFC.String(n)) == want {
				return n
			}
		}
		if err != nil {
			return ""
		}
	}
}

// ClashOnTheWay checks each segment of the slash path rel against the
// folder above it under dir, as ClashInFolder does, as far as those
// folders exist; it returns the first clash as the path written and the
// path found.
func ClashOnTheWay(dir, rel string) (found, asked string, clash bool) {
	parent := dir
	segs := strings.Split(rel, "/")
	for i, seg := range segs {
		if other := ClashInFolder(parent, seg); other != "" {
			return strings.Join(append(slices.Clone(segs[:i]), other), "/"), strings.Join(segs[:i+1], "/"), true
		}
		parent = filepath.Join(parent, seg)
		if _, err := os.Lstat(parent); err != nil {
			break
		}
	}
	return "", "", false
}
