package atomicfile

import (
	"io/fs"
	"os"
)

func renameIfAbsent(from, to string) error {
	if _, err := os.Lstat(to); err == nil {
		return &fs.PathError{Op: "create", Path: to, Err: fs.ErrExist}
	}
	return os.Rename(from, to)
}
