// Package lazyre holds regular expressions compiled on first use rather
// than at package init: every command pays for the init of every package
// the binary links, so a pattern only lint's rules need should not slow
// `skillstudio version` down.
package lazyre

import (
	"errors"
	"fmt"
	"regexp"
	"sync"
)

// Regexp is a regexp.Regexp compiled the first time it is used. The
// expression is a constant of the program: a bad one panics at first use,
// as regexp.MustCompile would at init. Check compiles every one made, so
// a test can catch a bad one without reaching the code that uses it.
type Regexp struct {
	expr string
	get  func() *regexp.Regexp
}

var (
	mu  sync.Mutex
	all []*Regexp
)

// New returns expr, to be compiled when first used.
func New(expr string) *Regexp {
	r := &Regexp{expr: expr, get: sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })}
	mu.Lock()
	all = append(all, r)
	mu.Unlock()
	return r
}

// Check compiles every expression New has been given (in a test binary
// that links the whole program: all of them) and names each that does
// not compile.
func Check() error {
	mu.Lock()
	defer mu.Unlock()
	var errs []error
	for _, r := range all {
		if _, err := regexp.Compile(r.expr); err != nil {
			errs = append(errs, fmt.Errorf("lazyre: %w", err))
		}
	}
	return errors.Join(errs...)
}

// Regexp is the compiled expression.
func (r *Regexp) Regexp() *regexp.Regexp { return r.get() }

// String is the source text of the expression.
func (r *Regexp) String() string { return r.expr }

// Match is regexp.Regexp.Match.
func (r *Regexp) Match(b []byte) bool { return r.get().Match(b) }

// MatchString is regexp.Regexp.MatchString.
func (r *Regexp) MatchString(s string) bool { return r.get().MatchString(s) }

// FindStringIndex is regexp.Regexp.FindStringIndex.
func (r *Regexp) FindStringIndex(s string) []int { return r.get().FindStringIndex(s) }

// FindAllStringIndex is regexp.Regexp.FindAllStringIndex.
func (r *Regexp) FindAllStringIndex(s string, n int) [][]int {
	return r.get().FindAllStringIndex(s, n)
}

// FindStringSubmatch is regexp.Regexp.FindStringSubmatch.
func (r *Regexp) FindStringSubmatch(s string) []string { return r.get().FindStringSubmatch(s) }

// FindStringSubmatchIndex is regexp.Regexp.FindStringSubmatchIndex.
func (r *Regexp) FindStringSubmatchIndex(s string) []int {
	return r.get().FindStringSubmatchIndex(s)
}

// FindSubmatchIndex is regexp.Regexp.FindSubmatchIndex.
func (r *Regexp) FindSubmatchIndex(b []byte) []int { return r.get().FindSubmatchIndex(b) }

// FindAllStringSubmatch is regexp.Regexp.FindAllStringSubmatch.
func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	return r.get().FindAllStringSubmatch(s, n)
}

// ReplaceAllString is regexp.Regexp.ReplaceAllString.
func (r *Regexp) ReplaceAllString(src, repl string) string {
	return r.get().ReplaceAllString(src, repl)
}

// ReplaceAllStringFunc is regexp.Regexp.ReplaceAllStringFunc.
func (r *Regexp) ReplaceAllStringFunc(src string, repl func(string) string) string {
	return r.get().ReplaceAllStringFunc(src, repl)
}
