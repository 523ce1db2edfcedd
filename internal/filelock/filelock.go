// Package filelock holds an exclusive advisory lock on a file across
// processes (flock on Unix, LockFileEx on Windows), for read-modify-write
// of a small state file that two processes may update at the same instant.
package filelock

import "os"

// Lock blocks until it holds the lock on path, creating it (mode 0600) if
// need be, and returns the function that releases it. The lock file is
// never removed: removing it would let a third process lock a new file
// while the second still waits on the old one.
func Lock(path string) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	if err := lock(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		_ = unlockFile(f)
		f.Close()
	}, nil
}
