package osloop

import "slices"

// indexKeys are the manifest members CheckIndex reads: the fields the
// index mirrors, and description.
var indexKeys = append(slices.Clone(mirrored), "description")

// ForIndex is the package cut down to what CheckIndex reads: the manifest's
// name, description and compatibility requirements, and of its JSON tree
// only the members the index mirrors (with the source bytes their
// positions and renderings need). A library kept for repeated index checks
// (the studio, lint under model.Options.FindingsOnly) holds this instead of
// every schema and module fact of every package. The kept values are
// copied, so the cut-down tree does not hold on to the whole document's
// nodes (they are allocated together).
func (p *Package) ForIndex() *Package {
	if p == nil {
		return nil
	}
	out := &Package{Dir: p.Dir}
	if p.Manifest != nil {
		out.Manifest = &Manifest{Name: p.Manifest.Name, Description: p.Manifest.Description,
			CompatibilityRequirements: p.Manifest.CompatibilityRequirements}
	}
	if d := p.ManifestDoc; d != nil {
		nd := &Doc{Src: d.Src, lineIndex: d.lineIndex}
		if r := d.Root; r != nil {
			nd.Root = copyIndexMembers(r)
		}
		out.ManifestDoc = nd
	}
	return out
}

// cutForIndex is ForIndex in place, for a package nothing else holds yet
// (Load under FindingsOnly): no copy is made.
func (p *Package) cutForIndex() {
	*p = Package{Dir: p.Dir, Manifest: p.Manifest, ManifestDoc: p.ManifestDoc}
	if m := p.Manifest; m != nil {
		*m = Manifest{Name: m.Name, Description: m.Description, CompatibilityRequirements: m.CompatibilityRequirements}
	}
	if d := p.ManifestDoc; d != nil {
		*d = Doc{Src: d.Src, Root: d.Root, lineIndex: d.lineIndex}
		if r := d.Root; r != nil {
			r.Members = slices.DeleteFunc(r.Members, func(m Member) bool { return !slices.Contains(indexKeys, m.Key) })
			if len(r.Members) == 0 {
				r.Members = nil
			}
		}
	}
}

// copyIndexMembers copies root with only its indexKeys members, their
// values copied deep into slabs sized to fit.
func copyIndexMembers(root *Node) *Node {
	var c treeCopy
	c.count(root, true)
	c.nodes = make([]Node, 0, c.nNodes)
	c.members = make([]Member, 0, c.nMembers)
	c.items = make([]*Node, 0, c.nItems)
	return c.copy(root, true)
}

// treeCopy copies JSON trees into slabs it has counted out first.
type treeCopy struct {
	nNodes, nMembers, nItems int
	nodes                    []Node
	members                  []Member
	items                    []*Node
}

// keep says whether a member of n is copied: at the root (onlyIndex),
// only indexKeys.
func keep(m Member, onlyIndex bool) bool {
	return !onlyIndex || slices.Contains(indexKeys, m.Key)
}

func (c *treeCopy) count(n *Node, onlyIndex bool) {
	c.nNodes++
	c.nItems += len(n.Items)
	for _, it := range n.Items {
		c.count(it, false)
	}
	for _, m := range n.Members {
		if keep(m, onlyIndex) {
			c.nMembers++
			c.count(m.Value, false)
		}
	}
}

// copy copies n. An array's items and an object's members are reserved
// together before their values are copied, so each stays contiguous.
func (c *treeCopy) copy(n *Node, onlyIndex bool) *Node {
	c.nodes = append(c.nodes, *n)
	out := &c.nodes[len(c.nodes)-1]
	out.Items, out.Members = nil, nil
	if len(n.Items) > 0 {
		start := len(c.items)
		c.items = c.items[:start+len(n.Items)]
		for i, it := range n.Items {
			c.items[start+i] = c.copy(it, false)
		}
		out.Items = c.items[start : start+len(n.Items) : start+len(n.Items)]
	}
	kept := 0
	for _, m := range n.Members {
		if keep(m, onlyIndex) {
			kept++
		}
	}
	if kept > 0 {
		start := len(c.members)
		c.members = c.members[:start+kept]
		i := start
		for _, m := range n.Members {
			if keep(m, onlyIndex) {
				c.members[i] = Member{Key: m.Key, KeyStart: m.KeyStart, Value: c.copy(m.Value, false)}
				i++
			}
		}
		out.Members = c.members[start : start+kept : start+kept]
	}
	return out
}
