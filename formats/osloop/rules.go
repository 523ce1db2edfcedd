package osloop

import "github.com/skillstudio/skillstudio/model"

// Rules lists every rule this reader reports. Docs name the spec section
// (specs/osloop-skills.txt) a rule enforces; where the spec is silent the
// Doc says what the rule assumes.
var Rules = model.RuleSet{
	// Files.
	{ID: "osloop/manifest-missing", Severity: model.SeverityError, Doc: "The skill folder has no manifest.json; the runtime fetches it first and cannot register the skill without it."},
	{ID: "osloop/module-missing", Severity: model.SeverityError, Doc: "The skill folder has no module.ts; the runtime requires it next to manifest.json."},
	{ID: "osloop/docs-missing", Severity: model.SeverityInfo, Doc: "No docs.md: optional but recommended; it is what users see in the skill detail view."},
	{ID: "osloop/json", Severity: model.SeverityError, Doc: "manifest.json or config-schema.json is not valid JSON, or its root is not an object."},
	{ID: "osloop/duplicate-key", Severity: model.SeverityError, Doc: "A JSON object repeats a key; parsers disagree on which value wins, so the runtime and this linter may read different manifests."},
	{ID: "osloop/file-too-large", Severity: model.SeverityError, Doc: "A package file is larger than 8 MiB; it is not read (no real manifest, module or doc is that large)."},

	// Manifest shape (spec: "SkillManifest Fields" and the object shapes).
	{ID: "osloop/required", Severity: model.SeverityError, Doc: "A required manifest field is missing; the spec requires every execution-model field to be declared explicitly."},
	{ID: "osloop/type", Severity: model.SeverityError, Doc: "A manifest field has the wrong JSON type (a string where an array is expected, say)."},
	{ID: "osloop/enum", Severity: model.SeverityError, Doc: "A manifest field has a value outside the spec's list (kind, executionMode, bridgeRequirement, workspaceSupport, grantType, redirectMode…)."},
	{ID: "osloop/unknown-field", Severity: model.SeverityWarning, Doc: "A field the spec does not define; often a typo or a field from an older schema (secretBindings, tags)."},
	{ID: "osloop/schema-version", Severity: model.SeverityError, Doc: `schemaVersion must be "2.0".`},
	{ID: "osloop/version", Severity: model.SeverityError, Doc: "version must be strict semver major.minor.patch (a pre-release or build suffix is allowed)."},
	{ID: "osloop/name", Severity: model.SeverityError, Doc: "name must be a kebab-case slug ^[a-z][a-z0-9-]*$, equal to the folder name when the folder is in a skills directory (named skills/ or holding index.json), where the runtime fetches {skillsDirectory}/{name}/."},
	{ID: "osloop/schema-root", Severity: model.SeverityError, Doc: `inputSchema, outputSchema, each tool's schemas and config-schema.json must have type "object" at the root.`},
	{ID: "osloop/schema-invalid", Severity: model.SeverityError, Doc: "A JSON Schema in the package does not compile (an unknown type name, a bad $ref, a pattern that is not a regex…)."},
	{ID: "osloop/workspace-schema-version", Severity: model.SeverityWarning, Doc: `workspaceSchemaVersion must be a semver string when workspaceSupport is "optional" or "required", and null when it is "none".`},
	{ID: "osloop/agentic-config", Severity: model.SeverityError, Doc: `agenticConfig.enabled must be true exactly when executionMode is "agentic"; requiresWorkspace needs workspaceSupport "required".`},
	{ID: "osloop/agentic-zero", Severity: model.SeverityWarning, Doc: "A non-agentic skill's agenticConfig should hold zero values (false, null), as the spec asks."},
	{ID: "osloop/agentic-limits", Severity: model.SeverityInfo, Doc: "An agentic skill leaves maxStepsPerRun or defaultStepBudget null; the runtime then applies its own ceiling and no soft checkpoint."},
	{ID: "osloop/execution-model", Severity: model.SeverityWarning, Doc: "Execution-model fields contradict each other: a declarative skill asking for user input (host.run is not available to it), an agentic skill without workspace or long-running support, long-running \"required\" without a workspace."},
	{ID: "osloop/bridge", Severity: model.SeverityError, Doc: `A bridge capability (system_tools, filesystem, mcp_proxy…) in compatibilityRequirements needs bridgeRequirement "required" or "optional"; system_tools needs "required".`},
	{ID: "osloop/bridge-declaration", Severity: model.SeverityWarning, Doc: `A bridge-required skill should list its supportedPlatforms and, to run commands, include "system_tools" in compatibilityRequirements.`},
	{ID: "osloop/compatibility", Severity: model.SeverityWarning, Doc: "A compatibilityRequirements value the spec does not list (bridge: system_tools, system_info, filesystem, mcp_proxy, awake, tool_install_recipes, command_permissions; browser: web-crypto, indexeddb, web-workers, local-storage, fetch)."},
	{ID: "osloop/duplicate-id", Severity: model.SeverityError, Doc: "Two entries of a list share an id (llmUsage purposeId, tools name, views viewId, wasm moduleId, oauth providerId, requiredBindings name)."},
	{ID: "osloop/oauth-binding", Severity: model.SeverityError, Doc: "An oauth clientIdBinding/clientSecretBinding names no requiredBinding, or a binding's oauthProviderId names no oauth provider."},
	{ID: "osloop/secret-kind", Severity: model.SeverityWarning, Doc: "A requiredBinding's kind is not one of token, password, api_key, oauth_client, oauth_refresh_token, certificate, generic (the spec lists the kinds but not the field; `kind` is assumed)."},

	// module.ts against the manifest.
	{ID: "osloop/module-syntax", Severity: model.SeverityWarning, Doc: "module.ts could not be read as TypeScript (invalid UTF-8 or a NUL byte); module checks were skipped."},
	{ID: "osloop/execute-export", Severity: model.SeverityError, Doc: "module.ts must export a function named execute(args, host)."},
	{ID: "osloop/stub", Severity: model.SeverityWarning, Doc: "execute has an empty body; the spec forbids stubs (\"every module.ts must contain a complete, working implementation\")."},
	{ID: "osloop/llm-purpose", Severity: model.SeverityError, Doc: "Every purposeId the module passes to host.llm.complete (or writes as a purposeId literal) must be declared in llmUsage."},
	{ID: "osloop/llm-purpose-unused", Severity: model.SeverityInfo, Doc: "An llmUsage purposeId that module.ts never mentions (checked only when every purposeId in the module is a literal)."},
	{ID: "osloop/network-rule", Severity: model.SeverityError, Doc: "Every URL the module fetches must be covered by a sandbox.networkRules urlPattern (* matches any run of characters); a fetch of a computed URL needs at least one rule."},
	{ID: "osloop/permission", Severity: model.SeverityWarning, Doc: "The module uses host.llm, host.network, host.vault, host.storage, host.wasm or host.filesystem without a permission of that kind; the runtime enforces declared permissions."},
	{ID: "osloop/host-run", Severity: model.SeverityError, Doc: `The module uses host.run but executionMode is "declarative", for which host.run is not available.`},
	{ID: "osloop/workspace-use", Severity: model.SeverityWarning, Doc: `The module reads or writes host.workspace but workspaceSupport is "none" (spec: such a skill needs "optional" or "required").`},
	{ID: "osloop/lifecycle-hook", Severity: model.SeverityWarning, Doc: "lifecycleHooks and module.ts disagree: a declared hook is not exported, or an exported onInstall/onUninstall/onEnable/onDisable/onConfigure/onUpgrade is not declared. Entries may be hook names or objects with a name/hook field (the spec does not define SkillLifecycleHook)."},
	{ID: "osloop/tool-handler", Severity: model.SeverityError, Doc: "A tools[] entry's handlerExport is not exported by module.ts."},
	{ID: "osloop/secret-binding", Severity: model.SeverityWarning, Doc: "The package uses __OSL_SECRET[…]__ placeholders but declares no requiredBindings."},
	{ID: "osloop/raw-secret", Severity: model.SeverityError, Doc: "docs.md or a string in module.ts holds what looks like a real secret (sk-…, AKIA…, ghp_…, xox…-, a private key); use __OSL_SECRET[<secretId>]__ and a requiredBinding."},

	// skills/index.json.
	{ID: "osloop/index-json", Severity: model.SeverityError, Doc: "skills/index.json is not valid JSON or its root is not an array of entries."},
	{ID: "osloop/index-entry", Severity: model.SeverityError, Doc: "An index entry is not an object, lacks a required field (name, description, version, author, folderPath, tags) or has a wrong type or value."},
	{ID: "osloop/index-unknown-field", Severity: model.SeverityWarning, Doc: "An index entry field the spec does not define."},
	{ID: "osloop/index-folder", Severity: model.SeverityError, Doc: "An entry's folderPath (relative to the repository root, the folder above the index's) leaves the repository, is not a folder with manifest.json, or is not {skillsDirectory}/{name}."},
	{ID: "osloop/index-duplicate", Severity: model.SeverityError, Doc: "Two index entries share a name or a folderPath."},
	{ID: "osloop/index-missing", Severity: model.SeverityError, Doc: "A skill folder is not listed in index.json; when an index exists the runtime uses it instead of scanning, so the skill is invisible.", Fixable: true},
	{ID: "osloop/index-mismatch", Severity: model.SeverityError, Doc: "A field the index mirrors (name, version, author, supportedPlatforms, bridgeRequirement, workspaceSupport, workspaceSchemaVersion, compatibilityRequirements, longRunningSupport, userInputSupport, artifactVersioningSupport, executionMode) disagrees with manifest.json, or system_tools is missing from the index.", Fixable: true},
	{ID: "osloop/index-description", Severity: model.SeverityInfo, Doc: "The index description is neither the manifest's description nor a shortening of it (the index may shorten; it should not say something else).", Fixable: true},
}

func newDiag(id, file string, line, col int, msg, hint string) model.Diagnostic {
	return Rules.New(id, file, line, col, msg, hint)
}
