//go:build race

package review

// raceOn: the race detector allocates for its own bookkeeping, many times
// over for some code, so tests bounded by bytes allocated check their
// bound only without it (the plain go test run does).
const raceOn = true
