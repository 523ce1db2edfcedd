//go:build unix

package fix

import (
	"io/fs"
	"syscall"
)

// hardLinked says whether the file has other names, which a rename over
// it would part from their content.
func hardLinked(info fs.FileInfo) bool {
	st, ok := info.Sys().(*syscall.Stat_t)
	return ok && st.Nlink > 1
}
