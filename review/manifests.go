package review

import (
	"fmt"
	"path"

	"github.com/skillstudio/skillstudio/internal/depmanifest"
	"github.com/skillstudio/skillstudio/internal/typosquat"
)

// scanManifest checks the names a dependency manifest shipped in the
// skill folder names (requirements*.txt, pyproject.toml, Pipfile,
// package.json, Cargo.toml, Gemfile, go.mod): installing the skill's
// dependencies installs them as surely as a written pip install does.
func (r *reviewer) scanManifest(f *source) {
	if depmanifest.Kind(f.rel) == "" {
		return
	}
	for _, d := range depmanifest.Parse(f.rel, []byte(f.text)) {
		match, ok := typosquat.Near(d.Registry, d.Name)
		if !ok {
			continue
		}
		r.report(f, d.Off, "review/typosquat", fmt.Sprintf("%s names the %s package %q, a near miss of the popular %q (%s): a typosquat's usual name.",
			clip(Visible(path.Base(f.rel)), 40), d.Registry, clip(Visible(d.Name), 80), match.Popular, match.How), typosquatHint)
	}
}
