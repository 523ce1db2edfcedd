//go:build unix

package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// matchOwner gives f (the new content, not yet renamed into place) the
// owner and group of like (the file it replaces). A rename gives the name
// the writer's file: run as root over someone's checkout (a container on
// a bind mount), the fixed file became root's and its owner could no
// longer save it. Where the owner cannot be kept (another user's file in
// a folder this user may write), nothing is replaced; a group that cannot
// be kept is left as the system sets it, as any editor's save does.
func matchOwner(f *os.File, like fs.FileInfo) error {
	st, ok := like.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	cur, err := f.Stat()
	if err != nil {
		return err
	}
	now, ok := cur.Sys().(*syscall.Stat_t)
	if !ok || now.Uid == st.Uid && now.Gid == st.Gid {
		return nil
	}
	err = f.Chown(int(st.Uid), int(st.Gid))
	if err == nil {
		return nil
	}
	if now.Uid != st.Uid {
		return &OwnerError{Uid: int(st.Uid)}
	}
	if errors.Is(err, fs.ErrPermission) {
		return nil
	}
	return err
}
