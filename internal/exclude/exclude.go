// Package exclude matches the paths a search leaves out (the config's
// exclude: and --exclude). Patterns read like .gitignore lines: a pattern
// without a slash matches a name at any depth, one with a slash is
// anchored to the folder it is relative to, a trailing slash matches
// folders only, a leading ! re-includes what an earlier pattern left out
// (the last pattern that matches decides); the globbing itself is
// github.com/bmatcuk/doublestar. As in git, an excluded folder is never
// entered, so nothing below it can be re-included.
package exclude

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// Pattern is one exclude pattern as written, with the folder it is
// relative to (the config file's folder, or the working directory for
// --exclude).
type Pattern struct {
	Glob string
	Dir  string
}

// compiled is a pattern ready to match paths relative to base.
type compiled struct {
	base    string // absolute, slash-separated, cleaned
	glob    string // doublestar pattern over the path relative to base
	prefix  string // glob without a trailing "/**": it matches the folder itself
	dirOnly bool
	negate  bool // !pattern: re-include
}

// Set is a compiled list of patterns. A nil *Set excludes nothing.
type Set struct {
	pats []compiled
	src  []Pattern // as given, for a nested config's set built on this one
	// lastNegate is the index of the last ! pattern, -1 without one.
	// dir/** leaves dir itself out (never entered) only when no later
	// ! pattern could re-include something inside it; before one, it
	// matches what is inside, as in git.
	lastNegate int
}

// Check says what is wrong with a pattern as written, or nil; the config
// reader calls it so a bad pattern is an error at its line and column.
func Check(p string) error {
	_, err := compile(Pattern{Glob: p, Dir: "/"})
	return err
}

func compile(p Pattern) (compiled, error) {
	g := strings.TrimSpace(p.Glob)
	negate := strings.HasPrefix(g, "!")
	g = strings.TrimPrefix(g, "!")
	switch {
	case g == "" && negate:
		return compiled{}, errors.New("a ! pattern names nothing to re-include")
	case g == "":
		return compiled{}, errors.New("an exclude pattern is empty")
	case strings.Contains(g, `\`):
		return compiled{}, errors.New(`patterns use / between folders, not \`)
	}
	c := compiled{dirOnly: strings.HasSuffix(g, "/"), negate: negate}
	g = strings.TrimRight(g, "/")
	anchored := strings.Contains(strings.TrimPrefix(g, "/"), "/") || strings.HasPrefix(g, "/")
	g = strings.TrimPrefix(strings.TrimPrefix(g, "./"), "/")
	if g == "" || g == "." {
		return compiled{}, errors.New("a pattern that names the whole folder would exclude everything")
	}
	for _, part := range strings.Split(g, "/") {
		if part == ".." || part == "." {
			return compiled{}, errors.New("a pattern cannot contain . or .. folders: it is relative to the config file's folder (for --exclude, the working directory) and stays inside it")
		}
	}
	if !doublestar.ValidatePattern(g) {
		return compiled{}, errors.New("not a valid glob (unclosed [ or {?)")
	}
	if len(g) > MaxPatternLen {
		return compiled{}, fmt.Errorf("a pattern is at most %d bytes long", MaxPatternLen)
	}
	if n := braceCombinations(g); n > MaxBraceCombinations {
		// doublestar tries each alternative against every path searched,
		// backtracking: 14 groups of two took 85 ms a path.
		return compiled{}, fmt.Errorf("its {…} groups make %s combinations, at most %d are allowed: split it into several patterns", countOf(n), MaxBraceCombinations)
	}
	if !anchored && !strings.HasPrefix(g, "**/") {
		g = "**/" + g // gitignore: a bare name matches at any depth
	}
	c.glob = g
	if strings.HasSuffix(g, "/**") {
		// dir/** excludes all inside dir: skip dir itself, never enter it.
		c.prefix = strings.TrimSuffix(g, "/**")
	}
	base := filepath.ToSlash(filepath.Clean(p.Dir))
	c.base = strings.TrimSuffix(base, "/")
	return c, nil
}

// Limits on a pattern: a project's config comes with a checkout, and
// matching time grows with the product of a pattern's brace alternatives.
const (
	MaxPatterns          = 256 // each is tried on every path searched
	MaxPatternLen        = 1024
	MaxBraceCombinations = 64
)

// braceCombinations is an upper bound of the alternatives a pattern's
// {a,b} groups spell (nested groups multiplied), saturating past the
// limit; a [ ] class is skipped, its braces being literal.
func braceCombinations(g string) int {
	product, stack := 1, []int(nil)
	for i := 0; i < len(g); i++ {
		switch g[i] {
		case '[':
			if j := strings.IndexByte(g[i+1:], ']'); j >= 0 {
				i += j + 1
			}
		case '{':
			stack = append(stack, 1)
		case ',':
			if len(stack) > 0 {
				stack[len(stack)-1]++
			}
		case '}':
			if len(stack) > 0 {
				product = min(product*stack[len(stack)-1], MaxBraceCombinations+1)
				stack = stack[:len(stack)-1]
			}
		}
	}
	return product
}

func countOf(n int) string {
	if n > MaxBraceCombinations {
		return fmt.Sprintf("more than %d", MaxBraceCombinations)
	}
	return fmt.Sprint(n)
}

// New compiles patterns; the first bad one is an error naming it.
// No patterns give a nil Set, which excludes nothing at no cost.
func New(patterns []Pattern) (*Set, error) {
	if len(patterns) == 0 {
		return nil, nil
	}
	if len(patterns) > MaxPatterns {
		return nil, fmt.Errorf("%d exclude patterns: at most %d (each is tried on every path searched); use folder patterns (fixtures/) that cover several", len(patterns), MaxPatterns)
	}
	s := &Set{pats: make([]compiled, 0, len(patterns)), src: append([]Pattern(nil), patterns...), lastNegate: -1}
	for i, p := range patterns {
		c, err := compile(p)
		if err != nil {
			return nil, errors.New("exclude pattern " + quote(p.Glob) + ": " + err.Error())
		}
		if c.negate {
			s.lastNegate = i
		}
		s.pats = append(s.pats, c)
	}
	return s, nil
}

func quote(s string) string { return `"` + s + `"` }

// Patterns are the patterns s was made of.
func (s *Set) Patterns() []Pattern {
	if s == nil {
		return nil
	}
	return s.src
}

// Excluded says whether abs (an absolute OS path) is left out of the
// search; dir says whether it is a folder. A path outside a pattern's
// folder is never matched by it. The last pattern matching abs decides;
// a folder's own answer does not cover what is inside it (the search
// does not enter an excluded folder, which is what keeps its contents
// out).
func (s *Set) Excluded(abs string, dir bool) bool {
	if s == nil {
		return false
	}
	abs = filepath.ToSlash(abs)
	excluded := false
	for i, c := range s.pats {
		if c.negate != excluded || (c.dirOnly && !dir) {
			continue // it could not change the answer
		}
		rel, ok := within(abs, c.base)
		if !ok {
			continue
		}
		if c.prefix != "" && (c.negate || i < s.lastNegate) {
			// dir/** as git reads it: what is inside dir, not dir (for
			// doublestar a trailing /** also matches dir itself).
			if inside(c.prefix, rel) {
				excluded = !c.negate
			}
			continue
		}
		if m, _ := doublestar.Match(c.glob, rel); m {
			excluded = !c.negate
			continue
		}
		if dir && c.prefix != "" {
			if m, _ := doublestar.Match(c.prefix, rel); m {
				excluded = true
			}
		}
	}
	return excluded
}

// inside: a folder above rel (not rel) matches prefix.
func inside(prefix, rel string) bool {
	for i := len(rel) - 1; i > 0; i-- {
		if rel[i] == '/' {
			if m, _ := doublestar.Match(prefix, rel[:i]); m {
				return true
			}
		}
	}
	return false
}

// within is abs relative to base when abs is strictly inside it.
func within(abs, base string) (string, bool) {
	if base == "" { // the file system root "/"
		return strings.TrimPrefix(abs, "/"), abs != "/"
	}
	if len(abs) <= len(base)+1 || abs[len(base)] != '/' || abs[:len(base)] != base {
		return "", false
	}
	return path.Clean(abs[len(base)+1:]), true
}
