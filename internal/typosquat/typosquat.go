// Package typosquat tells whether a package name a skill installs is a
// near miss of a very popular one in the same registry: one letter added,
// dropped, changed or two swapped (reqeusts, colourama, lodahs), a
// separator added or dropped (crossenv for cross-env), or ASCII letters
// drawn alike (rn for m, 0 for o, 1 for l). The popular names are a small
// embedded list per registry (popular.go); a name on that list, or on the
// list of known honest near names (request beside requests), is never
// reported. Scoped npm names are compared by their scope and popular
// names with a "fixed copy" suffix are combosquats (scope.go).
package typosquat

import "strings"

// Registry is a package registry whose names are compared with its own
// popular names only.
type Registry int

const (
	NPM Registry = iota
	PyPI
	Crates
	Go
	RubyGems
	numRegistries
)

// String names the registry as a user knows it.
func (r Registry) String() string {
	switch r {
	case NPM:
		return "npm"
	case PyPI:
		return "PyPI"
	case Crates:
		return "crates.io"
	case Go:
		return "Go"
	case RubyGems:
		return "RubyGems"
	}
	return "?"
}

// Match is a name found near a popular one.
type Match struct {
	Popular string // the popular name, as the registry lists it
	How     string // "one letter changed", "separator", …
}

// maxName bounds the names compared: a registry name longer than this is
// no typo of a popular one, and the cost stays linear on hostile input.
const maxName = 100

// Near returns the popular package of reg that name imitates, if any.
// A name that is itself popular, or a known honest near name, never is.
func Near(reg Registry, name string) (Match, bool) {
	if reg < 0 || reg >= numRegistries || name == "" || len(name) > maxName {
		return Match{}, false
	}
	key := normalize(reg, name)
	if ns := sets(); ns.popular[reg][key] || ns.honest[reg][key] {
		return Match{}, false
	}
	switch {
	case reg == Go:
		return nearModule(key)
	case reg == NPM && strings.HasPrefix(key, "@"):
		return nearScope(key)
	}
	if m, ok := nearCombo(reg, key); ok {
		return m, true
	}
	return nearName(reg, key)
}

func nearName(reg Registry, key string) (Match, bool) {
	bare, skel := stripSeparators(key), skeleton(key)
	for _, p := range popular[reg] {
		pk := normalize(reg, p)
		switch {
		case len(pk) < minLen:
			// Three-letter names (six, ws, pg) are one edit from
			// too many honest ones.
			continue
		case bare == stripSeparators(pk):
			return Match{p, "a separator added or dropped"}, true
		case skel == skeleton(pk):
			return Match{p, "look-alike letters"}, true
		}
		if how := oneEdit(key, pk); how != "" && (len(pk) >= minEditLen || how == "two letters swapped") {
			return Match{p, how}, true
		}
	}
	return Match{}, false
}

// nearModule compares a Go module path's host/owner/repo with the popular
// ones: the same repository under an owner one edit away, or the popular
// owner with a suffix (boltdb-go/bolt for boltdb/bolt), or the same owner
// with the repository one edit away.
func nearModule(path string) (Match, bool) {
	host, owner, repo, ok := splitModule(path)
	if !ok {
		return Match{}, false
	}
	for _, p := range popular[Go] {
		ph, po, pr, _ := splitModule(strings.ToLower(p))
		if ph != host || (po == owner && pr == repo) {
			continue
		}
		switch {
		case pr == repo && (oneEdit(owner, po) != "" || stripSeparators(owner) == stripSeparators(po)):
			return Match{p, "the owner one letter away"}, true
		case pr == repo && (strings.HasPrefix(owner, po+"-") || strings.HasSuffix(owner, "-"+po)):
			return Match{p, "the owner with a suffix"}, true
		case po == owner && len(pr) >= minEditLen && oneEdit(repo, pr) != "":
			return Match{p, "the repository one letter away"}, true
		}
	}
	return Match{}, false
}

// splitModule splits a module path into host, owner and repository; the
// rest (a major version, a package in it) is ignored.
func splitModule(path string) (host, owner, repo string, ok bool) {
	parts := strings.SplitN(path, "/", 4)
	if len(parts) < 3 || !strings.Contains(parts[0], ".") {
		return "", "", "", false
	}
	return parts[0], parts[1], parts[2], true
}

const (
	// minLen: popular names shorter than this are not compared at all.
	minLen = 4
	// minEditLen: names shorter than this are only compared for two
	// letters swapped (rihc for rich), not for any single edit.
	minEditLen = 5
)

// normalize folds what the registry itself treats as the same name:
// case everywhere but Go paths' case is folded too (proxy paths are
// case-encoded, but a reviewer reads them alike); PyPI folds runs of
// -, _ and . (PEP 503), crates.io - and _.
func normalize(reg Registry, name string) string {
	name = strings.ToLower(name)
	switch reg {
	case PyPI:
		var b strings.Builder
		sep := false
		for i := 0; i < len(name); i++ {
			c := name[i]
			if c == '-' || c == '_' || c == '.' {
				sep = true
				continue
			}
			if sep && b.Len() > 0 {
				b.WriteByte('-')
			}
			sep = false
			b.WriteByte(c)
		}
		return b.String()
	case Crates:
		return strings.ReplaceAll(name, "_", "-")
	}
	return name
}

func stripSeparators(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r == '.' {
			return -1
		}
		return r
	}, s)
}

// skeleton draws ASCII look-alikes the same: rn and m, vv and w, cl and d,
// 0 and o, 1, i and l (already lower case).
var skeletonReplacer = strings.NewReplacer("rn", "m", "vv", "w", "cl", "d", "0", "o", "1", "l", "i", "l")

func skeleton(s string) string { return skeletonReplacer.Replace(s) }

// oneEdit says how a and b differ when they are one edit apart (optimal
// string alignment: a swap of two neighbours counts as one), else "".
func oneEdit(a, b string) string {
	if a == b {
		return ""
	}
	la, lb := len(a), len(b)
	switch {
	case la == lb:
		i := 0
		for i < la && a[i] == b[i] {
			i++
		}
		if a[i+1:] == b[i+1:] {
			return "one letter changed"
		}
		if i+1 < la && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:] {
			return "two letters swapped"
		}
	case la == lb+1:
		if dropOne(a, b) {
			return "one letter added"
		}
	case lb == la+1:
		if dropOne(b, a) {
			return "one letter dropped"
		}
	}
	return ""
}

// dropOne: long with one byte removed is short.
func dropOne(long, short string) bool {
	i := 0
	for i < len(short) && long[i] == short[i] {
		i++
	}
	return long[i+1:] == short[i:]
}
