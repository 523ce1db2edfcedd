//go:build unix

package formats

import (
	"io/fs"
	"syscall"
)

// inode is the device and inode number of a file on disk.
func inode(info fs.FileInfo) (dev, ino uint64, ok bool) {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Dev), st.Ino, true
	}
	return 0, 0, false
}
