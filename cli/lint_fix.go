package main

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"github.com/skillstudio/skillstudio/internal/atomicfile"
	"github.com/skillstudio/skillstudio/model"
)

// maxFixPasses bounds `lint --fix`: a fix can reveal or unblock another
// (two fixes that touched the same bytes), so fixing repeats on the
// re-read files, as eslint does, but never forever.
const maxFixPasses = 10

// fixKey identifies a finding across passes, so a fix that does not make
// its finding go away is applied once, not once per pass.
type fixKey struct{ rule, file, message string }

// fixAndReload applies fixes, re-reads the sources, and repeats while fixes
// still apply. It returns the library as it stands after the last write.
func fixAndReload(lib *model.Library, load func() (*model.Library, error), out, warn io.Writer, cwd string) (*model.Library, error) {
	done := map[fixKey]bool{}
	for pass := 0; pass < maxFixPasses; pass++ {
		if applyFixes(lib, done, out, warn, cwd) == 0 {
			return lib, nil
		}
		var err error
		if lib, err = load(); err != nil {
			return nil, err
		}
	}
	return lib, nil
}

// edit is a model.TextEdit on an OS path.
type edit struct {
	path       string
	start, end int
	text       string
}

// plannedFix is one finding's fix, its edits on OS paths.
type plannedFix struct {
	diag    model.Diagnostic
	display string // the finding's file as printed
	edits   []edit
}

// fileState is one file being fixed: its content when read, its mode, and
// the edits accepted for it so far.
type fileState struct {
	orig     []byte
	mode     fs.FileMode
	accepted []edit
}

// applyFixes applies every fix of lib whose edits overlap no fix accepted
// before it, writes each changed file atomically, prints one line per fix
// applied and returns how many were. Only skills on this machine's disk
// are fixed.
func applyFixes(lib *model.Library, done map[fixKey]bool, out, warn io.Writer, cwd string) int {
	fixes := collectFixes(lib, done)
	files := map[string]*fileState{}
	var accepted []plannedFix
	for _, fx := range fixes {
		if reason := acceptFix(fx, files); reason != "" {
			if reason != "overlap" {
				fmt.Fprintf(warn, "skipped fix %s:%d: %s: %s\n", displayPath(cwd, fx.display), fx.diag.Line, fx.diag.Rule, reason)
			}
			continue
		}
		accepted = append(accepted, fx)
	}
	// Compute each file's new content, and confirm before writing that
	// nobody changed the file since it was read.
	paths := make([]string, 0, len(files))
	for p, st := range files {
		if len(st.accepted) > 0 {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	failed := map[string]bool{}
	for _, p := range paths {
		st := files[p]
		updated := applyEdits(st.orig, st.accepted)
		if bytes.Equal(updated, st.orig) {
			continue
		}
		now, err := os.ReadFile(p)
		if err != nil || !bytes.Equal(now, st.orig) {
			fmt.Fprintf(warn, "not fixed %s: the file changed while it was being fixed; run lint --fix again\n", displayPath(cwd, p))
			failed[p] = true
			continue
		}
		if err := atomicfile.Write(p, updated, st.mode.Perm()); err != nil {
			fmt.Fprintf(warn, "not fixed %s: %v\n", displayPath(cwd, p), err)
			failed[p] = true
		}
	}
	n := 0
	for _, fx := range accepted {
		if !fx.changes(files) || fx.touches(failed) {
			continue
		}
		done[fixKey{fx.diag.Rule, fx.display, fx.diag.Message}] = true
		fmt.Fprintf(out, "fixed %s:%d: %s: %s\n", displayPath(cwd, fx.display), fx.diag.Line, fx.diag.Rule, fx.diag.Fix.Description)
		n++
	}
	return n
}

// collectFixes gathers the fixes of local skills (and library-level fixes
// whose edits name local files), sorted by where their finding is.
func collectFixes(lib *model.Library, done map[fixKey]bool) []plannedFix {
	var fixes []plannedFix
	add := func(d model.Diagnostic, display string, path func(string) string) {
		if d.Fix == nil || len(d.Fix.Edits) == 0 || done[fixKey{d.Rule, display, d.Message}] {
			return
		}
		fx := plannedFix{diag: d, display: display}
		for _, e := range d.Fix.Edits {
			p := path(e.File)
			if !filepath.IsAbs(p) {
				return // not a file on this machine
			}
			if real, err := filepath.EvalSymlinks(p); err == nil {
				// Write through symlinks: renaming over a link would replace
				// the link with a copy.
				p = real
			}
			fx.edits = append(fx.edits, edit{p, e.Start, e.End, e.NewText})
		}
		fixes = append(fixes, fx)
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
			add(d, s.Location.Path(file), s.Location.Path)
		}
	}
	for _, d := range lib.Diagnostics {
		add(d, d.File, func(p string) string { return p })
	}
	sort.SliceStable(fixes, func(i, j int) bool {
		a, b := fixes[i], fixes[j]
		if a.display != b.display {
			return a.display < b.display
		}
		if a.diag.Line != b.diag.Line {
			return a.diag.Line < b.diag.Line
		}
		if a.diag.Column != b.diag.Column {
			return a.diag.Column < b.diag.Column
		}
		return a.diag.Rule < b.diag.Rule
	})
	return fixes
}

// acceptFix reads the files fx edits and accepts it when every edit is in
// range and overlaps neither another of its edits nor an edit accepted
// before. It returns "" when accepted, else why not.
func acceptFix(fx plannedFix, files map[string]*fileState) string {
	for i, e := range fx.edits {
		st, err := readState(files, e.path)
		if err != nil {
			return err.Error()
		}
		if e.start < 0 || e.end < e.start || e.end > len(st.orig) {
			return fmt.Sprintf("edit [%d,%d) is outside the file's %d bytes (a reader bug; please report it)", e.start, e.end, len(st.orig))
		}
		for _, a := range st.accepted {
			if overlaps(a, e) {
				return "overlap"
			}
		}
		for _, o := range fx.edits[:i] {
			if o.path == e.path && overlaps(o, e) {
				return "its edits overlap each other (a reader bug; please report it)"
			}
		}
	}
	for _, e := range fx.edits {
		files[e.path].accepted = append(files[e.path].accepted, e)
	}
	return ""
}

func readState(files map[string]*fileState, p string) (*fileState, error) {
	if st, ok := files[p]; ok {
		return st, nil
	}
	info, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	st := &fileState{orig: data, mode: info.Mode()}
	files[p] = st
	return st, nil
}

// overlaps reports whether two edits touch the same bytes. Two insertions
// at one offset overlap too: their order would be a guess.
func overlaps(a, b edit) bool {
	if a.start == a.end && b.start == b.end {
		return a.start == b.start
	}
	return a.start < b.end && b.start < a.end
}

// applyEdits applies non-overlapping edits from the end of the content
// backwards, so earlier offsets stay valid.
func applyEdits(content []byte, edits []edit) []byte {
	sorted := append([]edit(nil), edits...)
	sort.SliceStable(sorted, func(i, j int) bool {
		if sorted[i].start != sorted[j].start {
			return sorted[i].start > sorted[j].start
		}
		return sorted[i].end > sorted[j].end
	})
	out := append([]byte(nil), content...)
	for _, e := range sorted {
		out = append(out[:e.start:e.start], append([]byte(e.text), out[e.end:]...)...)
	}
	return out
}

// changes reports whether applying fx alters any byte.
func (fx plannedFix) changes(files map[string]*fileState) bool {
	for _, e := range fx.edits {
		if string(files[e.path].orig[e.start:e.end]) != e.text {
			return true
		}
	}
	return false
}

func (fx plannedFix) touches(paths map[string]bool) bool {
	for _, e := range fx.edits {
		if paths[e.path] {
			return true
		}
	}
	return false
}
