// Package cputime reads the CPU time this process has used, for
// benchmarks that report it beside wall time: on a busy shared machine it
// is a fairer measure of the work done.
package cputime
