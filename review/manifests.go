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
	kind := depmanifest.Kind(f.rel)
	if kind == "" {
		return
	}
	r.reportManifestDeps(f, depmanifest.Parse(f.rel, []byte(f.text)))
	if kind != "requirements.txt" {
		return
	}
	// A -r file under another name (base.txt, dev.in) is read as
	// requirements too, one level deep: a file named like a manifest is
	// read on its own.
	for _, inc := range depmanifest.Includes([]byte(f.text)) {
		rel := path.Join(path.Dir(f.rel), inc)
		if inc := r.file(rel); inc != nil && depmanifest.Kind(rel) == "" {
			r.reportManifestDeps(inc, depmanifest.ParseRequirements([]byte(inc.text)))
		}
	}
}

func (r *reviewer) reportManifestDeps(f *source, deps []depmanifest.Dep) {
	for _, d := range deps {
		match, ok := typosquat.Near(d.Registry, d.Name)
		if !ok {
			continue
		}
		r.report(f, d.Off, "review/typosquat", fmt.Sprintf("%s names the %s package %q, a near miss of the popular %q (%s): a typosquat's usual name.",
			clip(Visible(path.Base(f.rel)), 40), d.Registry, clip(Visible(d.Name), 80), match.Popular, match.How), typosquatHint)
	}
}
