package depmanifest

import (
	"strings"

	"github.com/skillstudio/skillstudio/internal/typosquat"
)

// requirements reads pip's requirements format: one PEP 508 requirement
// a line, # comments, \ continuations, and option lines (-r other.txt,
// -e path, --hash, --index-url …) that name no package. A line that is a
// URL, a path or an archive is not a registry name.
func requirements(text []byte) []Dep {
	var deps []Dep
	s := string(text)
	cont := false // the previous line ended with \: this one continues it
	for off := 0; off < len(s); {
		end := strings.IndexByte(s[off:], '\n')
		if end < 0 {
			end = len(s) - off
		}
		line := s[off : off+end]
		lineOff := off
		off += end + 1
		wasCont := cont
		trimmed := strings.TrimRight(line, " \t\r")
		cont = strings.HasSuffix(trimmed, "\\")
		if wasCont {
			continue // --hash=… and the like go on the next lines
		}
		if i := commentStart(line); i >= 0 {
			line = line[:i]
		}
		body := strings.TrimLeft(line, " \t")
		if body == "" || body[0] == '-' || strings.Contains(body, "://") || body[0] == '.' || body[0] == '/' {
			continue
		}
		if name, at, ok := pep508Name(line); ok {
			deps = append(deps, Dep{typosquat.PyPI, name, lineOff + at})
		}
	}
	return deps
}

// commentStart: pip takes # as a comment at a line's start or after
// white space (a URL's #egg= fragment is not one).
func commentStart(line string) int {
	for i := 0; i < len(line); i++ {
		if line[i] == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t') {
			return i
		}
	}
	return -1
}
