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

// Includes returns the files a requirements file pulls in with -r or -c
// (--requirement, --constraint), as written: pip reads them relative to
// the including file.
func Includes(text []byte) []string {
	var out []string
	for _, line := range strings.Split(string(text), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		var target string
		switch {
		case (f[0] == "-r" || f[0] == "-c" || f[0] == "--requirement" || f[0] == "--constraint") && len(f) > 1:
			target = f[1]
		case strings.HasPrefix(f[0], "--requirement=") || strings.HasPrefix(f[0], "--constraint="):
			_, target, _ = strings.Cut(f[0], "=")
		case strings.HasPrefix(f[0], "-r") && len(f[0]) > 2 || strings.HasPrefix(f[0], "-c") && len(f[0]) > 2:
			target = f[0][2:]
		}
		if target != "" && !strings.Contains(target, "://") && len(out) < 16 {
			out = append(out, target)
		}
	}
	return out
}

// ParseRequirements reads text as a requirements file whatever its name
// (one a -r line names: base.txt, dev.in).
func ParseRequirements(text []byte) []Dep {
	deps := requirements(text)
	if len(deps) > maxDeps {
		deps = deps[:maxDeps]
	}
	return deps
}
