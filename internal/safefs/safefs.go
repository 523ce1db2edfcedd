// Package safefs is the one way in from disk. Every reader of skills on
// disk goes through it:
//
//   - only regular files and folders are opened: a FIFO, device or socket
//     is refused at once (the open is non-blocking and the kind is checked
//     on the open descriptor), so a named pipe in a skill cannot hang a
//     command;
//   - symlinks are followed only while they stay inside the folder being
//     searched (os.Root enforces this, loops included): a link to / or to
//     ../.. is an error, never a way out;
//   - ReadFile reads at most a given number of bytes, so /dev/zero behind a
//     link, or a 10 GB file, cannot fill memory.
package safefs

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"sync"
	"syscall"
)

// ErrNotRegular is returned for FIFOs, devices, sockets and the like.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is returned by ReadFile for a file over its limit.
var ErrTooLarge = errors.New("file too large")

// FS is an fs.FS over a folder on disk. Names inside Confine (a
// slash-separated path relative to the folder; "." means everything) are
// resolved inside Confine: a symlink there may point anywhere within
// Confine and nowhere else.
type FS struct {
	dir     string
	confine string
	mu      sync.Mutex
	roots   map[string]*os.Root
}

// Dir returns the FS of dir with symlinks confined to dir.
func Dir(dir string) *FS { return Confined(dir, ".") }

// Confined returns the FS of dir whose names under confine are resolved
// inside dir/confine (the folder the user asked for), while the folders
// above it (dir itself) stay readable.
func Confined(dir, confine string) *FS {
	return &FS{dir: dir, confine: path.Clean(confine), roots: map[string]*os.Root{}}
}

// root returns the os.Root for a name and the name relative to it.
func (f *FS) root(name string) (*os.Root, string, error) {
	base, rel := ".", name
	if f.confine != "." {
		if name == f.confine {
			base, rel = f.confine, "."
		} else if strings.HasPrefix(name, f.confine+"/") {
			base, rel = f.confine, name[len(f.confine)+1:]
		}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	r, ok := f.roots[base]
	if !ok {
		var err error
		r, err = os.OpenRoot(path.Join(f.dir, base))
		if err != nil {
			return nil, "", err
		}
		f.roots[base] = r
	}
	return r, rel, nil
}

// Open opens a regular file or a folder; anything else is refused.
func (f *FS) Open(name string) (fs.File, error) {
	if !validPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	r, rel, err := f.root(name)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: explain(err)}
	}
	file, err := r.OpenFile(rel, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: explain(unwrap(err))}
	}
	info, err := file.Stat()
	if err != nil {
		file.Close()
		return nil, err
	}
	if !info.Mode().IsRegular() && !info.IsDir() {
		file.Close()
		return nil, &fs.PathError{Op: "open", Path: name, Err: notRegular(info.Mode())}
	}
	return file, nil
}

// Stat follows symlinks within the confining folder.
func (f *FS) Stat(name string) (fs.FileInfo, error) {
	if !validPath(name) {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrInvalid}
	}
	r, rel, err := f.root(name)
	if err != nil {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: explain(err)}
	}
	info, err := r.Stat(rel)
	if err != nil {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: explain(unwrap(err))}
	}
	return info, nil
}

// ReadDir lists a folder sorted by name.
func (f *FS) ReadDir(name string) ([]fs.DirEntry, error) {
	file, err := f.Open(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	d, ok := file.(fs.ReadDirFile)
	if !ok {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: errors.New("not a folder")}
	}
	entries, err := d.ReadDir(-1)
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, err
}

// ReadFile implements fs.ReadFileFS with MaxFile as its limit.
func (f *FS) ReadFile(name string) ([]byte, error) {
	file, err := f.Open(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	return readLimited(file, name, MaxFile)
}

// MaxFile is the most any one file read whole through an FS may hold.
// Readers with a tighter budget for their kind of file apply their own.
const MaxFile = 64 << 20

// ReadFile reads the regular file at p (an OS path), refusing FIFOs,
// devices and sockets, and files over limit bytes.
func ReadFile(p string, limit int64) ([]byte, error) {
	file, err := OpenFile(p)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	return readLimited(file, p, limit)
}

// OpenFile opens the regular file at p (an OS path) without ever
// blocking on a FIFO; anything but a regular file is refused.
func OpenFile(p string) (*os.File, error) {
	file, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	info, err := file.Stat()
	if err != nil {
		file.Close()
		return nil, err
	}
	if !info.Mode().IsRegular() {
		file.Close()
		return nil, &fs.PathError{Op: "open", Path: p, Err: notRegular(info.Mode())}
	}
	return file, nil
}

func readLimited(file fs.File, name string, limit int64) ([]byte, error) {
	info, err := file.Stat()
	if err != nil {
		return nil, err
	}
	if info.Size() > limit {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("%w: %d bytes, the limit is %d", ErrTooLarge, info.Size(), limit)}
	}
	data, err := io.ReadAll(io.LimitReader(file, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("%w: more than %d bytes", ErrTooLarge, limit)}
	}
	return data, nil
}

// notRegular names the kind of file refused.
func notRegular(m fs.FileMode) error {
	kind := "special file"
	switch {
	case m&fs.ModeNamedPipe != 0:
		kind = "named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		kind = "socket"
	case m&fs.ModeDevice != 0:
		kind = "device"
	}
	return fmt.Errorf("%w: a %s is never read", ErrNotRegular, kind)
}

func unwrap(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// explain turns os.Root's refusal into a sentence a user can act on.
func explain(err error) error {
	if err != nil && strings.Contains(err.Error(), "escapes") {
		return fmt.Errorf("a symlink leads outside the folder being read; not followed (%w)", err)
	}
	if errors.Is(err, syscall.ELOOP) {
		return fmt.Errorf("symlink loop; not followed (%w)", err)
	}
	return err
}

// validPath is fs.ValidPath without its UTF-8 requirement: a folder
// whose name is not UTF-8 is still on disk and still readable (its name
// is shown with U+FFFD). Empty, ".", ".." elements and a leading or
// trailing slash are refused as fs.ValidPath does.
func validPath(name string) bool {
	if name == "." {
		return true
	}
	if strings.ContainsRune(name, 0) {
		return false
	}
	for {
		i := strings.IndexByte(name, '/')
		elem := name
		if i >= 0 {
			elem = name[:i]
		}
		if elem == "" || elem == "." || elem == ".." {
			return false
		}
		if i < 0 {
			return true
		}
		name = name[i+1:]
	}
}

// ReadLink returns a symlink's target as written, without following it,
// so a finding can say where a link that is not followed points. With
// Lstat it makes FS an fs.ReadLinkFS.
func (f *FS) ReadLink(name string) (string, error) {
	if !validPath(name) {
		return "", &fs.PathError{Op: "readlink", Path: name, Err: fs.ErrInvalid}
	}
	r, rel, err := f.root(name)
	if err != nil {
		return "", &fs.PathError{Op: "readlink", Path: name, Err: explain(err)}
	}
	target, err := r.Readlink(rel)
	if err != nil {
		return "", &fs.PathError{Op: "readlink", Path: name, Err: explain(unwrap(err))}
	}
	return target, nil
}

// Lstat is Stat without following a final symlink.
func (f *FS) Lstat(name string) (fs.FileInfo, error) {
	if !validPath(name) {
		return nil, &fs.PathError{Op: "lstat", Path: name, Err: fs.ErrInvalid}
	}
	r, rel, err := f.root(name)
	if err != nil {
		return nil, &fs.PathError{Op: "lstat", Path: name, Err: explain(err)}
	}
	info, err := r.Lstat(rel)
	if err != nil {
		return nil, &fs.PathError{Op: "lstat", Path: name, Err: explain(unwrap(err))}
	}
	return info, nil
}

var _ fs.ReadLinkFS = (*FS)(nil)
