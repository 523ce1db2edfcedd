package fix

import (
	"io/fs"
	"path/filepath"
	"sort"

	"github.com/skillstudio/skillstudio/internal/safefs"
	"github.com/skillstudio/skillstudio/model"
)

// Collect gathers the fixes of lib's skills on this machine's disk (and
// library-level fixes whose edits name local files), sorted by where their
// finding is. Edits are resolved through symlinks: renaming over a link
// would replace the link with a copy.
func Collect(lib *model.Library) []Fix {
	var fixes []Fix
	add := func(d model.Diagnostic, file string, path func(string) string, fsys fs.FS) {
		if f, ok := resolve(d, file, path, fsys); ok {
			fixes = append(fixes, f)
		}
	}
	for _, s := range lib.Skills {
		if !s.Location.Local || s.Location.Root == "" {
			continue
		}
		for _, d := range s.Diagnostics {
			file := d.File
			if file == "" {
				file = s.Location.File
			}
			add(d, s.Location.Path(file), s.Location.Path, s.Location.FS)
		}
	}
	for _, d := range lib.Diagnostics {
		add(d, d.File, func(p string) string { return p }, nil)
	}
	sort.SliceStable(fixes, func(i, j int) bool { return before(fixes[i], fixes[j]) })
	return fixes
}

// stamper is an FS that remembers what each file it opened was
// (safefs.FS).
type stamper interface {
	ReadStamp(name string) (safefs.Stamp, bool)
}

// resolve turns d's fix into a Fix when every edit names a file on this
// machine. fsys, when it can say, tells which file the edits' offsets
// were read from.
func resolve(d model.Diagnostic, file string, path func(string) string, fsys fs.FS) (Fix, bool) {
	if d.Fix == nil || len(d.Fix.Edits) == 0 {
		return Fix{}, false
	}
	f := Fix{Diag: d, File: file}
	for _, e := range d.Fix.Edits {
		p := path(e.File)
		if !filepath.IsAbs(p) {
			return Fix{}, false // not a file on this machine
		}
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		edit := Edit{Path: p, Start: e.Start, End: e.End, NewText: e.NewText}
		if st, ok := fsys.(stamper); ok {
			if read, ok := st.ReadStamp(e.File); ok {
				edit.Read = &read
			}
		}
		f.Edits = append(f.Edits, edit)
	}
	return f, true
}

// before orders fixes by file, line, column, then rule.
func before(a, b Fix) bool {
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Diag.Line != b.Diag.Line {
		return a.Diag.Line < b.Diag.Line
	}
	if a.Diag.Column != b.Diag.Column {
		return a.Diag.Column < b.Diag.Column
	}
	return a.Diag.Rule < b.Diag.Rule
}
