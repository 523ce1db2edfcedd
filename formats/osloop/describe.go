package osloop

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// describe fills the display side of the skill: Functions, Fields, Body.
func (l *loader) describe() {
	m := l.pkg.Manifest
	if l.pkg.HasDocs {
		l.s.Body = l.pkg.Docs
		l.s.BodyFile = l.file("docs.md")
		l.s.BodyLine = 1
	}
	if m == nil {
		return
	}
	r := l.pkg.ManifestDoc.Root
	d := l.pkg.ManifestDoc

	// execute is how the runtime runs the skill: execute(args, host), args
	// matching inputSchema. Tools are registered on host.tools and called
	// by name with callTool(name, args).
	exec := model.Function{
		Name:       "execute",
		Summary:    m.Description,
		Primary:    true,
		Signature:  fmt.Sprintf("execute(args: %s, host: SkillHostCapabilities): Promise<%s>", tsType(m.InputSchema), tsType(m.OutputSchema)),
		Invocation: fmt.Sprintf("await execute(%s, host)", exampleArgs(m.InputSchema)),
		Input:      m.InputSchema,
		Output:     m.OutputSchema,
	}
	exec.Line, exec.Column = d.Pos(keyAt(r, "inputSchema"))
	l.s.Functions = append(l.s.Functions, exec)
	toolNodes := objects(r.Get("tools"))
	for i, t := range m.Tools {
		f := model.Function{
			Name:       t.Name,
			Summary:    t.Description,
			Signature:  fmt.Sprintf("%s(args: %s): Promise<%s>", t.Name, tsType(t.InputSchema), tsType(t.OutputSchema)),
			Invocation: fmt.Sprintf("await host.tools.callTool(%q, %s)", t.Name, exampleArgs(t.InputSchema)),
			Input:      t.InputSchema,
			Output:     t.OutputSchema,
		}
		if i < len(toolNodes) {
			f.Line, f.Column = d.Pos(toolNodes[i].Start)
		}
		l.s.Functions = append(l.s.Functions, f)
	}
	l.s.Fields = fieldsOf(m)
	if !l.pkg.HasDocs {
		l.s.Body = summaryMarkdown(m)
	}
}

func fieldsOf(m *Manifest) []model.Field {
	var fs []model.Field
	add := func(name, value string) {
		if value != "" {
			fs = append(fs, model.Field{Name: name, Value: value})
		}
	}
	list := func(name string, values []string, empty string) {
		if len(values) == 0 {
			add(name, empty)
			return
		}
		fs = append(fs, model.Field{Name: name, List: values})
	}
	add("name", m.Name)
	add("version", m.Version)
	add("author", m.Author)
	add("executionMode", m.ExecutionMode)
	list("capabilities", m.Capabilities, "")
	if len(m.Permissions) > 0 {
		f := model.Field{Name: "permissions"}
		for _, p := range m.Permissions {
			c := model.Field{Name: p.Kind, Value: joinNonEmpty(" — ", p.Scope, p.Description)}
			if len(p.BrowserPermissions) > 0 {
				c.Children = []model.Field{{Name: "browserPermissions", List: p.BrowserPermissions}}
			}
			f.Children = append(f.Children, c)
		}
		fs = append(fs, f)
	} else {
		add("permissions", "none")
	}
	if len(m.RequiredBindings) > 0 {
		f := model.Field{Name: "requiredBindings"}
		for _, b := range m.RequiredBindings {
			f.Children = append(f.Children, model.Field{Name: b.Name, Value: joinNonEmpty(" — ", b.Kind, b.Scope, b.Description)})
		}
		fs = append(fs, f)
	}
	sb := model.Field{Name: "sandbox"}
	if m.Sandbox.Isolation != "" {
		sb.Children = append(sb.Children, model.Field{Name: "isolation", Value: m.Sandbox.Isolation})
	}
	for _, r := range m.Sandbox.NetworkRules {
		sb.Children = append(sb.Children, model.Field{Name: "networkRule", Value: joinNonEmpty(" ", r.URLPattern, bracket(strings.Join(r.Methods, ", "))), List: nil})
	}
	if len(sb.Children) > 0 {
		fs = append(fs, sb)
	}
	if len(m.LLMUsage) > 0 {
		f := model.Field{Name: "llmUsage"}
		for _, u := range m.LLMUsage {
			v := u.Kind
			if u.EstimatedTokenBudget > 0 {
				v = joinNonEmpty(", ", v, strconv.FormatFloat(u.EstimatedTokenBudget, 'f', -1, 64)+" tokens")
			}
			f.Children = append(f.Children, model.Field{Name: u.PurposeID, Value: joinNonEmpty(" — ", v, u.Description)})
		}
		fs = append(fs, f)
	}
	add("bridgeRequirement", m.BridgeRequirement)
	list("supportedPlatforms", m.SupportedPlatforms, "all")
	add("workspaceSupport", m.WorkspaceSupport)
	if m.WorkspaceSchemaVersion != nil {
		add("workspaceSchemaVersion", *m.WorkspaceSchemaVersion)
	}
	add("longRunningSupport", m.LongRunningSupport)
	add("userInputSupport", strconv.FormatBool(m.UserInputSupport))
	add("artifactVersioningSupport", strconv.FormatBool(m.ArtifactVersioningSupport))
	if ac := m.AgenticConfig; ac.Enabled {
		f := model.Field{Name: "agenticConfig", Children: []model.Field{
			{Name: "requiresWorkspace", Value: strconv.FormatBool(ac.RequiresWorkspace)},
			{Name: "supportsBackgroundExecution", Value: strconv.FormatBool(ac.SupportsBackgroundExecution)},
			{Name: "supportsRoleBasedExecution", Value: strconv.FormatBool(ac.SupportsRoleBasedExecution)},
			{Name: "maxStepsPerRun", Value: numOrNull(ac.MaxStepsPerRun)},
			{Name: "defaultStepBudget", Value: numOrNull(ac.DefaultStepBudget)},
		}}
		fs = append(fs, f)
	}
	list("compatibilityRequirements", m.CompatibilityRequirements, "")
	names := func(name string, n int, get func(int) string) {
		if n == 0 {
			return
		}
		vs := make([]string, n)
		for i := range vs {
			vs[i] = get(i)
		}
		fs = append(fs, model.Field{Name: name, List: vs})
	}
	names("tools", len(m.Tools), func(i int) string { return m.Tools[i].Name })
	names("views", len(m.Views), func(i int) string { return joinNonEmpty(" ", m.Views[i].ViewID, bracket(m.Views[i].Kind)) })
	names("oauth", len(m.OAuth), func(i int) string { return joinNonEmpty(" ", m.OAuth[i].ProviderID, bracket(m.OAuth[i].GrantType)) })
	names("wasm", len(m.Wasm), func(i int) string { return m.Wasm[i].ModuleID })
	list("lifecycleHooks", m.LifecycleHooks, "")
	names("requiredMcpServers", len(m.RequiredMcpServers), func(i int) string { return m.RequiredMcpServers[i].Name })
	names("requiredMcpTools", len(m.RequiredMcpTools), func(i int) string {
		return m.RequiredMcpTools[i].ServerName + "/" + m.RequiredMcpTools[i].ToolName
	})
	add("schemaVersion", m.SchemaVersion)
	return fs
}

func numOrNull(p *float64) string {
	if p == nil {
		return "null"
	}
	return strconv.FormatFloat(*p, 'f', -1, 64)
}

func bracket(s string) string {
	if s == "" {
		return ""
	}
	return "(" + s + ")"
}

func joinNonEmpty(sep string, parts ...string) string {
	var kept []string
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, sep)
}

// schemaNode is the slice of JSON Schema the signature needs.
type schemaNode struct {
	Type       string
	Properties []prop // in written order
	Required   []string
	Items      *schemaNode
	Enum       []string // JSON texts of the values
	Default    string   // JSON text, "" when absent
}

type prop struct {
	Name   string
	Schema schemaNode
}

// parseSchema reads the parts of a schema describe needs from its JSON.
func parseSchema(raw json.RawMessage) (schemaNode, bool) {
	if len(raw) == 0 {
		return schemaNode{}, false
	}
	d, err := ParseJSON(raw)
	if err != nil || d.Root.Kind != KindObject {
		return schemaNode{}, false
	}
	return schemaFromNode(d, d.Root, 0), true
}

func schemaFromNode(d *Doc, n *Node, depth int) schemaNode {
	var s schemaNode
	if n == nil || n.Kind != KindObject || depth > 8 {
		return s
	}
	s.Type = strOf(n.Get("type"))
	s.Required = strsOf(n.Get("required"))
	if e := n.Get("enum"); e != nil && e.Kind == KindArray {
		for _, it := range e.Items {
			s.Enum = append(s.Enum, string(rawOf(d, it)))
		}
	}
	if v := n.Get("default"); v != nil {
		s.Default = string(rawOf(d, v))
	}
	if it := n.Get("items"); it != nil && it.Kind == KindObject {
		sub := schemaFromNode(d, it, depth+1)
		s.Items = &sub
	}
	if ps := n.Get("properties"); ps != nil && ps.Kind == KindObject {
		for _, m := range ps.Members {
			s.Properties = append(s.Properties, prop{m.Key, schemaFromNode(d, m.Value, depth+1)})
		}
	}
	return s
}

// tsType renders a JSON Schema as a TypeScript-ish type, two levels deep.
func tsType(raw json.RawMessage) string {
	s, ok := parseSchema(raw)
	if !ok {
		return "unknown"
	}
	return s.ts(0)
}

func (s schemaNode) ts(depth int) string {
	if len(s.Enum) > 0 && len(s.Enum) <= 6 {
		return strings.Join(s.Enum, " | ")
	}
	t := s.Type
	switch t {
	case "string":
		return "string"
	case "number", "integer":
		return "number"
	case "boolean":
		return "boolean"
	case "null":
		return "null"
	case "array":
		if s.Items == nil {
			return "unknown[]"
		}
		it := s.Items.ts(depth + 1)
		if strings.Contains(it, " | ") {
			it = "(" + it + ")"
		}
		return it + "[]"
	case "object", "":
		if len(s.Properties) == 0 {
			if t == "" {
				return "unknown"
			}
			return "Record<string, unknown>"
		}
		if depth >= 2 {
			return "{…}"
		}
		parts := make([]string, 0, len(s.Properties))
		for _, p := range s.Properties {
			opt := "?"
			for _, r := range s.Required {
				if r == p.Name {
					opt = ""
				}
			}
			parts = append(parts, p.Name+opt+": "+p.Schema.ts(depth+1))
		}
		return "{ " + strings.Join(parts, ", ") + " }"
	}
	return "unknown"
}

// exampleArgs builds a call's argument object from the required
// properties: defaults or enum values when given, placeholders otherwise.
func exampleArgs(raw json.RawMessage) string {
	s, ok := parseSchema(raw)
	if !ok || len(s.Properties) == 0 {
		return "{}"
	}
	var parts []string
	for _, p := range s.Properties {
		required := false
		for _, r := range s.Required {
			required = required || r == p.Name
		}
		if !required {
			continue
		}
		parts = append(parts, p.Name+": "+p.Schema.example())
	}
	if len(parts) == 0 {
		return "{}"
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}

func (s schemaNode) example() string {
	if s.Default != "" {
		return s.Default
	}
	if len(s.Enum) > 0 {
		return s.Enum[0]
	}
	switch s.Type {
	case "string":
		return `"…"`
	case "number", "integer":
		return "0"
	case "boolean":
		return "false"
	case "array":
		return "[]"
	}
	return "{}"
}

// summaryMarkdown is the Body of a skill without docs.md.
func summaryMarkdown(m *Manifest) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", m.Name)
	if m.Description != "" {
		fmt.Fprintf(&b, "%s\n\n", m.Description)
	}
	section := func(title string, raw json.RawMessage) {
		s, ok := parseSchema(raw)
		if !ok || len(s.Properties) == 0 {
			return
		}
		fmt.Fprintf(&b, "## %s\n\n| field | type | required |\n|---|---|---|\n", title)
		for _, p := range s.Properties {
			req := ""
			for _, r := range s.Required {
				if r == p.Name {
					req = "yes"
				}
			}
			fmt.Fprintf(&b, "| `%s` | `%s` | %s |\n", p.Name, strings.ReplaceAll(p.Schema.ts(1), "|", "\\|"), req)
		}
		b.WriteString("\n")
	}
	section("Input", m.InputSchema)
	section("Output", m.OutputSchema)
	if len(m.Permissions) > 0 {
		b.WriteString("## Permissions\n\n")
		for _, p := range m.Permissions {
			fmt.Fprintf(&b, "- **%s** %s\n", p.Kind, joinNonEmpty(" — ", p.Scope, p.Description))
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "## Runtime\n\n- execution mode: %s\n- bridge: %s\n- workspace: %s\n", orDash(m.ExecutionMode), orDash(m.BridgeRequirement), orDash(m.WorkspaceSupport))
	b.WriteString("\n_No docs.md: this summary was built from manifest.json._\n")
	return b.String()
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
