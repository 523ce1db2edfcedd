//go:build !race

package review

const raceOn = false
