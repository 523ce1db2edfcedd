package fix

import (
	"bytes"
	"errors"
	"os"

	"github.com/skillstudio/skillstudio/internal/atomicfile"
)

// ErrChanged is why a file is not written when it changed on disk since
// the plan read it: the plan's offsets may no longer point where they did.
var ErrChanged = errors.New("the file changed while it was being fixed; run lint --fix again")

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

// write replaces fe's file with its edited content, unless that is the
// same or the file is no longer what the plan read.
func write(fe FileEdits) error {
	updated := splice(fe.Original, fe.Edits)
	if bytes.Equal(updated, fe.Original) {
		return nil // a file's identity (inode, links) is left alone when nothing changes
	}
	info, err := os.Stat(fe.Path)
	if err != nil {
		return ErrChanged
	}
	if now, err := os.ReadFile(fe.Path); err != nil || !bytes.Equal(now, fe.Original) {
		return ErrChanged
	}
	return atomicfile.Write(fe.Path, updated, info.Mode().Perm())
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
