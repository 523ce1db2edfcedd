package baseline

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/skillstudio/skillstudio/internal/pathname"
	"github.com/skillstudio/skillstudio/internal/safefs"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// lines caches files split into lines while a library is walked.
type lines map[string][]string

func (c lines) text(key string, read func() ([]byte, error), line int) string {
	if line < 1 {
		return "" // nothing to read for a finding about the whole file
	}
	ls, ok := c[key]
	if !ok {
		if data, err := read(); err == nil {
			ls = strings.Split(string(data), "\n")
		}
		c[key] = ls
	}
	if line < 1 || line > len(ls) {
		return ""
	}
	return ls[line-1]
}

// readPlainFile reads a library-level finding's file, which the search
// may not have followed: a link out of the source (to /dev/zero, a FIFO or
// a file elsewhere) is not read through, and nothing but a regular file,
// within safefs's cap, is read at all.
func readPlainFile(p string) ([]byte, error) {
	info, err := os.Lstat(p)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "read", Path: p, Err: safefs.ErrNotRegular}
	}
	return safefs.ReadFile(p, safefs.MaxFile)
}

// relTo makes p a slash path relative to base when it is inside it,
// sanitised as the baseline file stores it (jsonout), so a hostile name
// matches the entry written for it.
func relTo(base, p string) string {
	if base != "" && filepath.IsAbs(p) {
		if r, ok := pathname.Rel(base, p); ok {
			p = r
		}
	}
	return sanitize.String(filepath.ToSlash(p))
}

// visit calls f for every finding of lib (library-level first), with its
// Finding, and keeps those for which f returns true.
func visit(lib *model.Library, base string, f func(Finding) bool) *model.Library {
	cache := lines{}
	out := &model.Library{}
	for _, d := range lib.Diagnostics {
		read := func() ([]byte, error) { return readPlainFile(d.File) }
		if f(Finding{Diag: d, File: relTo(base, d.File), LineText: cache.text(d.File, read, d.Line)}) {
			out.Diagnostics = append(out.Diagnostics, d)
		}
	}
	for _, s := range lib.Skills {
		c := *s
		c.Diagnostics = nil
		for _, d := range s.Diagnostics {
			file := d.File
			if file == "" {
				file = s.Location.File
			}
			shown := s.Location.Path(file)
			read := func() ([]byte, error) {
				if s.Location.FS == nil {
					return nil, fs.ErrNotExist
				}
				return fs.ReadFile(s.Location.FS, file)
			}
			if f(Finding{Diag: d, File: relTo(base, shown), LineText: cache.text(shown, read, d.Line)}) {
				c.Diagnostics = append(c.Diagnostics, d)
			}
		}
		out.Skills = append(out.Skills, &c)
	}
	return out
}

// Findings lists every finding of lib, paths relative to base.
func Findings(lib *model.Library, base string) []Finding {
	var all []Finding
	visit(lib, base, func(f Finding) bool { all = append(all, f); return true })
	return all
}

// Filter returns a copy of lib with only the findings b does not hold.
func (b File) Filter(lib *model.Library, base string) *model.Library {
	fresh := b.New(Findings(lib, base))
	i := 0
	return visit(lib, base, func(Finding) bool { i++; return fresh[i-1] })
}
