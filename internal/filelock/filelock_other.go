//go:build !unix && !windows

package filelock

import "os"

// Elsewhere (wasm, plan9) there is no second process to exclude.
func lock(*os.File) error       { return nil }
func unlockFile(*os.File) error { return nil }
