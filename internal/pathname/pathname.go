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
		if msg := SegmentProblem(seg); msg != "" {
			return msg
		}
	}
	if c := path.Clean(p); c == "." {
		return "names the folder itself"
	}
	return ""
}

// SegmentProblem says why one path segment must not be written from
// someone else's tree, or "" when it may: a version-control folder, in
// any spelling a disk takes for it, or a name Windows cannot hold or
// takes for another (a device, a trailing dot or space, a reserved
// character). A pulled skill holding .git/config made a repository whose
// core.fsmonitor ran a command at the next git status in it (a shell
// prompt that shows the branch runs one on cd).
func SegmentProblem(seg string) string {
	if vcs := vcsFolder(seg); vcs != "" {
		return "is a version-control folder (" + vcs + "), whose settings can run commands when it is used; it is never written"
	}
	if p := windowsSpelling(seg); p != "" {
		return p
	}
	if dev := WindowsDevice(seg); dev != "" {
		return "is a device name on Windows (" + dev + "), where writing it writes to the device"
	}
	return ""
}

// WindowsProblem says why seg cannot be a file or folder name on Windows
// (git for Windows refuses to check it out: "invalid path"), or "" when
// it can: a trailing dot or space, a reserved character, a device name.
func WindowsProblem(seg string) string {
	if i := strings.IndexFunc(seg, func(r rune) bool { return r < 0x20 }); i >= 0 {
		return fmt.Sprintf("holds the control character %q, which a Windows file name cannot", seg[i])
	}
	if p := windowsSpelling(seg); p != "" {
		return p
	}
	if dev := WindowsDevice(seg); dev != "" {
		return "is the Windows device name " + dev
	}
	return ""
}

// windowsSpelling: a trailing dot or space, or a reserved character.
func windowsSpelling(seg string) string {
	trimmed := strings.TrimRight(seg, ". ")
	if trimmed != seg && seg != "." && seg != ".." {
		return "ends in a dot or space, which Windows drops, so it is another file's name there"
	}
	if i := strings.IndexAny(seg, `<>:"|?*`); i >= 0 {
		return fmt.Sprintf("holds %q, which a Windows file name cannot (a colon names a stream of another file)", seg[i])
	}
	return ""
}

// WindowsDevice is the device name Windows takes seg for (CON for con,
// aux.md's AUX, "nul .txt"'s NUL: the part before the first dot, any
// case, trailing spaces dropped), or "".
func WindowsDevice(seg string) string {
	base, _, _ := strings.Cut(seg, ".")
	switch up := strings.ToUpper(strings.TrimRight(base, " ")); up {
	case "CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$",
		"COM1", "COM2", "COM3", "COM4", "COM5", "COM6", "COM7", "COM8", "COM9", "COM¹", "COM²", "COM³",
		"LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9", "LPT¹", "LPT²", "LPT³":
		return up
	}
	return ""
}

// WindowsPathProblem is WindowsProblem of the first bad segment of the
// slash-separated rel, with the segment quoted first ("" when none is).
func WindowsPathProblem(rel string) string {
	for seg := range strings.SplitSeq(rel, "/") {
		if p := WindowsProblem(seg); p != "" {
			return fmt.Sprintf("%q %s", seg, p)
		}
	}
	return ""
}

// vcsFolder returns the version-control folder seg is taken for, or "":
// compared as macOS (ignoring zero-width and other ignorable code
// points) and Windows (case, trailing dots and spaces, the 8.3 short
// name GIT~1) compare names, as git's own checks do.
func vcsFolder(seg string) string {
	var b strings.Builder
	for _, r := range seg {
		if r >= 0x200b && r <= 0x200f || r >= 0x202a && r <= 0x202e || r >= 0x2060 && r <= 0x206f || r == 0xfeff || r == 0xad {
			continue
		}
		b.WriteRune(r)
	}
	name := strings.ToLower(strings.TrimRight(b.String(), ". "))
	switch name {
	case ".git", "git~1", ".hg", "hg~1", ".svn", "svn~1", ".bzr", "bzr~1", "_darcs", ".jj", ".pijul", ".fslckout":
		return name
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
	// Two clean absolute paths are answered by a compare: lint makes
	// every finding's file relative to the working folder, and
	// filepath.Rel cleans both paths first (about 4,500 instructions a
	// call on a deep library). FuzzRelFast holds it to the general path.
	if r, inside, decided := relClean(base, p); decided {
		return r, inside
	}
	return relGeneral(base, p)
}

// relGeneral is Rel through filepath.Rel.
func relGeneral(base, p string) (string, bool) {
	r, err := filepath.Rel(base, p)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return "", false
	}
	return r, true
}

// relClean is Rel for two clean absolute slash paths, base not "/":
// inside base, the rest of p; anywhere else, filepath.Rel would climb
// out with "..". decided is false for any other pair.
func relClean(base, p string) (rel string, inside, decided bool) {
	if filepath.Separator != '/' || !absClean(base) || !absClean(p) {
		return "", false, false
	}
	switch {
	case p == base:
		return ".", true, true
	case len(p) > len(base) && p[len(base)] == '/' && p[:len(base)] == base:
		return p[len(base)+1:], true, true
	}
	return "", false, true
}

// absClean reports whether s is an absolute slash path other than "/"
// that filepath.Clean leaves as it is: no empty, "." or ".." element and
// no trailing slash.
func absClean(s string) bool {
	if len(s) < 2 || s[0] != '/' {
		return false
	}
	start := 1
	for i := 1; i <= len(s); i++ {
		if i < len(s) && s[i] != '/' {
			continue
		}
		switch s[start:i] {
		case "", ".", "..":
			return false
		}
		start = i + 1
	}
	return true
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
