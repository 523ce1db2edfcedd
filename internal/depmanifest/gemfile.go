package depmanifest

import (
	"strings"

	"github.com/skillstudio/skillstudio/internal/typosquat"
)

// gemfile reads the gem "name" lines of a Gemfile (Ruby, read as text: it
// is never evaluated). A gem with a path:, git: or github: option comes
// from there, not from RubyGems.
func gemfile(text []byte) []Dep {
	var deps []Dep
	s := string(text)
	for off := 0; off < len(s); {
		end := strings.IndexByte(s[off:], '\n')
		if end < 0 {
			end = len(s) - off
		}
		line := s[off : off+end]
		lineOff := off
		off += end + 1
		body := strings.TrimLeft(line, " \t")
		rest, ok := strings.CutPrefix(body, "gem")
		if !ok || rest == "" || (rest[0] != ' ' && rest[0] != '\t' && rest[0] != '(') {
			continue
		}
		rest = strings.TrimLeft(rest, " \t(")
		if rest == "" || (rest[0] != '"' && rest[0] != '\'') {
			continue
		}
		q := rest[0]
		closing := strings.IndexByte(rest[1:], q)
		if closing < 0 {
			continue
		}
		name := rest[1 : 1+closing]
		opts := rest[2+closing:]
		if name == "" || strings.Contains(opts, "path:") || strings.Contains(opts, "git:") || strings.Contains(opts, "github:") ||
			strings.Contains(opts, ":path") || strings.Contains(opts, ":git") {
			continue
		}
		at := lineOff + (len(line) - len(rest)) + 1
		deps = append(deps, Dep{typosquat.RubyGems, name, at})
	}
	return deps
}
