//go:build !unix

package formats

import "io/fs"

// inode: without Unix inodes a folder is known by its path (symlink loops
// are then caught by leadsToParent and the depth limit).
func inode(fs.FileInfo) (dev, ino uint64, ok bool) { return 0, 0, false }
