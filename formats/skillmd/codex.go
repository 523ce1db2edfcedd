package skillmd

import (
	"fmt"
	"slices"
	"strings"

	"github.com/skillstudio/skillstudio/internal/lazyre"
	"github.com/skillstudio/skillstudio/model"
	"gopkg.in/yaml.v3"
)

// Codex reads UI metadata for a skill from agents/openai.yaml beside
// SKILL.md: interface (display name, short description, icons, brand
// colour, default prompt), dependencies (tools such as MCP servers) and
// policy (whether the model may invoke the skill on its own).

const codexFile = "agents/openai.yaml"

var (
	codexSections  = []string{"interface", "dependencies", "policy"}
	codexInterface = []string{"display_name", "short_description", "icon_small", "icon_large", "brand_color", "default_prompt"}
	codexTool      = []string{"type", "value", "description", "transport", "url", "command", "args"}
	codexPolicy    = []string{"allow_implicit_invocation"}
	hexColour      = lazyre.New(`^#(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$`)
)

// codexChecker reports findings in agents/openai.yaml.
type codexChecker struct {
	*checker
	file  string
	lines *lineIndex
}

func (cc *codexChecker) at(n *yaml.Node, id, msg, hint string) {
	line, col := 1, 1
	if n != nil && n.Line > 0 {
		line, col = n.Line, cc.lines.byteColumn(n.Line, n.Column)
	}
	cc.reportIn(cc.file, id, line, col, msg, hint)
}

// checkCodex reads agents/openai.yaml when the profile is codex or all.
func (c *checker) checkCodex() {
	if !c.fileSet[codexFile] {
		return
	}
	if c.profile != model.ProfileAll && c.profile != model.ProfileCodex {
		return
	}
	file := c.inDir(codexFile)
	data, _, err := readCapped(c.fsys, file, maxLinkedBytes)
	if err != nil {
		c.reportIn(file, "skillmd/codex-config", 1, 1, "cannot read agents/openai.yaml: "+err.Error(), "Check the file's permissions.")
		return
	}
	data, _ = sanitizeUTF8(data)
	cc := &codexChecker{checker: c, file: file, lines: newLineIndex(data)}
	doc, err := decodeYAML(data)
	if err != nil {
		line := 1
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		if m := yamlErrLine.FindStringSubmatch(msg); m != nil {
			fmt.Sscanf(m[1], "%d", &line)
			msg = m[2]
		}
		c.reportIn(file, "skillmd/codex-config", line, 1, "agents/openai.yaml is not valid YAML: "+msg, "Fix the YAML syntax (quote values with special characters).")
		return
	}
	if doc == nil || len(doc.Content) == 0 {
		return
	}
	root := resolve(doc.Content[0])
	c.doc.OpenAI = root
	if root.Kind != yaml.MappingNode {
		cc.at(root, "skillmd/codex-config", "agents/openai.yaml must be a mapping (interface:, dependencies:, policy:)", "Start with interface: and its fields.")
		return
	}
	cc.keys(root, "", codexSections)
	if iface := mapGet(root, "interface"); iface != nil {
		cc.checkInterface(iface)
	}
	if deps := mapGet(root, "dependencies"); deps != nil {
		cc.checkDependencies(deps)
	}
	if pol := mapGet(root, "policy"); pol != nil {
		if cc.mapping(pol, "policy") {
			cc.keys(pol, "policy.", codexPolicy)
			if v := mapGet(pol, "allow_implicit_invocation"); v != nil && !isBool(v) {
				cc.at(v, "skillmd/codex-config", "policy.allow_implicit_invocation must be true or false", "Write true or false without quotes.")
			}
		}
	}
}

func (cc *codexChecker) mapping(n *yaml.Node, name string) bool {
	if n.Kind != yaml.MappingNode {
		cc.at(n, "skillmd/codex-config", name+" must be a mapping", "Indent its fields under "+name+":.")
		return false
	}
	return true
}

func (cc *codexChecker) keys(m *yaml.Node, prefix string, known []string) {
	mapPairs(m, func(k, _ *yaml.Node) {
		if !slices.Contains(known, k.Value) {
			cc.at(k, "skillmd/codex-config", fmt.Sprintf("unknown key %s%s in agents/openai.yaml", prefix, k.Value),
				fmt.Sprintf("Known keys here: %s.", strings.Join(known, ", ")))
		}
	})
}

func (cc *codexChecker) checkInterface(iface *yaml.Node) {
	if !cc.mapping(iface, "interface") {
		return
	}
	cc.keys(iface, "interface.", codexInterface)
	mapPairs(iface, func(k, v *yaml.Node) {
		if !slices.Contains(codexInterface, k.Value) {
			return
		}
		if !isScalar(v) {
			cc.at(v, "skillmd/codex-config", fmt.Sprintf("interface.%s must be a string", k.Value), "Write it as one quoted string.")
			return
		}
		switch k.Value {
		case "brand_color":
			if !hexColour.MatchString(v.Value) {
				cc.at(v, "skillmd/codex-config", fmt.Sprintf("interface.brand_color %q is not a hex colour", v.Value), "Write it like \"#3B82F6\".")
			}
		case "icon_small", "icon_large":
			rel, ok := insideSkill(v.Value)
			if ok {
				if cc.iconFiles == nil {
					cc.iconFiles = map[string]bool{}
				}
				cc.iconFiles[rel] = true
			}
			if !ok || !cc.exists(rel) {
				cc.at(v, "skillmd/codex-icon", fmt.Sprintf("interface.%s %q: no such file in the skill", k.Value, v.Value),
					"Add the image (e.g. under assets/) or fix the path, relative to the skill folder.")
			}
		}
	})
}

func (cc *codexChecker) checkDependencies(deps *yaml.Node) {
	if !cc.mapping(deps, "dependencies") {
		return
	}
	cc.keys(deps, "dependencies.", []string{"tools"})
	tools := mapGet(deps, "tools")
	if tools == nil {
		return
	}
	if tools.Kind != yaml.SequenceNode {
		cc.at(tools, "skillmd/codex-config", "dependencies.tools must be a list", "Write each tool as - type: mcp, value: …")
		return
	}
	for _, t := range tools.Content {
		t = resolve(t)
		if !cc.mapping(t, "each dependencies.tools entry") {
			continue
		}
		cc.keys(t, "dependencies.tools[].", codexTool)
		if mapGet(t, "type") == nil || mapGet(t, "value") == nil {
			cc.at(t, "skillmd/codex-config", "a dependencies.tools entry needs type and value", "Write e.g. type: \"mcp\", value: \"server-name\".")
		}
	}
}
