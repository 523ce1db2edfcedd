package skillmd

import (
	"strings"

	"github.com/skillstudio/skillstudio/internal/lazyre"
)

// placeholderPattern matches a frontmatter value that is, whole, a
// generator's unfilled placeholder: {{ NAME }} (Handlebars, Jinja,
// Mustache, Go templates), { { NAME } } (the same after Prettier
// reformatted the YAML), {name} (Python's str.format), <% tp.file.title %>
// (EJS, ERB, Obsidian Templater), ${SKILL_NAME} (envsubst, JS template
// strings), <skill-name> and <!-- what it does --> (fill-in templates).
// Skill repositories keep such templates as templates/SKILL.md beside
// their skills; unfilled, YAML reads the brace forms as mappings and the
// rest as text no agent can route on.
var placeholderPattern = lazyre.New(`^(?:\{\s*\{.*\}\s*\}|\{[A-Za-z_][\w.-]*\}|<%.*%>|\$\{[^{}]+\}|<!--.*-->|<[A-Za-z_][\w .:/|-]*>)$`)

// templatePlaceholder reports whether text, trimmed, is one placeholder.
func templatePlaceholder(text string) bool {
	t := strings.TrimSpace(text)
	return len(t) <= 200 && placeholderPattern.MatchString(t)
}

// placeholderMessage says that field holds the placeholder shown, with
// what YAML made of it when that is not text ("a mapping").
func placeholderMessage(field, shown, readAs string) string {
	if readAs != "" {
		return field + " is the template placeholder " + shown + ", which YAML reads as " + readAs + ": this SKILL.md was never filled in"
	}
	return field + " is the template placeholder " + shown + ": this SKILL.md was never filled in"
}

// placeholderHint says how to fix a placeholder left in field.
func placeholderHint(field string) string {
	return "Write the skill's real " + field + " there. A template a generator fills in is better named SKILL.md.tmpl (or kept out of skill folders), so agents and linters do not take it for a skill."
}
