package osloop

import (
	"bytes"
	"encoding/json"
)

// Package is one OS Loop skill folder as read: the parsed manifest (typed,
// plus the JSON tree with positions), facts about module.ts, and which
// optional files exist. It is model.Skill.Doc for OS Loop skills.
type Package struct {
	Dir string // FS path of the skill folder
	// Manifest is the typed manifest; fields of the wrong type are left
	// zero (the type rule reports them). Nil when manifest.json is missing
	// or is not a JSON object.
	Manifest *Manifest
	// ManifestDoc is manifest.json's JSON tree with byte offsets.
	ManifestDoc *Doc
	// Module is nil when module.ts is missing or unreadable.
	Module       *ModuleFacts
	ModuleSource string
	Docs         string // docs.md, "" when absent
	HasDocs      bool
	// ConfigSchema is config-schema.json (compacted), nil when absent.
	ConfigSchema json.RawMessage
}

// Manifest is manifest.json's fields (spec: "Skill Package Structure").
type Manifest struct {
	Name, Description, Version, Author, SchemaVersion string
	Capabilities                                      []string
	RequiredBindings                                  []Binding
	Permissions                                       []Permission
	InputSchema, OutputSchema                         json.RawMessage
	CompatibilityRequirements                         []string
	OAuth                                             []OAuthProvider
	LLMUsage                                          []LLMUsage
	Wasm                                              []WasmModule
	Views                                             []View
	Tools                                             []Tool
	LifecycleHooks                                    []string
	Sandbox                                           Sandbox
	RequiredMcpServers                                []McpServer
	RequiredMcpTools                                  []McpTool
	SupportedPlatforms                                []string
	BridgeRequirement                                 string
	WorkspaceSupport                                  string
	// WorkspaceSchemaVersion is nil when null or absent.
	WorkspaceSchemaVersion    *string
	LongRunningSupport        string
	UserInputSupport          bool
	ArtifactVersioningSupport bool
	ExecutionMode             string
	AgenticConfig             AgenticConfig
}

type Binding struct{ Name, Scope, Description, OAuthProviderID, Kind string }
type Permission struct {
	Kind, Scope, Description string
	BrowserPermissions       []string
}
type OAuthProvider struct {
	ProviderID, DisplayName, GrantType, ClientIDBinding, ClientSecretBinding string
	Scopes                                                                   []string
}
type LLMUsage struct {
	PurposeID, Kind, Description string
	EstimatedTokenBudget         float64
}
type WasmModule struct{ ModuleID, SourceKind string }
type View struct{ ViewID, Kind, EntryComponent, Description string }
type Tool struct {
	Name, Description, HandlerExport string
	InputSchema, OutputSchema        json.RawMessage
}
type Sandbox struct {
	Isolation    string
	NetworkRules []NetworkRule
}
type NetworkRule struct {
	URLPattern  string
	Methods     []string
	Description string
}
type McpServer struct{ Name, Description string }
type McpTool struct{ ServerName, ToolName, Description string }
type AgenticConfig struct {
	Enabled, RequiresWorkspace, SupportsBackgroundExecution, SupportsRoleBasedExecution bool
	// MaxStepsPerRun and DefaultStepBudget are nil when null.
	MaxStepsPerRun, DefaultStepBudget *float64
}

// decodeManifest reads the typed view of an object node leniently, in
// one pass over its members (a repeated key: the last wins, as in
// JSON.parse). withSchemas false leaves the schemas (JSON text for the
// display side) out.
func decodeManifest(d *Doc, withSchemas bool) *Manifest {
	r := d.Root
	if r == nil || r.Kind != KindObject {
		return nil
	}
	schema := func(n *Node) json.RawMessage {
		if !withSchemas {
			return nil
		}
		return rawOf(d, n)
	}
	m := &Manifest{}
	for _, mem := range r.Members {
		n := mem.Value
		switch mem.Key {
		case "name":
			m.Name = strOf(n)
		case "description":
			m.Description = strOf(n)
		case "version":
			m.Version = strOf(n)
		case "author":
			m.Author = strOf(n)
		case "schemaVersion":
			m.SchemaVersion = strOf(n)
		case "capabilities":
			m.Capabilities = strsOf(n)
		case "inputSchema":
			m.InputSchema = schema(n)
		case "outputSchema":
			m.OutputSchema = schema(n)
		case "compatibilityRequirements":
			m.CompatibilityRequirements = strsOf(n)
		case "supportedPlatforms":
			m.SupportedPlatforms = strsOf(n)
		case "bridgeRequirement":
			m.BridgeRequirement = strOf(n)
		case "workspaceSupport":
			m.WorkspaceSupport = strOf(n)
		case "longRunningSupport":
			m.LongRunningSupport = strOf(n)
		case "userInputSupport":
			m.UserInputSupport = boolOf(n)
		case "artifactVersioningSupport":
			m.ArtifactVersioningSupport = boolOf(n)
		case "executionMode":
			m.ExecutionMode = strOf(n)
		case "workspaceSchemaVersion":
			m.WorkspaceSchemaVersion = nil
			if n.Kind == KindString {
				s := n.Str
				m.WorkspaceSchemaVersion = &s
			}
		case "requiredBindings":
			m.RequiredBindings = eachObject(n, func(n *Node) Binding {
				return Binding{strOf(n.Get("name")), strOf(n.Get("scope")), strOf(n.Get("description")), strOf(n.Get("oauthProviderId")), strOf(n.Get("kind"))}
			})
		case "permissions":
			m.Permissions = eachObject(n, func(n *Node) Permission {
				return Permission{strOf(n.Get("kind")), strOf(n.Get("scope")), strOf(n.Get("description")), strsOf(n.Get("browserPermissions"))}
			})
		case "oauth":
			m.OAuth = eachObject(n, func(n *Node) OAuthProvider {
				return OAuthProvider{strOf(n.Get("providerId")), strOf(n.Get("displayName")), strOf(n.Get("grantType")), strOf(n.Get("clientIdBinding")), strOf(n.Get("clientSecretBinding")), strsOf(n.Get("scopes"))}
			})
		case "llmUsage":
			m.LLMUsage = eachObject(n, func(n *Node) LLMUsage {
				return LLMUsage{strOf(n.Get("purposeId")), strOf(n.Get("kind")), strOf(n.Get("description")), numOf(n.Get("estimatedTokenBudget"))}
			})
		case "wasm":
			m.Wasm = eachObject(n, func(n *Node) WasmModule { return WasmModule{strOf(n.Get("moduleId")), strOf(n.Get("sourceKind"))} })
		case "views":
			m.Views = eachObject(n, func(n *Node) View {
				return View{strOf(n.Get("viewId")), strOf(n.Get("kind")), strOf(n.Get("entryComponent")), strOf(n.Get("description"))}
			})
		case "tools":
			m.Tools = eachObject(n, func(n *Node) Tool {
				return Tool{strOf(n.Get("name")), strOf(n.Get("description")), strOf(n.Get("handlerExport")), schema(n.Get("inputSchema")), schema(n.Get("outputSchema"))}
			})
		case "lifecycleHooks":
			m.LifecycleHooks = nil
			if n.Kind == KindArray {
				for _, h := range n.Items {
					m.LifecycleHooks = append(m.LifecycleHooks, hookName(h))
				}
			}
		case "sandbox":
			m.Sandbox = Sandbox{}
			if n.Kind == KindObject {
				m.Sandbox.Isolation = strOf(n.Get("isolation"))
				for _, n := range objects(n.Get("networkRules")) {
					m.Sandbox.NetworkRules = append(m.Sandbox.NetworkRules, NetworkRule{strOf(n.Get("urlPattern")), strsOf(n.Get("methods")), strOf(n.Get("description"))})
				}
			}
		case "requiredMcpServers":
			m.RequiredMcpServers = eachObject(n, func(n *Node) McpServer { return McpServer{strOf(n.Get("name")), strOf(n.Get("description"))} })
		case "requiredMcpTools":
			m.RequiredMcpTools = eachObject(n, func(n *Node) McpTool {
				return McpTool{strOf(n.Get("serverName")), strOf(n.Get("toolName")), strOf(n.Get("description"))}
			})
		case "agenticConfig":
			m.AgenticConfig = AgenticConfig{}
			if n.Kind == KindObject {
				m.AgenticConfig = AgenticConfig{
					Enabled:                     boolOf(n.Get("enabled")),
					RequiresWorkspace:           boolOf(n.Get("requiresWorkspace")),
					SupportsBackgroundExecution: boolOf(n.Get("supportsBackgroundExecution")),
					SupportsRoleBasedExecution:  boolOf(n.Get("supportsRoleBasedExecution")),
					MaxStepsPerRun:              numPtr(n.Get("maxStepsPerRun")),
					DefaultStepBudget:           numPtr(n.Get("defaultStepBudget")),
				}
			}
		}
	}
	return m
}

// hookName reads a lifecycleHooks entry: "onInstall" or {"name": "onInstall"}.
func hookName(n *Node) string {
	if n == nil {
		return ""
	}
	if n.Kind == KindString {
		return n.Str
	}
	for _, k := range []string{"name", "hook", "event", "export", "handlerExport"} {
		if s := strOf(n.Get(k)); s != "" {
			return s
		}
	}
	return ""
}

func strOf(n *Node) string {
	if n != nil && n.Kind == KindString {
		return n.Str
	}
	return ""
}

func boolOf(n *Node) bool { return n != nil && n.Kind == KindBool && n.Bool }

func numOf(n *Node) float64 {
	if p := numPtr(n); p != nil {
		return *p
	}
	return 0
}

func numPtr(n *Node) *float64 {
	if n == nil || n.Kind != KindNumber {
		return nil
	}
	var f float64
	if json.Unmarshal([]byte(n.Raw), &f) != nil {
		return nil
	}
	return &f
}

func strsOf(n *Node) []string {
	if n == nil || n.Kind != KindArray {
		return nil
	}
	out := make([]string, 0, len(n.Items))
	for _, it := range n.Items {
		if it.Kind == KindString {
			out = append(out, it.Str)
		}
	}
	return out
}

// eachObject decodes each object item of the array n with one (nil when
// n is not an array or holds no object).
func eachObject[T any](n *Node, one func(*Node) T) []T {
	var out []T
	for _, it := range objects(n) {
		out = append(out, one(it))
	}
	return out
}

func objects(n *Node) []*Node {
	if n == nil || n.Kind != KindArray {
		return nil
	}
	out := make([]*Node, 0, len(n.Items))
	for _, it := range n.Items {
		if it.Kind == KindObject {
			out = append(out, it)
		}
	}
	return out
}

// rawOf returns n's JSON text compacted, key order kept.
func rawOf(d *Doc, n *Node) json.RawMessage {
	if n == nil {
		return nil
	}
	var b bytes.Buffer
	if json.Compact(&b, d.Src[n.Start:n.End]) != nil {
		return nil
	}
	return b.Bytes()
}
