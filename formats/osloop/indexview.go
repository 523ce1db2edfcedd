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
// every schema and module fact of every package.
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
			root := &Node{Kind: r.Kind, Start: r.Start, End: r.End}
			for _, m := range r.Members {
				if slices.Contains(indexKeys, m.Key) {
					root.Members = append(root.Members, m)
				}
			}
			nd.Root = root
		}
		out.ManifestDoc = nd
	}
	return out
}
