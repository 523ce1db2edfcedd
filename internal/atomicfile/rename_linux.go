package atomicfile

import (
	"errors"
	"io/fs"
	"os"

	"golang.org/x/sys/unix"
)

// renameNoReplace renames a folder into place, failing if the target
// exists. rename(2) alone would replace an empty folder silently, so Linux
// uses RENAME_NOREPLACE, falling back to check-then-rename on file systems
// that do not support the flag.
func renameNoReplace(from, to string) error {
	err := unix.Renameat2(unix.AT_FDCWD, from, unix.AT_FDCWD, to, unix.RENAME_NOREPLACE)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, unix.EEXIST), errors.Is(err, unix.ENOTEMPTY):
		return &fs.PathError{Op: "create", Path: to, Err: fs.ErrExist}
	case errors.Is(err, unix.EINVAL), errors.Is(err, unix.ENOSYS):
		return renameIfAbsent(from, to)
	}
	return &os.LinkError{Op: "rename", Old: from, New: to, Err: err}
}

// exchange swaps the files named a and b in one step; false (and no
// error) when the file system cannot, so the caller renames instead.
func exchange(a, b string) (bool, error) {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, unix.EINVAL), errors.Is(err, unix.ENOSYS), errors.Is(err, unix.EOPNOTSUPP):
		return false, nil
	}
	return false, &os.LinkError{Op: "exchange", Old: a, New: b, Err: err}
}
