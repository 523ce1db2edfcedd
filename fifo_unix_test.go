//go:build unix

package main

import "syscall"

// mkfifo makes a named pipe at path, for tests of readers that must not
// block on one.
func mkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }
