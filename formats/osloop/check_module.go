package osloop

import (
	"fmt"
	"slices"
	"strings"
)

// hostPermission maps a host capability to the permission kind it needs.
var hostPermission = map[string]string{
	"llm": "llm", "network": "network", "vault": "vault", "storage": "storage", "wasm": "wasm", "filesystem": "filesystem",
}

// modAt reports a finding in module.ts at byte offset off.
func (l *loader) modAt(off int, id, msg, hint string) {
	line, col := l.pkg.Module.Pos(off)
	l.add(id, l.file("module.ts"), line, col, msg, hint)
}

// checkModule cross-checks module.ts facts against the manifest.
func (l *loader) checkModule() {
	mod := l.pkg.Module
	if mod == nil {
		return
	}
	m := l.pkg.Manifest
	r := l.pkg.ManifestDoc.Root

	exec := mod.Export("execute")
	switch {
	case exec == nil:
		l.add("osloop/execute-export", l.file("module.ts"), 1, 1, "module.ts does not export execute",
			"Add `export async function execute(args: Record<string, unknown>, host: SkillHostCapabilities): Promise<unknown>`.")
	case exec.EmptyBody:
		l.modAt(exec.Off, "osloop/stub", "execute has an empty body", "Implement the skill: the spec does not accept stubs.")
	}

	// LLM purposes.
	declared := map[string]bool{}
	for _, u := range m.LLMUsage {
		declared[u.PurposeID] = true
	}
	reported := map[string]bool{}
	used := map[string]bool{}
	dynamic := false
	for _, c := range mod.LLMCalls {
		if c.Dynamic {
			dynamic = true
			if len(m.LLMUsage) == 0 && !reported[""] {
				reported[""] = true
				l.modAt(c.Off, "osloop/llm-purpose", "host.llm.complete is called but the manifest declares no llmUsage",
					"Declare each purpose the skill uses in llmUsage (purposeId, kind, description).")
			}
		}
	}
	refs := append(append([]Ref{}, purposeRefsOfCalls(mod)...), mod.PurposeRefs...)
	for _, ref := range refs {
		used[ref.Value] = true
		if !declared[ref.Value] && !reported[ref.Value] {
			reported[ref.Value] = true
			l.modAt(ref.Off, "osloop/llm-purpose", fmt.Sprintf("purposeId %q is not declared in llmUsage", ref.Value),
				fmt.Sprintf("Add {\"purposeId\": %q, \"kind\": …} to llmUsage%s.", ref.Value, suggest(ref.Value, keys(declared))))
		}
	}
	if !dynamic {
		for i, u := range objects(r.Get("llmUsage")) {
			id := strOf(u.Get("purposeId"))
			if id != "" && !used[id] {
				l.at(valueAt(u, "purposeId"), "osloop/llm-purpose-unused", fmt.Sprintf("llmUsage[%d] purposeId %q is never used by module.ts", i, id),
					"Remove the declaration, or use it in a host.llm.complete call.")
			}
		}
	}

	// Network rules.
	for _, f := range mod.Fetches {
		if f.Dynamic {
			if len(m.Sandbox.NetworkRules) == 0 {
				l.modAt(f.Off, "osloop/network-rule", "the module fetches a computed URL but sandbox.networkRules is empty, so every request is refused",
					`Add a sandbox.networkRules entry whose urlPattern covers the URLs, e.g. "https://api.example.com/*".`)
			}
			continue
		}
		if !coveredByRules(f, m.Sandbox.NetworkRules) {
			shown := f.URL
			if f.Prefix {
				shown += "…"
			}
			l.modAt(f.Off, "osloop/network-rule", fmt.Sprintf("%s is not covered by any sandbox.networkRules urlPattern", shown),
				fmt.Sprintf("Add a networkRules entry such as {\"urlPattern\": %q, \"methods\": [\"GET\"]}.", suggestPattern(f.URL)))
		}
	}

	// Permissions and execution model against host uses.
	kinds := map[string]bool{}
	for _, p := range m.Permissions {
		kinds[p.Kind] = true
	}
	for _, u := range mod.HostUses {
		if need, ok := hostPermission[u.Capability]; ok && !kinds[need] {
			l.modAt(u.Off, "osloop/permission", fmt.Sprintf("the module uses host.%s but permissions has no %q entry", u.Capability, need),
				fmt.Sprintf("Add {\"kind\": %q, \"scope\": …, \"description\": …} to permissions.", need))
		}
	}
	if u, ok := mod.Uses("run"); ok && m.ExecutionMode == "declarative" {
		l.modAt(u.Off, "osloop/host-run", "the module uses host.run but executionMode is \"declarative\", where host.run is not available",
			`Use executionMode "flow" (or "agentic") for step-driven work, or remove the host.run calls.`)
	}
	if u, ok := mod.Uses("workspace"); ok && m.WorkspaceSupport == "none" {
		l.modAt(u.Off, "osloop/workspace-use", "the module uses host.workspace but workspaceSupport is \"none\"",
			`Set workspaceSupport to "optional" (or "required" if the skill is meaningless without one) and workspaceSchemaVersion.`)
	}

	l.checkIDRefs(mod, m)

	// Lifecycle hooks and tool handlers.
	if hooks := r.Get("lifecycleHooks"); hooks != nil && hooks.Kind == KindArray {
		for _, h := range hooks.Items {
			name := hookName(h)
			switch {
			case name == "":
			case !slices.Contains(hookNames, name):
				l.at(h.Start, "osloop/lifecycle-hook", fmt.Sprintf("lifecycleHooks names %q, which is not a lifecycle hook", name),
					"Use one of "+strings.Join(hookNames, ", ")+suggest(name, hookNames)+".")
			case mod.Export(name) == nil:
				l.at(h.Start, "osloop/lifecycle-hook", fmt.Sprintf("lifecycleHooks declares %s but module.ts does not export it", name),
					fmt.Sprintf("Export `async function %s(…)` from module.ts, or remove the declaration.", name))
			}
		}
	}
	for _, e := range mod.Exports {
		if slices.Contains(hookNames, e.Name) && !slices.Contains(m.LifecycleHooks, e.Name) {
			l.modAt(e.Off, "osloop/hook-undeclared", fmt.Sprintf("module.ts exports the optional hook %s and lifecycleHooks does not list it", e.Name),
				fmt.Sprintf("Optionally list %q in lifecycleHooks so readers of the manifest see it.", e.Name))
		}
	}
	for i, t := range objects(r.Get("tools")) {
		h := t.Get("handlerExport")
		if h == nil || h.Kind != KindString || h.Str == "" {
			continue
		}
		if mod.Export(h.Str) == nil {
			l.at(h.Start, "osloop/tool-handler", fmt.Sprintf("tools[%d].handlerExport %q is not exported by module.ts", i, h.Str),
				fmt.Sprintf("Export a function named %s from module.ts%s.", h.Str, suggest(h.Str, exportNames(mod))))
		}
	}
}

// checkIDRefs reports a literal binding name, WASM module id or OAuth
// provider id that a host call uses and the manifest does not declare: the
// runtime resolves each against the manifest's declarations, so the call
// fails at run time.
func (l *loader) checkIDRefs(mod *ModuleFacts, m *Manifest) {
	declared := map[string][]string{}
	for _, b := range m.RequiredBindings {
		declared["vault"] = append(declared["vault"], b.Name)
	}
	for _, w := range m.Wasm {
		declared["wasm"] = append(declared["wasm"], w.ModuleID)
	}
	for _, o := range m.OAuth {
		declared["oauth"] = append(declared["oauth"], o.ProviderID)
	}
	where := map[string]string{"vault": "requiredBindings (name)", "wasm": "wasm (moduleId)", "oauth": "oauth (providerId)"}
	entry := map[string]string{"vault": `{"name": %q, "scope": …, "description": …, "required": true}`,
		"wasm": `{"moduleId": %q, "sourceKind": …, "exports": […]}`, "oauth": `{"providerId": %q, "grantType": …, …}`}
	reported := map[string]bool{}
	for _, r := range mod.IDRefs {
		key := r.Capability + "\x00" + r.Value
		if slices.Contains(declared[r.Capability], r.Value) || reported[key] {
			continue
		}
		reported[key] = true
		l.modAt(r.Off, "osloop/undeclared-id",
			fmt.Sprintf("host.%s.%s(%q) names nothing declared in %s", r.Capability, r.Method, r.Value, where[r.Capability]),
			fmt.Sprintf("Add "+entry[r.Capability]+" to %s in manifest.json%s.", r.Value, strings.Fields(where[r.Capability])[0], suggest(r.Value, declared[r.Capability])))
	}
}

func purposeRefsOfCalls(mod *ModuleFacts) []Ref {
	var out []Ref
	for _, c := range mod.LLMCalls {
		if !c.Dynamic {
			out = append(out, Ref{Value: c.PurposeID, Off: c.Off})
		}
	}
	return out
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func exportNames(mod *ModuleFacts) []string {
	var out []string
	for _, e := range mod.Exports {
		out = append(out, e.Name)
	}
	return out
}

// coveredByRules: a literal URL must match a pattern; a URL known only by
// its prefix is covered when some pattern can match a URL with that prefix.
func coveredByRules(f Fetch, rules []NetworkRule) bool {
	for _, r := range rules {
		if f.Prefix && globPrefix(r.URLPattern, f.URL) || !f.Prefix && globMatch(r.URLPattern, f.URL) {
			return true
		}
	}
	return false
}

// globMatch matches s against pattern where * is any run of characters.
func globMatch(pattern, s string) bool {
	return globMatchFrom(pattern, s, false)
}

// globPrefix reports whether some string starting with prefix matches
// pattern.
func globPrefix(pattern, prefix string) bool {
	return globMatchFrom(pattern, prefix, true)
}

func globMatchFrom(p, s string, prefixOnly bool) bool {
	// Iterative wildcard matching with one backtrack point (linear-ish).
	pi, si := 0, 0
	star, mark := -1, 0
	for si < len(s) {
		switch {
		case pi < len(p) && p[pi] == '*':
			star, mark = pi, si
			pi++
		case pi < len(p) && p[pi] == s[si]:
			pi++
			si++
		case star >= 0:
			pi = star + 1
			mark++
			si = mark
		default:
			return false
		}
	}
	if prefixOnly {
		return true // the rest of the URL is unknown: the pattern's tail can match it
	}
	for pi < len(p) && p[pi] == '*' {
		pi++
	}
	return pi == len(p)
}

// suggestPattern proposes a urlPattern for a URL: its origin plus "/*".
func suggestPattern(url string) string {
	if i := strings.Index(url, "://"); i >= 0 {
		rest := url[i+3:]
		if j := strings.IndexByte(rest, '/'); j >= 0 {
			return url[:i+3+j] + "/*"
		}
		return url + "/*"
	}
	return url + "*"
}
