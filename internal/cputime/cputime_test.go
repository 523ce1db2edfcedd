package cputime

import (
	"runtime"
	"testing"
)

func TestProcessGrowsWithWork(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("no getrusage on this system")
	}
	before := Process()
	x := 0
	for i := range 50_000_000 {
		x += i % 7
	}
	if Process() <= before || x == 0 {
		t.Errorf("CPU time did not grow: %v then %v", before, Process())
	}
}
