//go:build unix

package cli

import (
	"syscall"
	"testing"
)

func mkfifo(t *testing.T, p string) { must(t, syscall.Mkfifo(p, 0o644)) }
