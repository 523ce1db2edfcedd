package ui

import (
	"path"
	"slices"
	"strings"

	"github.com/skillstudio/skillstudio/sanitize"
)

// placeNamesakes sets where on each entry whose name another entry
// shares: the folders holding its skill folder, after those it shares
// with its nearest namesake. A corpus held four api-design rows alike to
// the last cell; they now read "navikt__syfo-budstikka/.github/skills",
// ".kiro/skills", ".agents/skills" and "skills". Only namesakes are
// visited, and each group is sorted once: a library of one name costs a
// sort, not a comparison of every pair.
func (p *libraryPane) placeNamesakes() {
	var groups map[string][]*Entry
	for _, e := range p.entries {
		if p.nameCount[e.row.name] > 1 {
			if groups == nil {
				groups = map[string][]*Entry{}
			}
			groups[e.row.name] = append(groups[e.row.name], e)
		}
	}
	for _, es := range groups {
		parents := make([][]string, len(es))
		for i, e := range es {
			if dir := path.Dir(e.Skill.Location.Dir); dir != "." && dir != "/" {
				parents[i] = strings.Split(strings.Trim(dir, "/"), "/")
			}
		}
		order := make([]int, len(es))
		for i := range order {
			order[i] = i
		}
		// In folder order the longest shared start of each is with a
		// neighbour.
		slices.SortFunc(order, func(a, b int) int { return slices.Compare(parents[a], parents[b]) })
		for k, i := range order {
			shared := 0
			if k > 0 {
				shared = sharedFolders(parents[i], parents[order[k-1]])
			}
			if k+1 < len(order) {
				shared = max(shared, sharedFolders(parents[i], parents[order[k+1]]))
			}
			es[i].where = placeOf(es[i], parents[i], shared)
		}
	}
}

// placeOf is where for e, whose parent folders are dirs, the first shared
// of them the same as a namesake's.
func placeOf(e *Entry, dirs []string, shared int) string {
	switch {
	case shared < len(dirs):
		return sanitize.Line(matchPrefix(strings.Join(dirs[shared:], "/"), maxMatchName))
	case len(dirs) > 0:
		// The same folder as a namesake's (another source): its last
		// folder, and the source.
		return sanitize.Line(matchPrefix(dirs[len(dirs)-1]+" in "+e.Source, maxMatchName))
	}
	return sanitize.Line(matchPrefix(e.Source, maxMatchName))
}

// sharedFolders counts the folders a and b start with alike.
func sharedFolders(a, b []string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}
