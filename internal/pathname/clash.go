package pathname

import (
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
