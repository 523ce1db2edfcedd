package safefs

import (
	"encoding/binary"
	"errors"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"
)

// A folder the search lists is read with getdents64 into a pooled buffer
// and parsed here, not wrapped in an os.File: os.NewFile asks fcntl about
// the descriptor and the open needed O_NONBLOCK cleared first (three
// fcntl calls per folder), and os allocates per entry. O_DIRECTORY makes
// the kernel refuse anything but a folder before opening it, so a FIFO
// cannot block the open without O_NONBLOCK.

// direntBufs are getdents64 buffers, reused across listings. 32 KiB holds
// a few hundred entries, so a big folder needs few calls.
var direntBufs = sync.Pool{New: func() any { b := make([]byte, 32<<10); return &b }}

// forceDirentLstat makes every entry take the DT_UNKNOWN path (tests).
var forceDirentLstat = false

// errBadDirent is a getdents64 record that does not fit its buffer.
var errBadDirent = errors.New("malformed directory entry")

// The offsets of linux_dirent64's fields: d_ino u64, d_off s64,
// d_reclen u16, d_type u8, then the NUL-terminated name.
const (
	direntReclen = 16
	direntType   = 18
	direntName   = 19
)

// parseDirents calls fn for each record in buf (what getdents64 wrote),
// skipping deleted entries (inode 0), "." and "..". The name passed to fn
// is a view into buf.
func parseDirents(buf []byte, fn func(name []byte, typ byte)) error {
	for len(buf) > 0 {
		if len(buf) < direntName {
			return errBadDirent
		}
		reclen := int(binary.NativeEndian.Uint16(buf[direntReclen:]))
		if reclen < direntName || reclen > len(buf) {
			return errBadDirent
		}
		rec := buf[:reclen]
		buf = buf[reclen:]
		if binary.NativeEndian.Uint64(rec) == 0 {
			continue
		}
		name := rec[direntName:]
		if i := slices.Index(name, 0); i >= 0 {
			name = name[:i]
		}
		if len(name) == 0 || string(name) == "." || string(name) == ".." {
			continue
		}
		fn(name, rec[direntType])
	}
	return nil
}

// direntMode is the type d_type gives, and false for DT_UNKNOWN (some
// file systems do not fill it in).
func direntMode(t byte) (fs.FileMode, bool) {
	switch t {
	case unix.DT_REG:
		return 0, true
	case unix.DT_DIR:
		return fs.ModeDir, true
	case unix.DT_LNK:
		return fs.ModeSymlink, true
	case unix.DT_FIFO:
		return fs.ModeNamedPipe, true
	case unix.DT_SOCK:
		return fs.ModeSocket, true
	case unix.DT_CHR:
		return fs.ModeDevice | fs.ModeCharDevice, true
	case unix.DT_BLK:
		return fs.ModeDevice, true
	}
	return 0, false
}

// readDir lists rel under d with getdents64 and returns its entries
// sorted by name and, withInfo, its own FileInfo. handled is false when the caller
// must list it the general way: openat2 is not in use, or rel is not a
// folder (whose error the general open words).
func (d dirFD) readDir(fsys *FS, name, rel string, withInfo bool) (entries []fs.DirEntry, info fs.FileInfo, handled bool, err error) {
	if d.fd < 0 {
		return nil, nil, false, nil
	}
	fd, err := openat2(d.fd, rel, unix.O_RDONLY|unix.O_DIRECTORY)
	if err == unix.ENOTDIR {
		return nil, nil, false, nil
	}
	if err != nil {
		return nil, nil, true, &fs.PathError{Op: "open", Path: name, Err: explain(beneathErr(err))}
	}
	defer unix.Close(fd)
	if withInfo {
		var st syscall.Stat_t
		if err := fstat(fd, &st); err != nil {
			return nil, nil, true, &fs.PathError{Op: "open", Path: name, Err: explain(err)}
		}
		info = statInfo(name, &st)
	}

	bp := direntBufs.Get().(*[]byte)
	defer direntBufs.Put(bp)
	buf := *bp
	// Names are gathered into one string and entries into one array: a
	// few allocations per folder rather than two per entry.
	var names []byte
	var raws []rawEntry
	var lstatErr error
	for {
		n, err := unix.Getdents(fd, buf)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			// What was read so far comes back with the error, as os gives it.
			return fsys.dirEntries(name, names, raws), info, true, &fs.PathError{Op: "readdirent", Path: name, Err: err}
		}
		if n <= 0 {
			break
		}
		if raws == nil {
			// Sized from the first batch: a record takes 24 bytes or more,
			// and its name fewer than its record.
			names = make([]byte, 0, n)
			raws = make([]rawEntry, 0, n/24+1)
		}
		perr := parseDirents(buf[:n], func(b []byte, t byte) {
			mode, known := direntMode(t)
			var st *fileInfo
			if !known || forceDirentLstat {
				// The name is one element read from this folder: fstatat
				// beneath the descriptor cannot leave it.
				s, err := lstatAt(fd, string(b))
				if errors.Is(err, fs.ErrNotExist) {
					return // removed since it was listed; os skips it too
				}
				if err != nil {
					if lstatErr == nil {
						lstatErr = &fs.PathError{Op: "lstat", Path: path.Join(name, string(b)), Err: err}
					}
					return
				}
				st, mode = s, s.Mode().Type()
			}
			names = append(names, b...)
			raws = append(raws, rawEntry{end: len(names), mode: mode, info: st})
		})
		if perr != nil {
			return nil, nil, true, &fs.PathError{Op: "readdirent", Path: name, Err: perr}
		}
		if lstatErr != nil {
			// An entry whose kind cannot be known ends the listing, as in os.
			return fsys.dirEntries(name, names, raws), info, true, lstatErr
		}
	}
	return fsys.dirEntries(name, names, raws), info, true, nil
}

// rawEntry is an entry while a folder is being read: its name ends at end
// in the folder's name bytes.
type rawEntry struct {
	end  int
	mode fs.FileMode
	info *fileInfo // taken for DT_UNKNOWN
}

// dirEntries turns the entries read from folder dir into DirEntries
// sorted by name.
func (f *FS) dirEntries(dir string, names []byte, raws []rawEntry) []fs.DirEntry {
	all := string(names)
	list := make([]dirEntry, len(raws))
	start := 0
	for i, r := range raws {
		list[i] = dirEntry{fsys: f, dir: dir, name: all[start:r.end], mode: r.mode}
		if r.info != nil {
			r.info.name = list[i].name
			list[i].info = r.info
		}
		start = r.end
	}
	slices.SortFunc(list, func(a, b dirEntry) int { return strings.Compare(a.name, b.name) })
	entries := make([]fs.DirEntry, len(list))
	for i := range list {
		entries[i] = &list[i]
	}
	return entries
}

// lstatAt is Lstat of one name read from the folder open as dirfd: an
// O_PATH open that does not follow a final symlink, then fstat (syscall
// has no portable fstatat).
func lstatAt(dirfd int, name string) (*fileInfo, error) {
	fd, err := openat2(dirfd, name, unix.O_PATH|unix.O_NOFOLLOW)
	if err != nil {
		return nil, err
	}
	defer unix.Close(fd)
	var st syscall.Stat_t
	if err := fstat(fd, &st); err != nil {
		return nil, err
	}
	return &fileInfo{name: name, st: st}, nil
}

// dirEntry is an fs.DirEntry of a listed folder. Info is the entry's
// Lstat, taken when asked (as os does) and resolved inside the FS.
type dirEntry struct {
	fsys *FS
	dir  string
	name string
	mode fs.FileMode
	info fs.FileInfo
}

func (e *dirEntry) Name() string      { return e.name }
func (e *dirEntry) IsDir() bool       { return e.mode.IsDir() }
func (e *dirEntry) Type() fs.FileMode { return e.mode }
func (e *dirEntry) String() string    { return fs.FormatDirEntry(e) }

func (e *dirEntry) Info() (fs.FileInfo, error) {
	if e.info != nil {
		return e.info, nil
	}
	return e.fsys.Lstat(path.Join(e.dir, e.name))
}
