package safefs

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// On Linux 5.6+ a name is resolved beneath its folder by the kernel in
// one openat2(RESOLVE_BENEATH) call, where os.Root opens and closes every
// folder on the way (a skill three folders deep cost nine system calls per
// open, and lint of a big library spent most of its time there). The
// guarantees are the same: symlinks and ".." are followed only while they
// stay inside the folder, absolute symlinks are refused, and a FIFO or a
// device is refused on the open descriptor before anything reads from it.
// Where openat2 is missing (an old kernel, a seccomp filter) os.Root does
// the work as everywhere else.

// beneathSupported probes openat2 once.
var beneathSupported = sync.OnceValue(func() bool {
	fd, err := openat2(unix.AT_FDCWD, ".", unix.O_PATH|unix.O_DIRECTORY)
	if err != nil {
		return false
	}
	unix.Close(fd)
	return true
})

func openat2(dirfd int, name string, flags int) (int, error) {
	how := unix.OpenHow{
		Flags:   uint64(flags | unix.O_CLOEXEC),
		Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_MAGICLINKS,
	}
	for {
		fd, err := unix.Openat2(dirfd, name, &how)
		if err != unix.EINTR {
			return fd, err
		}
	}
}

// dirFD is a descriptor of a folder names are resolved beneath, or -1
// when os.Root does the resolving.
type dirFD struct{ fd int }

func openDirFD(dir string) dirFD {
	if !kernelResolve || !beneathSupported() {
		return dirFD{fd: -1}
	}
	fd, err := unix.Open(dir, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return dirFD{fd: -1} // os.Root reports the error in its words
	}
	return dirFD{fd: fd}
}

// beneathErr turns openat2's refusals into the errors os.Root gives, so
// explain words them the same way.
func beneathErr(err error) error {
	if errors.Is(err, unix.EXDEV) {
		return errEscapes
	}
	return err
}

var errEscapes = errors.New("path escapes from parent")

// open opens rel under d as a regular file or a folder. handled is false
// when openat2 is not in use and the caller must fall back to os.Root.
func (d dirFD) open(name, rel string) (file fs.File, info fs.FileInfo, handled bool, err error) {
	if d.fd < 0 {
		return nil, nil, false, nil
	}
	fd, err := openat2(d.fd, rel, unix.O_RDONLY|unix.O_NONBLOCK)
	if err != nil {
		return nil, nil, true, beneathErr(err)
	}
	var st syscall.Stat_t
	if err := fstat(fd, &st); err != nil {
		unix.Close(fd)
		return nil, nil, true, err
	}
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFREG:
		f := &regularFile{fd: fd, name: name}
		f.info.set(name, &st) // in the file: one allocation per open
		return f, &f.info, true, nil
	case unix.S_IFDIR:
		// A folder's descriptor is not polled: clearing O_NONBLOCK keeps
		// os.NewFile from asking epoll about it.
		if err := unix.SetNonblock(fd, false); err != nil {
			unix.Close(fd)
			return nil, nil, true, err
		}
		return os.NewFile(uintptr(fd), name), statInfo(name, &st), true, nil
	default:
		unix.Close(fd)
		return nil, nil, true, notRegular(statInfo(name, &st).Mode())
	}
}

// stat follows symlinks beneath d (an O_PATH open reads nothing).
func (d dirFD) stat(name, rel string) (info fs.FileInfo, handled bool, err error) {
	if d.fd < 0 {
		return nil, false, nil
	}
	fd, err := openat2(d.fd, rel, unix.O_PATH)
	if err != nil {
		return nil, true, beneathErr(err)
	}
	defer unix.Close(fd)
	var st syscall.Stat_t
	if err := fstat(fd, &st); err != nil {
		return nil, true, err
	}
	return statInfo(name, &st), true, nil
}

func fstat(fd int, st *syscall.Stat_t) error {
	for {
		err := syscall.Fstat(fd, st)
		if err != syscall.EINTR {
			return err
		}
	}
}

// regularFile is an open regular file read with plain system calls:
// blocking reads of a regular file need no poller, and its FileInfo is
// the one the open already took.
type regularFile struct {
	fd   int
	name string
	info fileInfo
}

func (f *regularFile) Stat() (fs.FileInfo, error) { return &f.info, nil }

func (f *regularFile) Read(b []byte) (int, error) {
	if f.fd < 0 {
		return 0, fs.ErrClosed
	}
	if len(b) == 0 {
		return 0, nil
	}
	for {
		n, err := unix.Read(f.fd, b)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return 0, &fs.PathError{Op: "read", Path: f.name, Err: err}
		}
		if n == 0 {
			return 0, io.EOF
		}
		return n, nil
	}
}

func (f *regularFile) Close() error {
	if f.fd < 0 {
		return fs.ErrClosed
	}
	err := unix.Close(f.fd)
	f.fd = -1
	return err
}

// fileInfo is fs.FileInfo from a Stat_t, as os gives it.
type fileInfo struct {
	name string
	st   syscall.Stat_t
}

func statInfo(name string, st *syscall.Stat_t) *fileInfo {
	i := new(fileInfo)
	i.set(name, st)
	return i
}

// set fills i from st for the file at FS path name.
func (i *fileInfo) set(name string, st *syscall.Stat_t) {
	base := name
	for j := len(name) - 1; j >= 0; j-- {
		if name[j] == '/' {
			base = name[j+1:]
			break
		}
	}
	i.name, i.st = base, *st
}

func (i *fileInfo) Name() string       { return i.name }
func (i *fileInfo) Size() int64        { return i.st.Size }
func (i *fileInfo) IsDir() bool        { return i.Mode().IsDir() }
func (i *fileInfo) ModTime() time.Time { return time.Unix(i.st.Mtim.Unix()) }

// Sys is a *syscall.Stat_t, as os.FileInfo's is, so folder identities
// (device and inode) read the same either way.
func (i *fileInfo) Sys() any { return &i.st }

func (i *fileInfo) Mode() fs.FileMode {
	m := fs.FileMode(i.st.Mode & 0o777)
	switch i.st.Mode & unix.S_IFMT {
	case unix.S_IFDIR:
		m |= fs.ModeDir
	case unix.S_IFLNK:
		m |= fs.ModeSymlink
	case unix.S_IFIFO:
		m |= fs.ModeNamedPipe
	case unix.S_IFSOCK:
		m |= fs.ModeSocket
	case unix.S_IFCHR:
		m |= fs.ModeDevice | fs.ModeCharDevice
	case unix.S_IFBLK:
		m |= fs.ModeDevice
	}
	if i.st.Mode&unix.S_ISUID != 0 {
		m |= fs.ModeSetuid
	}
	if i.st.Mode&unix.S_ISGID != 0 {
		m |= fs.ModeSetgid
	}
	if i.st.Mode&unix.S_ISVTX != 0 {
		m |= fs.ModeSticky
	}
	return m
}
