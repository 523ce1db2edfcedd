package skillmd

import (
	"slices"
	"strconv"

	"github.com/skillstudio/skillstudio/model"
	"gopkg.in/yaml.v3"
)

// maxAliasDepth stops alias chains (and any cycle yaml.v3 might let
// through) from looping.
const maxAliasDepth = 16

// resolve follows aliases to the node they name.
func resolve(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < maxAliasDepth; i++ {
		n = n.Alias
	}
	return n
}

// mapGet returns the value of key in a mapping node (the first one when
// the key repeats), or nil.
func mapGet(m *yaml.Node, key string) *yaml.Node {
	m = resolve(m)
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return resolve(m.Content[i+1])
		}
	}
	return nil
}

// mapPairs calls fn for each key and (alias-resolved) value of a mapping,
// in written order.
func mapPairs(m *yaml.Node, fn func(k, v *yaml.Node)) {
	m = resolve(m)
	if m == nil || m.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		fn(m.Content[i], resolve(m.Content[i+1]))
	}
}

func isScalar(n *yaml.Node) bool { return n != nil && n.Kind == yaml.ScalarNode }

func isNull(n *yaml.Node) bool {
	return n == nil || (n.Kind == yaml.ScalarNode && n.Tag == "!!null")
}

// scalarText is a scalar's value ("" for null or a non-scalar).
func scalarText(n *yaml.Node) string {
	if !isScalar(n) || n.Tag == "!!null" {
		return ""
	}
	return n.Value
}

func isBool(n *yaml.Node) bool { return isScalar(n) && n.Tag == "!!bool" }

func isNumber(n *yaml.Node) bool {
	return isScalar(n) && (n.Tag == "!!int" || n.Tag == "!!float")
}

// isText says whether a scalar is a string to YAML: a bare 123, true or
// 2024-01-01 is a number, boolean or date, which skills-ref (js-yaml)
// rejects wherever the standard asks for a string.
func isText(n *yaml.Node) bool { return isScalar(n) && n.ShortTag() == "!!str" }

// stringList reads a string or a list of scalars; ok is false for any
// other shape, and for a lone number, boolean or date.
func stringList(n *yaml.Node) (items []string, nodes []*yaml.Node, ok bool) {
	n = resolve(n)
	switch {
	case n == nil:
		return nil, nil, false
	case n.Kind == yaml.ScalarNode:
		if !isText(n) && !isNull(n) {
			return nil, nil, false
		}
		return []string{scalarText(n)}, []*yaml.Node{n}, true
	case n.Kind == yaml.SequenceNode:
		for _, it := range n.Content {
			it = resolve(it)
			if !isScalar(it) {
				return nil, nil, false
			}
			items = append(items, scalarText(it))
			nodes = append(nodes, it)
		}
		return items, nodes, true
	}
	return nil, nil, false
}

// fieldTable turns the frontmatter into the ordered table the studio's
// Info tab shows: scalars as Value, lists of scalars as List, mappings and
// lists of mappings as Children.
func fieldTable(m *yaml.Node) []model.Field {
	budget := maxFields
	return tableOf(m, 0, &budget)
}

// fieldsNamed is the field table of m's top-level fields called one of
// names, in the order m holds them.
func fieldsNamed(m *yaml.Node, names []string) []model.Field {
	var out []model.Field
	budget := maxFields
	mapPairs(m, func(k, v *yaml.Node) {
		if slices.Contains(names, k.Value) {
			out = append(out, fieldOf(k.Value, v, 0, &budget))
		}
	})
	return out
}

// maxFields bounds the fields one table holds: aliases let a few lines of
// YAML name billions of values (nine anchors, each a list of nine
// aliases of the one before, took the studio past 8 GB).
const maxFields = 10_000

func tableOf(m *yaml.Node, depth int, budget *int) []model.Field {
	var out []model.Field
	if m != nil && m.Kind == yaml.MappingNode && len(m.Content) >= 2 {
		out = make([]model.Field, 0, len(m.Content)/2) // the fields in one allocation
	}
	mapPairs(m, func(k, v *yaml.Node) {
		out = append(out, fieldOf(k.Value, v, depth, budget))
	})
	return out
}

func fieldOf(name string, v *yaml.Node, depth int, budget *int) model.Field {
	f := model.Field{Name: name}
	if *budget <= 0 {
		f.Value = "…"
		return f
	}
	*budget--
	if v == nil || depth > maxAliasDepth {
		return f
	}
	switch v.Kind {
	case yaml.ScalarNode:
		f.Value = scalarText(v)
	case yaml.MappingNode:
		f.Children = tableOf(v, depth+1, budget)
	case yaml.SequenceNode:
		if items, _, ok := stringList(v); ok {
			f.List = items
			*budget -= len(items)
			break
		}
		for i, it := range v.Content {
			if *budget <= 0 {
				f.Children = append(f.Children, model.Field{Name: "…"})
				break
			}
			f.Children = append(f.Children, fieldOf(strconv.Itoa(i+1), resolve(it), depth+1, budget))
		}
	}
	return f
}
