package fix

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"

	"github.com/skillstudio/skillstudio/internal/atomicfile"
	"github.com/skillstudio/skillstudio/internal/safefs"
)

// ErrChanged is why a file is not written when it changed on disk since
// the plan read it: the plan's offsets may no longer point where they did.
var ErrChanged = errors.New("changed on disk while it was being fixed; nothing of that change was lost, run lint --fix again")

// Result is what Apply did.
type Result struct {
	// Fixed are the accepted fixes that changed a byte of a file that
	// was written, in the plan's order.
	Fixed []Fix
	// Failed are the files not written, sorted by path.
	Failed []FileError
}

// FileError is a file that could not be written, and why.
type FileError struct {
	Path string
	Err  error
}

// Apply writes each file of p whose content its edits change, atomically
// and keeping its mode, after checking that nobody changed it since the
// plan was made.
func Apply(p Plan) Result {
	var res Result
	failed := map[string]bool{}
	original := map[string][]byte{}
	for _, fe := range p.Files {
		original[fe.Path] = fe.Original
		if err := write(fe); err != nil {
			res.Failed = append(res.Failed, FileError{fe.Path, err})
			failed[fe.Path] = true
		}
	}
	for _, f := range p.Accepted {
		if changes(f, original) && !touches(f, failed) {
			res.Fixed = append(res.Fixed, f)
		}
	}
	return res
}

// ErrReadOnly is why a read-only file is not rewritten: its owner made
// it so, and lint --fix does not override that.
var ErrReadOnly = errors.New("the file is read-only; not rewritten (make it writable to let lint --fix change it)")

// ErrHardLinked is why a file with other hard links is not rewritten: an
// atomic rewrite gives the name a new file, so the other names would keep
// the old text without anyone noticing.
var ErrHardLinked = errors.New("the file has other hard links; not rewritten, so its names do not drift apart (fix it by hand)")

// write replaces fe's file with its edited content, unless that is the
// same or the file is no longer what the plan read.
//
// The link policy (shared with new; pull never writes into existing
// files): a symlink is written through — its target gets the edit and
// the link stays a link; a file with more than one hard link, and a
// read-only file, are not rewritten and say why.
//
// A change made while the fix runs is never lost: the file is read from
// an open descriptor, checked again just before the rename, and after
// the rename the old file (still open) is checked once more; a write
// that landed in it is put back and reported as ErrChanged.
func write(fe FileEdits) error {
	updated := splice(fe.Original, fe.Edits)
	if bytes.Equal(updated, fe.Original) {
		return nil // a file's identity (inode, links) is left alone when nothing changes
	}
	target, err := filepath.EvalSymlinks(fe.Path)
	if err != nil {
		return ErrChanged
	}
	// Opened without blocking: a FIFO swapped in since the plan read the
	// file would wait for a writer (ErrChanged below).
	f, err := safefs.OpenFile(target)
	if err != nil {
		return ErrChanged
	}
	defer f.Close()
	before, err := f.Stat()
	if err != nil || !before.Mode().IsRegular() {
		return ErrChanged
	}
	// Only the file the plan read, as it read it: a link swapped in since
	// (to a file outside the source, or another copy) is not followed.
	if fe.Read != nil && safefs.StampOf(before) != *fe.Read {
		return ErrChanged
	}
	if before.Mode().Perm()&0o200 == 0 {
		return ErrReadOnly
	}
	if hardLinked(before) {
		return ErrHardLinked
	}
	now, err := io.ReadAll(f)
	if err != nil || !bytes.Equal(now, fe.Original) {
		return ErrChanged
	}
	// unchanged runs on target just before the rename and, where the
	// rename is a swap, on the file it took out of place: either way that
	// must be the file read above, as it was.
	unchanged := func(at string) error {
		if at == target && testHookBeforeRename != nil {
			testHookBeforeRename(target)
		}
		info, err := os.Stat(at)
		if err != nil || !os.SameFile(info, before) || !sameState(info, before) {
			return ErrChanged
		}
		if cur, err := f.Stat(); err != nil || !sameState(cur, before) {
			return ErrChanged
		}
		if at == target && testHookAfterCheck != nil {
			testHookAfterCheck(target)
		}
		return nil
	}
	if err := atomicfile.ReplaceLike(target, updated, before, unchanged); err != nil {
		return err
	}
	if testHookAfterRename != nil {
		testHookAfterRename()
	}
	// A writer that opened the file before the rename wrote into the old
	// file: put its text back rather than lose it.
	if after, err := f.Stat(); err == nil && !sameState(after, before) {
		if theirs, err := io.ReadAll(io.NewSectionReader(f, 0, after.Size())); err == nil {
			_ = atomicfile.Write(target, theirs, before.Mode().Perm())
		}
		return ErrChanged
	}
	return nil
}

// sameState: the same size and modification time.
func sameState(a, b os.FileInfo) bool {
	return a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
}

// changes reports whether applying f alters any byte.
func changes(f Fix, original map[string][]byte) bool {
	for _, e := range f.Edits {
		if string(original[e.Path][e.Start:e.End]) != e.NewText {
			return true
		}
	}
	return false
}

func touches(f Fix, paths map[string]bool) bool {
	for _, e := range f.Edits {
		if paths[e.Path] {
			return true
		}
	}
	return false
}

// Test hooks for the race windows around the rename (nil outside tests).
var (
	testHookBeforeRename func(path string)
	testHookAfterCheck   func(path string)
	testHookAfterRename  func()
)
