package depmanifest

import (
	"golang.org/x/mod/modfile"

	"github.com/skillstudio/skillstudio/internal/typosquat"
)

// goMod reads a go.mod's require lines with the Go team's own parser. A
// module replaced by a local directory is still named: the replacement
// is the module's author's, and the path is what a reader trusts.
func goMod(text []byte) []Dep {
	f, err := modfile.ParseLax("go.mod", text, nil)
	if err != nil {
		return nil
	}
	var deps []Dep
	for _, r := range f.Require {
		if r.Syntax == nil {
			continue
		}
		// The path is the first token of the line, or of a block's line.
		start := r.Syntax.Start.Byte
		if i := indexFrom(text, start, r.Mod.Path); i >= 0 {
			deps = append(deps, Dep{typosquat.Go, r.Mod.Path, i})
		}
	}
	return deps
}

// indexFrom finds s in text at or after from, within the same line.
func indexFrom(text []byte, from int, s string) int {
	for i := from; i+len(s) <= len(text) && i >= 0; i++ {
		if text[i] == '\n' {
			return -1
		}
		if string(text[i:i+len(s)]) == s {
			return i
		}
	}
	return -1
}
