package xgs

import (
	"fmt"
	"path"
	"strings"

	"github.com/grafana/sobek/ast"
)

// IsSkillImport reports whether an import specifier names another skill
// file: the spec's "Don't import other skills" (each skill mounts in its
// own realm; esbuild would quietly inline a second copy of the other one).
func IsSkillImport(spec string) bool {
	spec = strings.ToLower(strings.TrimSpace(spec))
	if i := strings.IndexAny(spec, "?#"); i >= 0 {
		spec = spec[:i]
	}
	return strings.HasSuffix(spec, ".xgs.js") || strings.HasSuffix(spec, ".xgs")
}

// ImportSkillMessage and ImportSkillHint are the one wording of the
// finding, shared by lint (xgs/import-skill) and the builder, which
// refuses the import with the same text rather than inline it.
func ImportSkillMessage(spec string) string {
	return fmt.Sprintf("importing another skill (%q): skills are not imported, the build would inline a second copy", spec)
}

// ImportSkillHint gives the spec's page-global alternative.
const ImportSkillHint = "Declare `// @require <its @name>` in the header and use it through the page global: " +
	"`const v = window.xgoose?.skills?.<its namespace>; if (!v) throw new Error(\"… skill not loaded\");`."

// ImportOutsideHint is the builder's hint for the same refusal.
const ImportOutsideHint = "A build bundles only files in the skill's folder (and below) and installed packages (node_modules): copy what the skill needs into its folder, or remove the import."

// importLeaves says why an import's path leaves the skill's folder, read
// from its spelling alone: an absolute path, or a relative one climbing
// above the folder (the skill is a file in it, so any net "..").
// Links and resolver settings are the builder's to judge (bundle/confine.go).
func importLeaves(spec string) string {
	s := strings.ReplaceAll(strings.TrimSpace(spec), "\\", "/")
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		s = s[:i]
	}
	switch {
	case strings.HasPrefix(s, "/"), len(s) > 2 && s[1] == ':' && s[2] == '/' && isASCIILetter(s[0]):
		return "is an absolute path"
	case strings.HasPrefix(s, "./") || strings.HasPrefix(s, "../"):
		if c := path.Clean(s); c == ".." || strings.HasPrefix(c, "../") {
			return "climbs out of the skill's folder"
		}
	}
	return ""
}

func isASCIILetter(b byte) bool { return b|0x20 >= 'a' && b|0x20 <= 'z' }

// checkSkillImports reports every import or re-export of a .xgs.js file,
// and every one whose path leaves the skill's folder.
func (p *program) checkSkillImports() {
	for _, st := range p.ast.Body {
		var spec string
		switch st := st.(type) {
		case *ast.ImportDeclaration:
			spec = st.ModuleSpecifier.String()
			if st.FromClause != nil {
				spec = st.FromClause.ModuleSpecifier.String()
			}
		case *ast.ExportDeclaration:
			if st.FromClause != nil {
				spec = st.FromClause.ModuleSpecifier.String()
			}
		default:
			continue
		}
		if IsSkillImport(spec) {
			p.reportNode("xgs/import-skill", st, ImportSkillMessage(spec), ImportSkillHint)
		} else if why := importLeaves(spec); why != "" {
			p.reportNode("xgs/import-outside", st, fmt.Sprintf("import %q %s: the build bundles only files in the skill's folder and installed packages, and refuses it", spec, why), ImportOutsideHint)
		}
	}
}
