//go:build !linux

package safefs

import "io/fs"

// dirFD is unused off Linux: os.Root resolves every name.
type dirFD struct{ fd int }

func openDirFD(string) dirFD { return dirFD{fd: -1} }

func (dirFD) open(string, string) (fs.File, fs.FileInfo, bool, error) {
	return nil, nil, false, nil
}
func (dirFD) stat(string, string) (fs.FileInfo, bool, error) { return nil, false, nil }

func (dirFD) readDir(*FS, string, string, bool) ([]fs.DirEntry, fs.FileInfo, bool, error) {
	return nil, nil, false, nil
}
