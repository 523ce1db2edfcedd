//go:build !unix

package ui

import "time"

// processCPU is unknown here; benchmarks then report 0 CPU time.
func processCPU() time.Duration { return 0 }
