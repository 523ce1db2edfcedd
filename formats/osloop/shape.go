package osloop

import (
	"fmt"
	typo "github.com/skillstudio/skillstudio/internal/suggest"
	"slices"
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// shape describes what a JSON value may be: the spec's field tables as
// data, so required/type/enum/unknown-field checks are one walker.
type shape struct {
	kinds  Kind
	enum   []string // for strings (and the items of arrays of strings)
	fields []field  // for objects, in the spec's order
	open   bool     // an object that takes any key (a JSON Schema)
	items  *shape   // for arrays
}

type field struct {
	name     string
	required bool
	s        *shape
}

// fieldIndex returns the index of the field named name, or -1. The search
// starts at from and wraps around: members usually come in the spec's
// order, so starting after the last one found finds the next at once.
func (s *shape) fieldIndex(name string, from int) int {
	n := len(s.fields)
	for k := range n {
		i := (from + k) % n
		if s.fields[i].name == name {
			return i
		}
	}
	return -1
}

func enumOf(values ...string) *shape { return &shape{kinds: KindString, enum: values} }
func arrayOf(s *shape) *shape        { return &shape{kinds: KindArray, items: s} }
func objectOf(fs ...field) *shape    { return &shape{kinds: KindObject, fields: fs} }
func req(name string, s *shape) field {
	return field{name: name, required: true, s: s}
}
func opt(name string, s *shape) field { return field{name: name, s: s} }

var (
	anyString    = &shape{kinds: KindString}
	anyNumber    = &shape{kinds: KindNumber}
	anyBool      = &shape{kinds: KindBool}
	stringList   = arrayOf(anyString)
	stringOrNull = &shape{kinds: KindString | KindNull}
	numberOrNull = &shape{kinds: KindNumber | KindNull}
	jsonSchema   = &shape{kinds: KindObject, open: true}
)

// Enumerations from the spec.
var (
	permissionKinds    = []string{"network", "storage", "vault", "conversation", "llm", "browser", "wasm", "filesystem"}
	browserPermissions = []string{"clipboard-read", "clipboard-write", "notifications", "geolocation", "camera", "microphone", "storage-persistent"}
	llmKinds           = []string{"classification", "generation", "extraction", "summarization", "analysis", "structured-output", "custom"}
	platforms          = []string{"macos", "windows", "linux"}
	threeLevels        = []string{"none", "optional", "required"}
	bridgeLevels       = []string{"never", "optional", "required"}
	executionModes     = []string{"declarative", "flow", "agentic"}
	hookNames          = []string{"onInstall", "onUninstall", "onEnable", "onDisable", "onConfigure", "onUpgrade"}
	secretKinds        = []string{"token", "password", "api_key", "oauth_client", "oauth_refresh_token", "certificate", "generic"}
	bridgeCapabilities = []string{"system_tools", "system_info", "filesystem", "mcp_proxy", "awake", "tool_install_recipes", "command_permissions"}
	browserCapabilites = []string{"web-crypto", "indexeddb", "web-workers", "local-storage", "fetch"}
	// httpMethods: the spec's example lists five; HEAD and OPTIONS are the
	// other methods fetch sends, so they are accepted too.
	httpMethods = []string{"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"}
)

var manifestShape = objectOf(
	req("name", anyString),
	req("description", anyString),
	req("version", anyString),
	req("author", anyString),
	req("schemaVersion", anyString),
	req("capabilities", stringList),
	req("requiredBindings", arrayOf(objectOf(
		req("name", anyString),
		opt("scope", anyString),
		opt("description", anyString),
		opt("required", anyBool),
		opt("oauthProviderId", anyString),
		opt("kind", anyString), // the spec lists secret kinds without naming the field
	))),
	req("permissions", arrayOf(objectOf(
		req("kind", enumOf(permissionKinds...)),
		opt("scope", anyString),
		opt("description", anyString),
		opt("browserPermissions", arrayOf(enumOf(browserPermissions...))),
	))),
	req("inputSchema", jsonSchema),
	req("outputSchema", jsonSchema),
	req("compatibilityRequirements", stringList),
	opt("oauth", arrayOf(objectOf(
		req("providerId", anyString),
		opt("displayName", anyString),
		opt("grantType", enumOf("authorization_code", "client_credentials")),
		opt("authorizationUrl", anyString),
		opt("tokenUrl", anyString),
		opt("scopes", stringList),
		opt("pkceRequired", anyBool),
		opt("clientIdBinding", anyString),
		opt("clientSecretBinding", anyString),
		opt("redirectPath", anyString),
		opt("redirectMode", enumOf("popup", "same-window")),
		opt("supportedEnvironments", arrayOf(enumOf("browser-production", "browser-development"))),
		opt("responseMode", enumOf("query", "fragment")),
		opt("clientAuthenticationMethod", enumOf("client_secret_post", "client_secret_basic", "none")),
	))),
	opt("llmUsage", arrayOf(objectOf(
		req("purposeId", anyString),
		req("kind", enumOf(llmKinds...)),
		opt("description", anyString),
		opt("estimatedTokenBudget", anyNumber),
		opt("modelPreference", stringOrNull),
		opt("temperatureHint", anyNumber),
	))),
	opt("wasm", arrayOf(objectOf(
		req("moduleId", anyString),
		req("sourceKind", enumOf("inline_base64", "url", "build_from_source")),
		opt("sourceUrl", anyString),
		opt("sourceLanguage", enumOf("rust", "c", "cpp", "assemblyscript")),
		opt("sourceRepository", anyString),
		opt("buildCommand", anyString),
		opt("exports", stringList),
		opt("memoryLimitMB", anyNumber),
		opt("auditHash", stringOrNull),
	))),
	opt("views", arrayOf(objectOf(
		req("viewId", anyString),
		opt("kind", enumOf("panel", "card", "dialog", "inline")),
		opt("entryComponent", anyString),
		opt("description", anyString),
	))),
	opt("tools", arrayOf(objectOf(
		req("name", anyString),
		opt("description", anyString),
		opt("inputSchema", jsonSchema),
		opt("outputSchema", jsonSchema),
		opt("handlerExport", anyString),
	))),
	// SkillLifecycleHook is not defined by the spec: a hook name, or an
	// object naming one, are both accepted.
	opt("lifecycleHooks", arrayOf(&shape{kinds: KindString | KindObject, open: true})),
	opt("sandbox", objectOf(
		opt("isolation", enumOf("strict", "standard")),
		opt("maxExecutionMs", anyNumber),
		opt("maxMemoryMB", anyNumber),
		opt("allowedGlobals", stringList),
		opt("networkRules", arrayOf(objectOf(
			req("urlPattern", anyString),
			opt("methods", arrayOf(enumOf(httpMethods...))),
			opt("description", anyString),
		))),
	)),
	opt("requiredMcpServers", arrayOf(objectOf(
		req("name", anyString),
		opt("description", anyString),
		opt("urlPattern", anyString),
	))),
	opt("requiredMcpTools", arrayOf(objectOf(
		req("serverName", anyString),
		req("toolName", anyString),
		opt("description", anyString),
	))),
	req("supportedPlatforms", arrayOf(enumOf(platforms...))),
	req("bridgeRequirement", enumOf(bridgeLevels...)),
	req("workspaceSupport", enumOf(threeLevels...)),
	req("workspaceSchemaVersion", stringOrNull),
	req("longRunningSupport", enumOf(threeLevels...)),
	req("userInputSupport", anyBool),
	req("artifactVersioningSupport", anyBool),
	req("executionMode", enumOf(executionModes...)),
	req("agenticConfig", objectOf(
		req("enabled", anyBool),
		req("requiresWorkspace", anyBool),
		req("supportsBackgroundExecution", anyBool),
		req("supportsRoleBasedExecution", anyBool),
		req("maxStepsPerRun", numberOrNull),
		req("defaultStepBudget", numberOrNull),
	)),
)

var indexEntryShape = objectOf(
	req("name", anyString),
	req("description", anyString),
	req("version", anyString),
	req("author", anyString),
	req("folderPath", anyString),
	req("tags", stringList),
	opt("supportedPlatforms", arrayOf(enumOf(platforms...))),
	opt("bridgeRequirement", enumOf(bridgeLevels...)),
	opt("workspaceSupport", enumOf(threeLevels...)),
	opt("workspaceSchemaVersion", stringOrNull),
	opt("compatibilityRequirements", stringList),
	opt("longRunningSupport", enumOf(threeLevels...)),
	opt("userInputSupport", anyBool),
	opt("artifactVersioningSupport", anyBool),
	opt("executionMode", enumOf(executionModes...)),
)

// shapeRules names the rule ids a shape check reports under.
type shapeRules struct{ required, typ, enum, unknown string }

var (
	manifestRules = shapeRules{"osloop/required", "osloop/type", "osloop/enum", "osloop/unknown-field"}
	indexRules    = shapeRules{"osloop/index-entry", "osloop/index-entry", "osloop/index-entry", "osloop/index-unknown-field"}
)

// checkShape appends to out every way the manifest n differs from s.
func checkShape(d *Doc, file string, n *Node, s *shape, rules shapeRules, out []model.Diagnostic) []model.Diagnostic {
	return checkShapeAt(d, file, n, s, -1, "", rules, out)
}

// checkShapeAt is checkShape for the value that entry (>= 0) of an index
// holds, named name when it has one.
func checkShapeAt(d *Doc, file string, n *Node, s *shape, entry int, name string, rules shapeRules, out []model.Diagnostic) []model.Diagnostic {
	var steps [8]pathStep // deep enough for every manifest field
	w := shapeWalk{d: d, file: file, rules: rules, out: out, entry: entry, name: name, path: steps[:0]}
	w.walk(n, s)
	return w.out
}

// shapeWalk is one checkShape. The name of the value it is at, e.g.
// "tools[0].name", is kept as path steps and spelled out only when there
// is a finding to report: most values have none, and building every name
// was much of the check's cost.
type shapeWalk struct {
	d     *Doc
	file  string
	rules shapeRules
	out   []model.Diagnostic
	// entry is the index entry checked (name its name), or -1 for the
	// manifest.
	entry int
	name  string
	path  []pathStep
}

// pathStep is a member's key, or an array item's index when index >= 0.
type pathStep struct {
	key   string
	index int
}

func (w *shapeWalk) where() string {
	where := ""
	switch {
	case w.entry >= 0 && w.name != "":
		where = fmt.Sprintf("index entry %q", w.name)
	case w.entry >= 0:
		where = fmt.Sprintf("index entry %d", w.entry)
	}
	for _, st := range w.path {
		if st.index >= 0 {
			where = fmt.Sprintf("%s[%d]", where, st.index)
		} else {
			where = join(where, st.key)
		}
	}
	return where
}

func (w *shapeWalk) add(id string, off int, msg, hint string) {
	line, col := w.d.Pos(off)
	w.out = append(w.out, newDiag(id, w.file, line, col, msg, hint))
}

func (w *shapeWalk) walk(n *Node, s *shape) {
	if n == nil {
		return
	}
	if n.Kind&s.kinds == 0 {
		where := w.where()
		w.add(w.rules.typ, n.Start, fmt.Sprintf("%s is %s; want %s", where, article(n.Kind), s.kinds),
			fmt.Sprintf("Write %s as %s.", where, article(s.kinds)))
		return
	}
	switch n.Kind {
	case KindString:
		if len(s.enum) > 0 && !slices.Contains(s.enum, n.Str) {
			w.add(w.rules.enum, n.Start, fmt.Sprintf("%s is %q; want one of %s", w.where(), n.Str, strings.Join(s.enum, ", ")),
				"Use one of the values the OS Loop spec lists"+suggest(n.Str, s.enum)+".")
		}
	case KindArray:
		if s.items != nil {
			for i, it := range n.Items {
				w.path = append(w.path, pathStep{index: i})
				w.walk(it, s.items)
				w.path = w.path[:len(w.path)-1]
			}
		}
	case KindObject:
		if s.open {
			return
		}
		// Which fields are present, found in one pass over the members.
		var present []bool
		var presentBits uint64
		if len(s.fields) > 64 {
			present = make([]bool, len(s.fields))
		}
		next := 0
		for _, m := range n.Members {
			if i := s.fieldIndex(m.Key, next); i >= 0 {
				next = i + 1
				if present != nil {
					present[i] = true
				} else {
					presentBits |= 1 << i
				}
			}
		}
		for i, f := range s.fields {
			has := present != nil && present[i] || present == nil && presentBits&(1<<i) != 0
			if f.required && !has {
				w.add(w.rules.required, n.Start, fmt.Sprintf("%s lacks the required field %q", objectName(w.where()), f.name),
					fmt.Sprintf("Add \"%s\": %s.", f.name, exampleOf(f.s)))
			}
		}
		next = 0
		for _, m := range n.Members {
			i := s.fieldIndex(m.Key, next)
			if i < 0 && m.Key == "$schema" && len(w.path) == 0 {
				continue // points an editor at a JSON Schema for the file; no reader takes it for a field
			}
			if i < 0 {
				w.add(w.rules.unknown, m.KeyStart, fmt.Sprintf("%s has a field %q the spec does not define", objectName(w.where()), m.Key),
					"Remove it, or check its spelling"+suggest(m.Key, fieldNames(s))+".")
				continue
			}
			next = i + 1
			w.path = append(w.path, pathStep{key: m.Key, index: -1})
			w.walk(m.Value, s.fields[i].s)
			w.path = w.path[:len(w.path)-1]
		}
	}
}

func join(where, key string) string {
	if where == "" {
		return key
	}
	return where + "." + key
}

func objectName(where string) string {
	if where == "" {
		return "the manifest"
	}
	return where
}

func fieldNames(s *shape) []string {
	names := make([]string, len(s.fields))
	for i, f := range s.fields {
		names[i] = f.name
	}
	return names
}

func article(k Kind) string {
	s := k.String()
	if strings.HasPrefix(s, "a") || strings.HasPrefix(s, "o") {
		return "an " + s
	}
	if k == KindNull {
		return s
	}
	return "a " + s
}

// exampleOf is the placeholder a hint suggests for a missing field.
func exampleOf(s *shape) string {
	switch {
	case len(s.enum) > 0:
		return fmt.Sprintf("%q", s.enum[0])
	case s.kinds&KindArray != 0:
		return "[]"
	case s.kinds&KindObject != 0 && s.open:
		return `{ "type": "object" }`
	case s.kinds&KindObject != 0:
		return "{…}"
	case s.kinds&KindBool != 0:
		return "false"
	case s.kinds&KindNull != 0:
		return "null"
	case s.kinds&KindNumber != 0:
		return "0"
	}
	return `"…"`
}

// suggest names the closest known word when one is near (a likely typo).
func suggest(got string, known []string) string {
	lower := make([]string, len(known))
	for i, k := range known {
		lower[i] = strings.ToLower(k)
	}
	best := typo.Closest(strings.ToLower(got), lower, 3)
	for i, l := range lower {
		if best != "" && l == best {
			return fmt.Sprintf(" (did you mean %q?)", known[i])
		}
	}
	return ""
}
