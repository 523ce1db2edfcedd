//go:build unix

package filelock

import (
	"os"

	"golang.org/x/sys/unix"
)

func lock(f *os.File) error {
	for {
		// flock locks the open file description, so two opens in one
		// process exclude each other as two processes do.
		err := unix.Flock(int(f.Fd()), unix.LOCK_EX)
		if err != unix.EINTR {
			return err
		}
	}
}

func unlockFile(f *os.File) error { return unix.Flock(int(f.Fd()), unix.LOCK_UN) }
