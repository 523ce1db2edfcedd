//go:build !unix

package cputime

import "time"

// Process is unknown here; benchmarks then report 0 CPU time.
func Process() time.Duration { return 0 }
