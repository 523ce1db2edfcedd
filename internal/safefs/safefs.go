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

// kernelResolve lets the kernel resolve names where it can (Linux's
// openat2); tests turn it off to check the os.Root path too.
var kernelResolve = true

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
	roots   map[string]*base
	read    *stamps // what each regular file opened was (ReadStamp); nil: not kept
}

// base is a folder names are resolved inside: os.Root everywhere, and a
// descriptor for the kernel's one-call resolution where there is one.
type base struct {
	root *os.Root
	fd   dirFD
}

// Dir returns the FS of dir with symlinks confined to dir.
func Dir(dir string) *FS { return Confined(dir, ".") }

// Confined returns the FS of dir whose names under confine are resolved
// inside dir/confine (the folder the user asked for), while the folders
// above it (dir itself) stay readable.
func Confined(dir, confine string) *FS {
	return &FS{dir: dir, confine: path.Clean(confine), roots: map[string]*base{}}
}

// root returns the base for a name and the name relative to it.
func (f *FS) root(name string) (*base, string, error) {
	dir, rel := ".", name
	if f.confine != "." {
		if name == f.confine {
			dir, rel = f.confine, "."
		} else if strings.HasPrefix(name, f.confine+"/") {
			dir, rel = f.confine, name[len(f.confine)+1:]
		}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	b, ok := f.roots[dir]
	if !ok {
		r, err := os.OpenRoot(path.Join(f.dir, dir))
		if err != nil {
			return nil, "", err
		}
		b = &base{root: r, fd: openDirFD(path.Join(f.dir, dir))}
		f.roots[dir] = b
	}
	return b, rel, nil
}

// Open opens a regular file or a folder; anything else is refused.
func (f *FS) Open(name string) (fs.File, error) {
	file, info, err := f.open(name)
	if err == nil && f.read != nil && info.Mode().IsRegular() {
		f.read.note(name, info)
	}
	return file, err
}

// open is Open that also returns what the open found out about the file.
func (f *FS) open(name string) (fs.File, fs.FileInfo, error) {
	if !validPath(name) {
		return nil, nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	b, rel, err := f.root(name)
	if err != nil {
		return nil, nil, &fs.PathError{Op: "open", Path: name, Err: explain(err)}
	}
	if file, info, handled, err := b.fd.open(name, rel); handled {
		if err != nil {
			return nil, nil, &fs.PathError{Op: "open", Path: name, Err: explain(err)}
		}
		return file, info, nil
	}
	file, err := b.root.OpenFile(rel, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, nil, &fs.PathError{Op: "open", Path: name, Err: explain(Cause(err))}
	}
	info, err := file.Stat()
	if err != nil {
		file.Close()
		return nil, nil, err
	}
	if !info.Mode().IsRegular() && !info.IsDir() {
		file.Close()
		return nil, nil, &fs.PathError{Op: "open", Path: name, Err: notRegular(info.Mode())}
	}
	return file, info, nil
}

// Stat follows symlinks within the confining folder.
func (f *FS) Stat(name string) (fs.FileInfo, error) {
	if !validPath(name) {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrInvalid}
	}
	b, rel, err := f.root(name)
	if err != nil {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: explain(err)}
	}
	if info, handled, err := b.fd.stat(name, rel); handled {
		if err != nil {
			return nil, &fs.PathError{Op: "stat", Path: name, Err: explain(err)}
		}
		return info, nil
	}
	info, err := b.root.Stat(rel)
	if err != nil {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: explain(Cause(err))}
	}
	return info, nil
}

// ReadDir lists a folder sorted by name.
func (f *FS) ReadDir(name string) ([]fs.DirEntry, error) {
	entries, _, err := f.readDirInfo(name, false)
	return entries, err
}

// ReadDirInfo is ReadDir that also returns the folder's own FileInfo
// (its identity, for loop checks) from the same open.
func (f *FS) ReadDirInfo(name string) ([]fs.DirEntry, fs.FileInfo, error) {
	return f.readDirInfo(name, true)
}

// readDirInfo is ReadDirInfo; without withInfo the info may be nil (the
// folder is not stat'ed when it need not be opened the general way: a
// system call per folder a skill's reader lists).
func (f *FS) readDirInfo(name string, withInfo bool) ([]fs.DirEntry, fs.FileInfo, error) {
	if !validPath(name) {
		return nil, nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	b, rel, err := f.root(name)
	if err != nil {
		return nil, nil, &fs.PathError{Op: "open", Path: name, Err: explain(err)}
	}
	if entries, info, handled, err := b.fd.readDir(f, name, rel, withInfo); handled {
		return entries, info, err
	}
	file, info, err := f.open(name)
	if err != nil {
		return nil, nil, err
	}
	defer file.Close()
	d, ok := file.(fs.ReadDirFile)
	if !ok || !info.IsDir() {
		return nil, nil, &fs.PathError{Op: "readdir", Path: name, Err: errors.New("not a folder")}
	}
	entries, err := d.ReadDir(-1)
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, info, err
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
	return ReadSized(file, name, info.Size(), limit)
}

// ReadSized reads r into one buffer sized from size (what a stat said,
// plus one byte so a read that finds the end needs no second allocation).
// Once size bytes are read it stops, as skillmd's reader does: the read
// that would only meet the end was a second system call for every OS
// Loop and .xgs.js file (13,332 of 30,875 reads at 10k generated skills).
// A file may change and some file systems report 0, so a size of 0 or a
// short file is read to its end; past limit bytes it stops with
// ErrTooLarge.
func ReadSized(r io.Reader, name string, size, limit int64) ([]byte, error) {
	data := make([]byte, 0, min(max(size, 0), limit)+1)
	for {
		// Checked on every round, not only when data is full: once it has
		// grown past the stat size its capacity may exceed limit+1, and a
		// file still growing would then be read into an empty slice forever.
		if int64(len(data)) > limit {
			return nil, &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("%w: more than %d bytes", ErrTooLarge, limit)}
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := r.Read(data[len(data):min(int64(cap(data)), limit+1)])
		data = data[:len(data)+n]
		if err == io.EOF || size > 0 && size <= limit && int64(len(data)) == size {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// notRegular names the kind of file refused.
func notRegular(m fs.FileMode) error {
	return fmt.Errorf("%w: a %s is never read", ErrNotRegular, SpecialKind(m))
}

// SpecialKind names the kind of a file that is not a regular file or a
// folder, as messages about refusing it say it.
func SpecialKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeDevice != 0:
		return "device"
	}
	return "special file"
}

// Cause is err without the *fs.PathError around it: messages name the
// path themselves, so "open x: no such file" is not said twice.
func Cause(err error) error {
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
	b, rel, err := f.root(name)
	if err != nil {
		return "", &fs.PathError{Op: "readlink", Path: name, Err: explain(err)}
	}
	target, err := b.root.Readlink(rel)
	if err != nil {
		return "", &fs.PathError{Op: "readlink", Path: name, Err: explain(Cause(err))}
	}
	return target, nil
}

// Lstat is Stat without following a final symlink.
func (f *FS) Lstat(name string) (fs.FileInfo, error) {
	if !validPath(name) {
		return nil, &fs.PathError{Op: "lstat", Path: name, Err: fs.ErrInvalid}
	}
	b, rel, err := f.root(name)
	if err != nil {
		return nil, &fs.PathError{Op: "lstat", Path: name, Err: explain(err)}
	}
	info, err := b.root.Lstat(rel)
	if err != nil {
		return nil, &fs.PathError{Op: "lstat", Path: name, Err: explain(Cause(err))}
	}
	return info, nil
}

var _ fs.ReadLinkFS = (*FS)(nil)
