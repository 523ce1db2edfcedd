package skillmd

import (
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// TestTemplatePlaceholders: a SKILL.md template left unfilled (a
// generator's templates/SKILL.md) is named for what it is, with the
// placeholder as written, not "must be a string, not a mapping" with the
// hint "Write name as a string".
func TestTemplatePlaceholders(t *testing.T) {
	for _, tc := range []struct {
		frontmatter, rule, shown string
		severity                 model.Severity
	}{
		{"name: { { NAME } }\n", "skillmd/field-type", "{ { NAME } }", model.SeverityError}, // Prettier's reformat of {{NAME}}
		{"name: {{skill_name}}\n", "skillmd/field-type", "{{skill_name}}", model.SeverityError},
		{"name: {name}\n", "skillmd/field-type", "{name}", model.SeverityError},
		{"name: <% tp.file.title | lower %>\n", "skillmd/name", `"<% tp.file.title | lower %>"`, model.SeverityError},
		{"name: ${SKILL_NAME}\n", "skillmd/name", `"${SKILL_NAME}"`, model.SeverityError},
		{"name: <skill-name>\n", "skillmd/name", `"<skill-name>"`, model.SeverityError},
		{"description: { { DESCRIPTION } }\n", "skillmd/field-type", "{ { DESCRIPTION } }", model.SeverityError},
		{"description: <!-- one sentence: what and when -->\n", "skillmd/description", `"<!-- one sentence: what and when -->"`, model.SeverityWarning},
		{"description: \"{{ description }}\"\n", "skillmd/description", `"{{ description }}"`, model.SeverityWarning},
		{"tags: {{TAGS}}\n", "skillmd/tags", "{{TAGS}}", model.SeverityError},
	} {
		s := loadCase(map[string]string{"SKILL.md": md(tc.frontmatter, plainBody)}, "")
		ds := findings(s, tc.rule)
		if len(ds) != 1 || !strings.Contains(ds[0].Message, "template placeholder "+tc.shown) || ds[0].Severity != tc.severity ||
			!strings.Contains(ds[0].Hint, "SKILL.md.tmpl") || ds[0].Line != 2 && ds[0].Line != 3 && ds[0].Line != 4 {
			t.Errorf("%q: %v", tc.frontmatter, s.Diagnostics)
		}
	}
	// Text that only holds a placeholder among other words is a description.
	for _, fm := range []string{
		"description: Renders {{ handlebars }} partials. Use when editing .hbs files.\n",
		"description: Expands ${VARS} in config files. Use when templating env files.\n",
		"description: Reads <input> files and writes reports. Use when asked.\n",
	} {
		s := loadCase(map[string]string{"SKILL.md": md(fm, plainBody)}, "")
		if ds := findings(s, "skillmd/description"); len(ds) != 0 {
			t.Errorf("%q: %v", fm, ds)
		}
	}
}

func FuzzTemplatePlaceholder(f *testing.F) {
	for _, s := range []string{"{{ x }}", "{ { X } }", "<% a %>", "${A}", "<!-- c -->", "<a>", "{a}", "plain", strings.Repeat("{", 300)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if templatePlaceholder(s) && len(strings.TrimSpace(s)) > 200 {
			t.Fatalf("matched an over-long value %q", s)
		}
	})
}
