//go:build unix

package ui

import (
	"syscall"
	"time"
)

// processCPU is the CPU time (user + system) this process has used: on a
// busy shared machine a fairer measure of work than wall time.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
