// Package lazyre holds regular expressions compiled on first use rather
// than at package init: every command pays for the init of every package
// the binary links, so a pattern only lint's rules need should not slow
// `skillstudio version` down.
package lazyre

import (
	"regexp"
	"sync"
)

// Regexp is a regexp.Regexp compiled the first time it is used. The
// expression is a constant of the program: a bad one panics at first use,
// as regexp.MustCompile would at init (the package's tests use each).
type Regexp struct {
	get func() *regexp.Regexp
}

// New returns expr, to be compiled when first used.
func New(expr string) *Regexp {
	return &Regexp{get: sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })}
}

// Regexp is the compiled expression.
func (r *Regexp) Regexp() *regexp.Regexp { return r.get() }

// MatchString is regexp.Regexp.MatchString.
func (r *Regexp) MatchString(s string) bool { return r.get().MatchString(s) }

// FindStringIndex is regexp.Regexp.FindStringIndex.
func (r *Regexp) FindStringIndex(s string) []int { return r.get().FindStringIndex(s) }

// ReplaceAllString is regexp.Regexp.ReplaceAllString.
func (r *Regexp) ReplaceAllString(src, repl string) string {
	return r.get().ReplaceAllString(src, repl)
}

// FindStringSubmatch is regexp.Regexp.FindStringSubmatch.
func (r *Regexp) FindStringSubmatch(s string) []string { return r.get().FindStringSubmatch(s) }
