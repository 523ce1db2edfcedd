//go:build !unix

package main

import "errors"

// mkfifo: this system has no named pipes in its file system; tests skip.
func mkfifo(string) error { return errors.New("no named pipes on this system") }
