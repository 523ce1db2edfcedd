package depmanifest

import (
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"

	"github.com/skillstudio/skillstudio/internal/typosquat"
)

// tomlDeps reads pyproject.toml, Pipfile and Cargo.toml with go-toml's
// position-keeping parser: each expression is a table header or a
// key = value under the last header, and each node knows its bytes.
func tomlDeps(kind string, text []byte) []Dep {
	if tooDeep(text) {
		return nil
	}
	p := &unstable.Parser{}
	p.Reset(text)
	var deps []Dep
	var table []string
	// pending is the dependency a [dependencies.name] header names, kept
	// until its keys say whether it is the registry's (no path or git)
	// and under which name (package = "real").
	var pending *Dep
	flush := func() {
		if pending != nil {
			deps = append(deps, *pending)
			pending = nil
		}
	}
	for p.NextExpression() && len(deps) <= maxDeps {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			flush()
			table = keyOf(e.Key())
			if reg, ok := depTable(kind, table); ok && e.Kind == unstable.Table {
				if n := lastKeyNode(e); n != nil {
					if off, ok := rawAt(p, n, string(n.Data)); ok {
						pending = &Dep{reg, string(n.Data), off}
					}
				}
			}
		case unstable.KeyValue:
			key := keyOf(e.Key())
			if pending != nil && len(key) == 1 {
				switch key[0] {
				case "path", "git", "url", "file", "editable", "workspace":
					pending = nil
				case "package":
					if v := e.Value(); v.Kind == unstable.String {
						if off, ok := rawAt(p, v, string(v.Data)); ok {
							pending.Name, pending.Off = string(v.Data), off
						}
					}
				}
				continue
			}
			full := append(append([]string(nil), table...), key...)
			deps = tomlKeyValue(p, kind, full, e, deps)
		}
	}
	flush()
	return deps
}

// depTable: a header that is one dependency's own table
// ([dependencies.serde], [tool.poetry.dependencies.requests]).
func depTable(kind string, t []string) (typosquat.Registry, bool) {
	if len(t) < 2 {
		return 0, false
	}
	parent := t[:len(t)-1]
	switch {
	case kind == "cargo.toml" && isCargoDeps(parent):
		return typosquat.Crates, true
	case kind == "pyproject.toml" && isPoetryDeps(parent) && t[len(t)-1] != "python":
		return typosquat.PyPI, true
	case kind == "pipfile" && len(t) == 2 && (t[0] == "packages" || t[0] == "dev-packages"):
		return typosquat.PyPI, true
	}
	return 0, false
}

func keyOf(it unstable.Iterator) []string {
	var k []string
	for it.Next() {
		k = append(k, string(it.Node().Data))
	}
	return k
}

// lastKeyNode is the last part of a (dotted) key: the dependency's name
// in [dependencies] serde = "1".
func lastKeyNode(e *unstable.Node) *unstable.Node {
	var last *unstable.Node
	it := e.Key()
	for it.Next() {
		last = it.Node()
	}
	return last
}

func tomlKeyValue(p *unstable.Parser, kind string, key []string, e *unstable.Node, deps []Dep) []Dep {
	n := len(key)
	if n < 2 {
		return deps
	}
	parent, name := strings.Join(key[:n-1], "."), key[n-1]
	switch kind {
	case "pyproject.toml":
		switch {
		case parent == "project" && name == "dependencies",
			parent == "project.optional-dependencies", parent == "dependency-groups",
			parent == "build-system" && name == "requires":
			return pep508Array(p, e.Value(), deps)
		case isPoetryDeps(key[:n-1]) && name != "python":
			return keyDep(p, typosquat.PyPI, e, deps)
		}
	case "pipfile":
		if (parent == "packages" || parent == "dev-packages") && name != "python_version" {
			return keyDep(p, typosquat.PyPI, e, deps)
		}
	case "cargo.toml":
		if isCargoDeps(key[:n-1]) {
			return keyDep(p, typosquat.Crates, e, deps)
		}
	}
	return deps
}

// isPoetryDeps: tool.poetry.dependencies, tool.poetry.dev-dependencies,
// tool.poetry.group.<name>.dependencies.
func isPoetryDeps(t []string) bool {
	if len(t) < 3 || t[0] != "tool" || t[1] != "poetry" {
		return false
	}
	switch len(t) {
	case 3:
		return t[2] == "dependencies" || t[2] == "dev-dependencies"
	case 5:
		return t[2] == "group" && t[4] == "dependencies"
	}
	return false
}

// isCargoDeps: [dependencies], [dev-dependencies], [build-dependencies],
// under [workspace.…] or [target.'cfg(…)'.…].
func isCargoDeps(t []string) bool {
	if len(t) == 0 {
		return false
	}
	switch t[len(t)-1] {
	case "dependencies", "dev-dependencies", "build-dependencies":
	default:
		return false
	}
	return len(t) == 1 || (len(t) == 2 && t[0] == "workspace") || (len(t) == 3 && t[0] == "target")
}

// keyDep reports the dependency a key names, or the package = "real" its
// table renames it to; a path, git or workspace source is not the
// registry's.
func keyDep(p *unstable.Parser, reg typosquat.Registry, e *unstable.Node, deps []Dep) []Dep {
	name := lastKeyNode(e)
	v := e.Value()
	if v.Kind == unstable.InlineTable {
		var renamed *unstable.Node
		it := v.Children()
		for it.Next() {
			kv := it.Node()
			if kv.Kind != unstable.KeyValue {
				continue
			}
			switch k := keyOf(kv.Key()); strings.Join(k, ".") {
			case "path", "git", "url", "file", "editable", "workspace":
				return deps
			case "package":
				if kv.Value().Kind == unstable.String {
					renamed = kv.Value()
				}
			}
		}
		if renamed != nil {
			return stringDep(p, reg, renamed, string(renamed.Data), deps)
		}
	}
	if name == nil {
		return deps
	}
	off, ok := rawAt(p, name, string(name.Data))
	if !ok {
		return deps
	}
	return append(deps, Dep{reg, string(name.Data), off})
}

// pep508Array reports the name of each PEP 508 string of an array.
func pep508Array(p *unstable.Parser, v *unstable.Node, deps []Dep) []Dep {
	if v.Kind != unstable.Array {
		return deps
	}
	it := v.Children()
	for it.Next() {
		s := it.Node()
		if s.Kind != unstable.String {
			continue
		}
		req := string(s.Data)
		if strings.Contains(req, "://") {
			continue
		}
		name, at, ok := pep508Name(req)
		if !ok {
			continue
		}
		if off, ok := rawAt(p, s, req[:at+len(name)]); ok {
			deps = append(deps, Dep{typosquat.PyPI, name, off + at})
		}
	}
	return deps
}

func stringDep(p *unstable.Parser, reg typosquat.Registry, s *unstable.Node, name string, deps []Dep) []Dep {
	if off, ok := rawAt(p, s, name); ok {
		return append(deps, Dep{reg, name, off})
	}
	return deps
}

// rawAt returns the byte offset where the node's text starts with
// prefix, past an opening quote; false when the raw text differs (an
// escape, a multi-line string's first line break).
func rawAt(p *unstable.Parser, n *unstable.Node, prefix string) (int, bool) {
	raw := p.Raw(n.Raw)
	off := int(n.Raw.Offset)
	if len(raw) > 0 && (raw[0] == '"' || raw[0] == '\'') {
		raw, off = raw[1:], off+1
	}
	if !strings.HasPrefix(string(raw), prefix) {
		return 0, false
	}
	return off, true
}

// maxNesting bounds the brackets and braces open at once: go-toml's
// parser recurses once per level, and a million [ overflows Go's stack
// (a fatal error, not a panic). A real manifest nests three or four deep;
// the count includes brackets inside strings, so the bound is generous.
const maxNesting = 256

func tooDeep(text []byte) bool {
	depth := 0
	for _, c := range text {
		switch c {
		case '[', '{':
			if depth++; depth > maxNesting {
				return true
			}
		case ']', '}':
			if depth > 0 {
				depth--
			}
		}
	}
	return false
}
