//go:build !unix

package cli

import "testing"

func mkfifo(t *testing.T, _ string) { t.Skip("no FIFOs on this system") }
