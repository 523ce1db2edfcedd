// Package atomicfile writes files and folders so that a reader (or a crash)
// sees either the old state or the new one, never half of a write: content
// goes to a temporary sibling first and is renamed into place.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Write replaces path with data. The file is written to a temporary file
// in the same folder (so the rename cannot cross file systems), synced, and
// renamed over path. perm is the mode the file ends with; callers that keep
// an existing file's mode pass its current mode.
func Write(path string, data []byte, perm fs.FileMode) error {
	tmp, err := writeTemp(path, data, perm)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	syncDir(filepath.Dir(path))
	return nil
}

// Create writes a new file at path and fails, leaving everything as it
// was, if path already exists. The existence check and the write are one
// step (a hard link of the finished temp file), so a file that appears in
// between is not overwritten either.
func Create(path string, data []byte, perm fs.FileMode) error {
	tmp, err := writeTemp(path, data, perm)
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	if err := os.Link(tmp, path); err != nil {
		var le *os.LinkError
		if errors.As(err, &le) && errors.Is(le.Err, fs.ErrExist) {
			return &fs.PathError{Op: "create", Path: path, Err: fs.ErrExist}
		}
		// Some file systems have no hard links; fall back to an exclusive
		// create, which is still never an overwrite.
		if _, statErr := os.Lstat(path); statErr == nil {
			return &fs.PathError{Op: "create", Path: path, Err: fs.ErrExist}
		}
		return createExclusive(path, data, perm)
	}
	syncDir(filepath.Dir(path))
	return nil
}

func createExclusive(path string, data []byte, perm fs.FileMode) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(path)
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		os.Remove(path)
		return err
	}
	return f.Close()
}

// writeTemp writes data to a new temporary file beside path and returns
// its name. On error nothing is left behind.
func writeTemp(path string, data []byte, perm fs.FileMode) (string, error) {
	return writeTempLike(path, data, perm, nil)
}

// writeTempLike is writeTemp whose file also gets like's owner and group
// (matchOwner) when like is not nil.
func writeTempLike(path string, data []byte, perm fs.FileMode, like fs.FileInfo) (string, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return "", err
	}
	name := f.Name()
	fail := func(err error) (string, error) {
		f.Close()
		os.Remove(name)
		return "", err
	}
	if _, err := f.Write(data); err != nil {
		return fail(err)
	}
	// CreateTemp makes 0600 files; set the mode the caller asked for.
	if err := f.Chmod(perm.Perm()); err != nil {
		return fail(err)
	}
	if like != nil {
		if err := matchOwner(f, like); err != nil {
			return fail(err)
		}
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(name)
		return "", err
	}
	return name, nil
}

// syncDir makes a rename durable. It is best effort: some systems cannot
// open or sync a folder, and the rename itself has already happened.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// WriteTree creates the folder dir holding files (slash paths relative to
// dir; subfolders are made as needed). Everything is written into a
// temporary sibling folder first and renamed into place in one step, so
// dir either appears complete or not at all. It fails if dir exists, and
// removes the temporary folder on any failure. Files get mode 0644 and
// folders 0755; a name that is absolute, empty or leaves dir ("..") is
// refused before anything is written.
func WriteTree(dir string, files map[string][]byte) error {
	names := make([]string, 0, len(files))
	for name := range files {
		if !fs.ValidPath(name) || name == "." {
			return fmt.Errorf("atomicfile: %q is not a relative slash path inside the folder", name)
		}
		names = append(names, name)
	}
	sort.Strings(names)
	if _, err := os.Lstat(dir); err == nil {
		return &fs.PathError{Op: "create", Path: dir, Err: fs.ErrExist}
	}
	parent, base := filepath.Split(filepath.Clean(dir))
	if parent == "" {
		parent = "."
	}
	tmp, err := os.MkdirTemp(parent, "."+base+".tmp-*")
	if err != nil {
		return err
	}
	ok := false
	defer func() {
		if !ok {
			os.RemoveAll(tmp)
		}
	}()
	for _, name := range names {
		p := filepath.Join(tmp, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := writeSynced(p, files[name], 0o644); err != nil {
			return fmt.Errorf("atomicfile: writing %s: %w", strings.TrimPrefix(name, "./"), err)
		}
	}
	// MkdirTemp makes a 0700 folder; the tree gets the usual folder mode.
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	if err := renameNoReplace(tmp, dir); err != nil {
		return err
	}
	ok = true
	syncDir(parent)
	return nil
}

func writeSynced(path string, data []byte, perm fs.FileMode) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Replace is Write with a last check: check(path) runs after the new
// content is on disk in its temporary file and just before the rename, so
// a caller can make sure the file it read is still the one at path. When
// check fails nothing is replaced and its error is returned.
//
// Where the system can swap two names in one step (Linux), the rename is
// that swap, and check runs once more on the file it took out of place
// (passed its new, temporary name): another program's save that renamed
// its own file over path after the first check (as editors save) is
// swapped back rather than replaced, and check's error returned.
func Replace(path string, data []byte, perm fs.FileMode, check func(at string) error) error {
	return replace(path, data, perm, nil, check)
}

// ReplaceLike is Replace for a file that exists: the new file gets the
// mode, owner and group of like (the old file's FileInfo). When the owner
// cannot be kept (another user's file) nothing is replaced and an
// *OwnerError is returned.
func ReplaceLike(path string, data []byte, like fs.FileInfo, check func(at string) error) error {
	return replace(path, data, like.Mode().Perm(), like, check)
}

// OwnerError is why a file is not replaced: it belongs to another user,
// and a rename would hand it to this one.
type OwnerError struct{ Uid int }

func (e *OwnerError) Error() string {
	return fmt.Sprintf("the file belongs to another user (uid %d); rewriting it would make it yours, so it is not rewritten (run as its owner)", e.Uid)
}

func replace(path string, data []byte, perm fs.FileMode, like fs.FileInfo, check func(at string) error) error {
	tmp, err := writeTempLike(path, data, perm, like)
	if err != nil {
		return err
	}
	if err := check(path); err != nil {
		os.Remove(tmp)
		return err
	}
	ours, err := os.Lstat(tmp)
	if err != nil {
		os.Remove(tmp)
		return err
	}
	swapped, err := exchange(tmp, path)
	if err != nil {
		os.Remove(tmp)
		if cerr := check(path); cerr != nil {
			return cerr // gone since the check: not made again
		}
		return err
	}
	if !swapped {
		if err := os.Rename(tmp, path); err != nil {
			os.Remove(tmp)
			return err
		}
		syncDir(filepath.Dir(path))
		return nil
	}
	if err := check(tmp); err != nil {
		// Put their file back. The temporary name is removed only if it
		// holds ours again, so no one's text is ever deleted.
		if _, err := exchange(tmp, path); err == nil {
			if back, err := os.Lstat(tmp); err == nil && os.SameFile(back, ours) {
				os.Remove(tmp)
			}
		}
		return err
	}
	os.Remove(tmp) // the file that was at path, as check saw it
	syncDir(filepath.Dir(path))
	return nil
}
