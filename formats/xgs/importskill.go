package xgs

import (
	"fmt"
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

// checkSkillImports reports every import or re-export of a .xgs.js file.
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
		}
	}
}
