// Package initgc keeps the garbage collector off while package init runs,
// and Restore puts it back once the command is known.
//
// Dependencies build about 8 MB of tables at init (chroma's lexers and
// styles, jsonschema's metaschemas, goldmark's and bluemonday's tables).
// With the collector on, that starts two or three collections before main
// runs: a fifth of every command's start-up CPU. Nothing built at init is
// garbage anyway; those tables live for the whole run.
//
// Why a linkname: this package must be initialised before those
// dependencies, and Go initialises packages in import-path order among
// those whose imports are done. runtime/debug (the public SetGCPercent)
// sorts after every github.com path and waits on fmt, os and time, so a
// package importing it runs too late. The runtime itself exports this
// function to runtime/debug under the name below; this package imports
// nothing, so it runs first. TestInitGCRunsFirst checks the order and the
// restored setting in the real binary; if a Go release drops the name, the
// build fails rather than the behaviour changing silently.
package initgc

import _ "unsafe" // for go:linkname

//go:linkname setGCPercent runtime/debug.setGCPercent
func setGCPercent(percent int32) (previous int32)

// percent is the setting init found: GOGC from the environment, or 100.
var percent = setGCPercent(-1)

// Restore puts back the GOGC setting in force before init. main hands it
// to cli.Run, which calls it before the command runs unless the command
// sets its own goal (show, lint), so init's heap is not collected on the
// way; until then the heap only grows.
func Restore() { setGCPercent(percent) }
