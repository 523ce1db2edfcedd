// Package pathname checks names that come from someone else (a remote
// index, an archive, a skill) before they become files on disk or text
// on a terminal: one rule, with a reason a person can act on, for pull,
// archives and well-known indexes alike.
package pathname

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// CharProblem says why s cannot be used in a file name, or "" when it
// can: invalid UTF-8, a control character (C0, DEL, C1) or a bidi
// control (which shows a name other than the one on disk).
func CharProblem(s string) string {
	if !utf8.ValidString(s) {
		return "is not valid UTF-8"
	}
	for _, r := range s {
		switch {
		case r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f:
			return fmt.Sprintf("holds the control character %U", r)
		case IsBidiControl(r):
			return fmt.Sprintf("holds the bidi control %U, which shows a different name than the one on disk", r)
		}
	}
	return ""
}

// RelProblem says why p cannot be a relative slash path inside a folder,
// or "" when it can.
func RelProblem(p string) string {
	if msg := CharProblem(p); msg != "" {
		return msg
	}
	if p == "" {
		return "is empty"
	}
	if strings.HasPrefix(p, "/") || strings.Contains(p, `\`) {
		return "leaves the skill folder (absolute path or \\)"
	}
	for _, seg := range strings.Split(p, "/") {
		if seg == ".." {
			return "leaves the skill folder (climbs with ..)"
		}
	}
	if c := path.Clean(p); c == "." {
		return "names the folder itself"
	}
	return ""
}

// IsBidiControl: embeddings, overrides, isolates and marks (Trojan Source).
func IsBidiControl(r rune) bool {
	return r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0x200e || r == 0x200f || r == 0x061c
}

// Rel returns p relative to base and true when p is base or inside it
// (lexically: callers that must not follow links out resolve them first,
// or read through internal/safefs). The one copy of the check that used
// to be written at every call site.
func Rel(base, p string) (string, bool) {
	r, err := filepath.Rel(base, p)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return "", false
	}
	return r, true
}

// LinkOnTheWay returns the first symbolic link among the components of
// the relative path p that lie inside the working folder, and its target:
// the folders a checkout under review may have planted to send a write
// elsewhere. Components after a ".." are not looked at (the user walked
// out of the folder by name), nor is anything of an absolute path (the
// user named the place, /tmp on macOS being a link itself). With last,
// the final component is checked too. ok is false when there is none.
func LinkOnTheWay(p string, last bool) (link, target string, ok bool) {
	if p == "" || filepath.IsAbs(p) {
		return "", "", false
	}
	parts := strings.Split(filepath.Clean(p), string(filepath.Separator))
	if !last {
		parts = parts[:len(parts)-1]
	}
	cur := ""
	for _, part := range parts {
		if part == ".." {
			return "", "", false
		}
		cur = filepath.Join(cur, part)
		if info, err := os.Lstat(cur); err != nil {
			return "", "", false
		} else if info.Mode()&os.ModeSymlink != 0 {
			target, _ := os.Readlink(cur)
			return cur, target, true
		}
	}
	return "", "", false
}
