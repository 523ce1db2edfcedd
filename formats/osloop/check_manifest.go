package osloop

import (
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/skillstudio/skillstudio/internal/semverstrict"

	"github.com/skillstudio/skillstudio/internal/lazyre"
)

// slugPattern is the spec's slug rule (Contribution Guidelines). It runs
// over a field value, not over source.
var slugPattern = lazyre.New(`^[a-z][a-z0-9-]*$`)

// checkManifest runs the manifest rules that look at manifest.json alone.
func (l *loader) checkManifest() {
	d := l.pkg.ManifestDoc
	r := d.Root
	m := l.pkg.Manifest
	l.s.Diagnostics = checkShape(d, l.s.Location.File, r, manifestShape, manifestRules, l.s.Diagnostics)

	if n := r.Get("schemaVersion"); n != nil && n.Kind == KindString && n.Str != "2.0" {
		l.at(n.Start, "osloop/schema-version", fmt.Sprintf("schemaVersion is %q; the only version is \"2.0\"", n.Str), `Set "schemaVersion": "2.0" and update the manifest to the v2.0 fields.`)
	}
	if n := r.Get("version"); n != nil && n.Kind == KindString {
		if _, err := semverstrict.Parse(n.Str); err != nil {
			l.at(n.Start, "osloop/version", fmt.Sprintf("version %q is not strict semver", n.Str), "Write major.minor.patch, e.g. \"1.0.0\" (no leading v, all three parts).")
		}
	}
	l.checkName()
	l.checkSchemas()
	l.checkWorkspace()
	l.checkAgentic()
	l.checkExecutionModel()
	l.checkBridge()
	l.checkDuplicateIDs()
	l.checkOAuth()
	for i, b := range objects(r.Get("requiredBindings")) {
		if k := b.Get("kind"); k != nil && k.Kind == KindString && !slices.Contains(secretKinds, k.Str) {
			l.at(k.Start, "osloop/secret-kind", fmt.Sprintf("requiredBindings[%d].kind is %q", i, k.Str),
				"Use one of "+strings.Join(secretKinds, ", ")+suggest(k.Str, secretKinds)+".")
		}
	}
	_ = m
}

func (l *loader) checkName() {
	r := l.pkg.ManifestDoc.Root
	n := r.Get("name")
	if n == nil || n.Kind != KindString {
		return
	}
	folder := pathBase(l.dir)
	switch {
	case !slugPattern.MatchString(n.Str):
		l.at(n.Start, "osloop/name", fmt.Sprintf("name %q is not a kebab-case slug", n.Str), "Use lowercase letters, digits and hyphens, starting with a letter (^[a-z][a-z0-9-]*$).")
	case folder != "." && folder != n.Str && l.inSkillsDirectory():
		l.at(n.Start, "osloop/name", fmt.Sprintf("name %q differs from the folder name %q", n.Str, folder), "Rename the folder or the skill so they match: the runtime fetches {skillsDirectory}/{name}/.")
	}
}

// inSkillsDirectory: the folder sits where the runtime resolves skills by
// slug — a folder named "skills" or one holding index.json. Elsewhere
// (the official repo's examples/, a package on its own) the runtime never
// fetches by folder name, so name and folder may differ.
func (l *loader) inSkillsDirectory() bool {
	parent := path.Dir(l.dir)
	if pathBase(parent) == "skills" {
		return true
	}
	_, err := fs.Stat(l.fsys, path.Join(parent, "index.json"))
	return err == nil
}

func pathBase(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}

// checkSchemas: input/output schemas (and each tool's) are objects at the
// root and compile.
func (l *loader) checkSchemas() {
	r := l.pkg.ManifestDoc.Root
	check := func(owner *Node, key, where string) {
		n := owner.Get(key)
		if n == nil || n.Kind != KindObject {
			return
		}
		if t := n.Get("type"); t == nil || t.Kind != KindString || t.Str != "object" {
			l.at(valueAt(n, "type"), "osloop/schema-root", fmt.Sprintf("%s's root type is not \"object\"", where),
				`Set "type": "object" at the schema's root and list the fields under "properties".`)
		}
		if p := checkSchemaNode(l.pkg.ManifestDoc, n); p != nil {
			l.at(p.at(n).Start, "osloop/schema-invalid", fmt.Sprintf("%s is not a valid JSON Schema%s: %s", where, p.where(), p.msg), "Fix the schema keyword named in the message.")
		}
	}
	check(r, "inputSchema", "inputSchema")
	check(r, "outputSchema", "outputSchema")
	for i, t := range objects(r.Get("tools")) {
		check(t, "inputSchema", fmt.Sprintf("tools[%d].inputSchema", i))
		check(t, "outputSchema", fmt.Sprintf("tools[%d].outputSchema", i))
	}
}

// checkWorkspace: workspaceSchemaVersion is semver exactly when workspaces
// are used, null when not.
func (l *loader) checkWorkspace() {
	r := l.pkg.ManifestDoc.Root
	m := l.pkg.Manifest
	wsv := r.Get("workspaceSchemaVersion")
	switch m.WorkspaceSupport {
	case "optional", "required":
		if wsv == nil || wsv.Kind == KindNull {
			l.at(valueAt(r, "workspaceSchemaVersion"), "osloop/workspace-schema-version",
				fmt.Sprintf("workspaceSupport is %q but workspaceSchemaVersion is not set", m.WorkspaceSupport),
				`Declare the version of the workspace state's shape, e.g. "workspaceSchemaVersion": "1.0.0".`)
		} else if wsv.Kind == KindString {
			if _, err := semverstrict.Parse(wsv.Str); err != nil {
				l.at(wsv.Start, "osloop/workspace-schema-version", fmt.Sprintf("workspaceSchemaVersion %q is not semver", wsv.Str), `Write major.minor.patch, e.g. "1.0.0".`)
			}
		}
	case "none":
		if wsv != nil && wsv.Kind == KindString {
			l.at(wsv.Start, "osloop/workspace-schema-version", "workspaceSchemaVersion is set but workspaceSupport is \"none\"",
				`Use null when the skill does not use workspaces, or set workspaceSupport.`)
		}
	}
}

func (l *loader) checkAgentic() {
	r := l.pkg.ManifestDoc.Root
	m := l.pkg.Manifest
	ac := r.Get("agenticConfig")
	if ac == nil || ac.Kind != KindObject {
		return
	}
	cfg := m.AgenticConfig
	enabled := ac.Get("enabled")
	switch m.ExecutionMode {
	case "agentic":
		if enabled != nil && enabled.Kind == KindBool && !cfg.Enabled {
			l.at(enabled.Start, "osloop/agentic-config", "executionMode is \"agentic\" but agenticConfig.enabled is false", `Set "enabled": true, or change executionMode.`)
		}
		if cfg.Enabled && (cfg.MaxStepsPerRun == nil || cfg.DefaultStepBudget == nil) {
			l.at(ac.Start, "osloop/agentic-limits", "agenticConfig leaves maxStepsPerRun or defaultStepBudget null",
				"Set a hard step limit (maxStepsPerRun) and a soft budget (defaultStepBudget) that fit the skill.")
		}
	case "declarative", "flow":
		if cfg.Enabled {
			l.at(enabled.Start, "osloop/agentic-config", fmt.Sprintf("agenticConfig.enabled is true but executionMode is %q", m.ExecutionMode),
				`Set "enabled": false, or executionMode "agentic".`)
		} else {
			for _, k := range []string{"requiresWorkspace", "supportsBackgroundExecution", "supportsRoleBasedExecution", "maxStepsPerRun", "defaultStepBudget"} {
				if v := ac.Get(k); v != nil && (v.Kind == KindBool && v.Bool || v.Kind == KindNumber) {
					l.at(v.Start, "osloop/agentic-zero", fmt.Sprintf("agenticConfig.%s is set on a %s skill", k, m.ExecutionMode),
						"For non-agentic skills, keep every agenticConfig field at its zero value (false or null).")
				}
			}
		}
	}
	if cfg.RequiresWorkspace && m.WorkspaceSupport != "" && m.WorkspaceSupport != "required" {
		l.at(valueAt(ac, "requiresWorkspace"), "osloop/agentic-config",
			fmt.Sprintf("agenticConfig.requiresWorkspace is true but workspaceSupport is %q", m.WorkspaceSupport), `Set workspaceSupport to "required".`)
	}
}

func (l *loader) checkExecutionModel() {
	r := l.pkg.ManifestDoc.Root
	m := l.pkg.Manifest
	switch m.ExecutionMode {
	case "declarative":
		if m.UserInputSupport {
			l.at(valueAt(r, "userInputSupport"), "osloop/execution-model", "a declarative skill cannot request user input (host.run is not available to it)",
				`Set userInputSupport to false, or use executionMode "flow".`)
		}
	case "agentic":
		if m.WorkspaceSupport == "none" {
			l.at(valueAt(r, "workspaceSupport"), "osloop/execution-model", "an agentic skill without workspace support has nowhere to keep its state between steps",
				`Set workspaceSupport to "optional" or "required".`)
		}
		if m.LongRunningSupport == "none" {
			l.at(valueAt(r, "longRunningSupport"), "osloop/execution-model", "an agentic skill declares no long-running support",
				`Set longRunningSupport to "optional" or "required".`)
		}
	}
	if m.LongRunningSupport == "required" && m.WorkspaceSupport == "none" {
		l.at(valueAt(r, "longRunningSupport"), "osloop/execution-model", "longRunningSupport is \"required\" but workspaceSupport is \"none\"",
			`Long runs resume from workspace state: set workspaceSupport to "optional" or "required".`)
	}
}

func (l *loader) checkBridge() {
	r := l.pkg.ManifestDoc.Root
	m := l.pkg.Manifest
	compat := r.Get("compatibilityRequirements")
	if compat != nil && compat.Kind == KindArray {
		for _, it := range compat.Items {
			if it.Kind != KindString {
				continue
			}
			v := it.Str
			switch {
			case !slices.Contains(bridgeCapabilities, v) && !slices.Contains(browserCapabilites, v):
				l.at(it.Start, "osloop/compatibility", fmt.Sprintf("compatibilityRequirements has %q, which the spec does not list", v),
					"Use a listed value"+suggest(v, append(append([]string{}, bridgeCapabilities...), browserCapabilites...))+"; the web app may refuse unknown ones.")
			case v == "system_tools" && m.BridgeRequirement != "" && m.BridgeRequirement != "required":
				l.at(it.Start, "osloop/bridge", fmt.Sprintf("system_tools needs bridgeRequirement \"required\", not %q", m.BridgeRequirement),
					`Set "bridgeRequirement": "required": commands only run through the bridge.`)
			case slices.Contains(bridgeCapabilities, v) && m.BridgeRequirement == "never":
				l.at(it.Start, "osloop/bridge", fmt.Sprintf("%s is a bridge capability but bridgeRequirement is \"never\"", v),
					`Set bridgeRequirement to "required" (or "optional" if the capability only enhances the skill).`)
			}
		}
	}
	if m.BridgeRequirement == "required" {
		if !slices.Contains(m.CompatibilityRequirements, "system_tools") && !hasBridgeCapability(m.CompatibilityRequirements) {
			l.at(valueAt(r, "compatibilityRequirements"), "osloop/bridge-declaration", "bridgeRequirement is \"required\" but compatibilityRequirements names no bridge capability",
				`Add the capability the skill needs from the bridge, usually "system_tools".`)
		}
		if p := r.Get("supportedPlatforms"); p != nil && p.Kind == KindArray && len(p.Items) == 0 {
			l.at(p.Start, "osloop/bridge-declaration", "a bridge-required skill lists no supportedPlatforms",
				`List the platforms its commands work on, e.g. ["macos", "linux"].`)
		}
	}
}

func hasBridgeCapability(compat []string) bool {
	for _, c := range compat {
		if slices.Contains(bridgeCapabilities, c) {
			return true
		}
	}
	return false
}

// checkDuplicateIDs: ids meant to be unique within their list.
func (l *loader) checkDuplicateIDs() {
	r := l.pkg.ManifestDoc.Root
	for _, list := range []struct{ field, id string }{
		{"llmUsage", "purposeId"}, {"tools", "name"}, {"views", "viewId"}, {"wasm", "moduleId"},
		{"oauth", "providerId"}, {"requiredBindings", "name"}, {"permissions", ""},
	} {
		if list.id == "" {
			continue
		}
		seen := map[string]bool{}
		for _, it := range objects(r.Get(list.field)) {
			v := it.Get(list.id)
			if v == nil || v.Kind != KindString {
				continue
			}
			if seen[v.Str] {
				l.at(v.Start, "osloop/duplicate-id", fmt.Sprintf("%s has two entries with %s %q", list.field, list.id, v.Str),
					"Merge the two entries or give one a different id.")
			}
			seen[v.Str] = true
		}
	}
}

func (l *loader) checkOAuth() {
	r := l.pkg.ManifestDoc.Root
	m := l.pkg.Manifest
	bindings := map[string]bool{}
	for _, b := range m.RequiredBindings {
		bindings[b.Name] = true
	}
	providers := map[string]bool{}
	for _, p := range m.OAuth {
		providers[p.ProviderID] = true
	}
	for i, p := range objects(r.Get("oauth")) {
		for _, k := range []string{"clientIdBinding", "clientSecretBinding"} {
			if v := p.Get(k); v != nil && v.Kind == KindString && v.Str != "" && !bindings[v.Str] {
				l.at(v.Start, "osloop/oauth-binding", fmt.Sprintf("oauth[%d].%s names %q, which is not a requiredBinding", i, k, v.Str),
					fmt.Sprintf("Add a requiredBinding named %q or fix the name.", v.Str))
			}
		}
	}
	for i, b := range objects(r.Get("requiredBindings")) {
		if v := b.Get("oauthProviderId"); v != nil && v.Kind == KindString && v.Str != "" && !providers[v.Str] {
			l.at(v.Start, "osloop/oauth-binding", fmt.Sprintf("requiredBindings[%d].oauthProviderId names %q, which is not an oauth providerId", i, v.Str),
				fmt.Sprintf("Add an oauth entry with providerId %q or fix the name.", v.Str))
		}
	}
}
