//go:build !race

// Package racebuild says whether the race detector is compiled in. Tests
// only: a test whose part is pure CPU load on one goroutine skips that
// part under -race (the detector finds nothing there, and the plain run
// still does it), and byte-allocation bounds hold only without it.
package racebuild

// Enabled: this binary was built with -race.
const Enabled = false
