package osloop

import (
	"slices"
	"strings"
)

// ModuleFacts is what lint needs to know about module.ts, read without
// executing anything. Offsets are bytes into module.ts; use Pos for lines.
type ModuleFacts struct {
	Exports []Export
	// HostUses lists each host capability (llm, network, run, workspace…)
	// the module touches, at its first use.
	HostUses []HostUse
	// LLMCalls are host.llm.complete(…) calls; PurposeID is empty when the
	// purposeId is not a literal (Dynamic).
	LLMCalls []LLMCall
	// PurposeRefs are every `purposeId: "…"` property with a literal value,
	// in calls or in tables of steps that feed calls later.
	PurposeRefs []Ref
	Fetches     []Fetch
	// SecretPlaceholders are __OSL_SECRET[…]__ uses in string literals.
	SecretPlaceholders []Ref
	// RawSecrets are string literals that look like real credentials;
	// Value is the matched text.
	RawSecrets []Ref
	// IDRefs are literal ids passed to host calls that name something the
	// manifest declares: vault.resolveBinding("name"), wasm.instantiate("id"),
	// oauth.authorize("provider") and the other oauth methods.
	IDRefs []IDRef
	lineIndex
}

// Export is one exported name.
type Export struct {
	Name string
	// Function is true for functions and for consts bound to a function or
	// arrow; Type for interfaces and type aliases (not runtime values).
	Function bool
	Type     bool
	// Params are the parameter names of an exported function declaration.
	Params []string
	// EmptyBody is true for a function whose body has no statements.
	EmptyBody bool
	Off       int
}

// HostUse is the first host.<Capability> access of one capability.
type HostUse struct {
	Capability string
	Off        int
}

// LLMCall is one host.llm.complete call.
type LLMCall struct {
	PurposeID string
	Dynamic   bool
	Off       int // of the purposeId value, or of `complete` when dynamic
}

// Ref is a string value at an offset.
type Ref struct {
	Value string
	Off   int
}

// IDRef is one literal id passed to a host method (see idMethods).
type IDRef struct {
	Capability, Method, Value string
	Off                       int
}

// idMethods maps host capability to the methods whose first argument names
// a manifest declaration (spec: Host Capabilities).
var idMethods = map[string][]string{
	"vault": {"resolveBinding"},
	"wasm":  {"instantiate"},
	"oauth": {"authorize", "getToken", "refresh", "authStatus"},
}

// Fetch is one host.network.fetch / fetch call.
type Fetch struct {
	// URL is the literal URL, or its static prefix when Prefix is set
	// (a template literal or concatenation with a literal head).
	URL    string
	Prefix bool
	// Dynamic is true when nothing of the URL is known (a variable).
	Dynamic bool
	Off     int
}

// Export returns the export named name, or nil.
func (m *ModuleFacts) Export(name string) *Export {
	if m == nil {
		return nil
	}
	for i := range m.Exports {
		if m.Exports[i].Name == name && !m.Exports[i].Type {
			return &m.Exports[i]
		}
	}
	return nil
}

// Uses reports whether the module touches host.<capability>.
func (m *ModuleFacts) Uses(capability string) (HostUse, bool) {
	if m != nil {
		for _, u := range m.HostUses {
			if u.Capability == capability {
				return u, true
			}
		}
	}
	return HostUse{}, false
}

// ReadModule collects facts from module.ts source, or returns nil when it
// holds more than maxModuleTokens.
func ReadModule(src string) *ModuleFacts {
	m := &ModuleFacts{lineIndex: lineIndex{src: src}}
	toks, buf, complete := lexTS(src)
	if !complete {
		releaseTokens(toks, buf)
		return nil
	}
	f := factScanner{toks: toks, m: m, hostNames: []string{"host", ""}}
	f.exports()
	f.scan()
	releaseTokens(toks, buf)
	return m
}

type factScanner struct {
	toks []token
	m    *ModuleFacts
	// hostNames are the names the host object goes by: "host" and
	// execute's second parameter ("" when there is none).
	hostNames []string
	// fetchNames are names bound to a fetch (const f = host.network.fetch);
	// networkNames to host.network (const net = host.network), whose
	// .fetch(…) is the sandbox's. Made by bindings, nil when none.
	fetchNames, networkNames map[string]bool
	// seenUse holds the capabilities already in m.HostUses (nil until one).
	seenUse map[string]bool
}

// use records the first use of host capability c at offset off.
func (f *factScanner) use(c string, off int) {
	if f.seenUse == nil {
		f.seenUse = map[string]bool{}
	}
	if !f.seenUse[c] {
		f.seenUse[c] = true
		f.m.HostUses = append(f.m.HostUses, HostUse{Capability: c, Off: off})
	}
}

func (f *factScanner) isHostName(s string) bool {
	return s == f.hostNames[0] || s != "" && s == f.hostNames[1]
}

func (f *factScanner) at(i int) token {
	if i < 0 || i >= len(f.toks) {
		return token{Kind: tokEOF}
	}
	return f.toks[i]
}

func (f *factScanner) isPunct(i int, s string) bool {
	t := f.at(i)
	return t.Kind == tokPunct && t.Str == s
}

func (f *factScanner) isIdent(i int, s string) bool {
	t := f.at(i)
	return t.Kind == tokIdent && t.Str == s
}

// maxSpan bounds how far matching looks, so a file of unclosed brackets
// cannot make the scan quadratic; real argument lists are far shorter.
const maxSpan = 20000

// matching returns the index of the bracket closing the one at i.
func (f *factScanner) matching(i int) int {
	open := f.at(i).Str
	closeWith := ""
	switch open {
	case "{":
		closeWith = "}"
	case "(":
		closeWith = ")"
	case "[":
		closeWith = "]"
	}
	depth := 0
	for j := i; j < len(f.toks) && j < i+maxSpan; j++ {
		t := f.toks[j]
		if t.Kind != tokPunct {
			continue
		}
		switch t.Str {
		case open:
			depth++
		case closeWith:
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return min(len(f.toks), i+maxSpan) - 1
}

// exports reads the module's top-level export statements.
func (f *factScanner) exports() {
	depth := 0
	for i := 0; i < len(f.toks); i++ {
		t := f.toks[i]
		if t.Kind == tokPunct {
			switch t.Str {
			case "{", "(", "[":
				depth++
			case "}", ")", "]":
				depth--
			}
			continue
		}
		if t.Kind != tokIdent {
			continue
		}
		// CommonJS: exports.name = … / module.exports.name = …
		if t.Str == "exports" && depth == 0 && !f.isPunct(i-1, ".") || t.Str == "exports" && f.isIdent(i-2, "module") {
			if f.isPunct(i+1, ".") && f.at(i+2).Kind == tokIdent && f.isPunct(i+3, "=") {
				fn := f.isIdent(i+4, "function") || f.isIdent(i+4, "async")
				f.m.Exports = append(f.m.Exports, Export{Name: f.at(i + 2).Str, Function: fn, Off: f.at(i + 2).Off})
			}
			continue
		}
		if t.Str != "export" || depth != 0 || f.isPunct(i-1, ".") {
			continue
		}
		j := i + 1
		for f.isIdent(j, "declare") || f.isIdent(j, "default") && !f.isPunct(j+1, "=") {
			if f.isIdent(j, "default") && !(f.isIdent(j+1, "function") || f.isIdent(j+1, "async") || f.isIdent(j+1, "class")) {
				f.m.Exports = append(f.m.Exports, Export{Name: "default", Off: f.at(j).Off})
			}
			j++
		}
		switch {
		case f.isIdent(j, "async") || f.isIdent(j, "function"):
			if f.isIdent(j, "async") {
				j++
			}
			j++ // function
			if f.isPunct(j, "*") {
				j++
			}
			name := f.at(j)
			if name.Kind != tokIdent {
				if f.isIdent(i+1, "default") {
					f.m.Exports = append(f.m.Exports, Export{Name: "default", Function: true, Off: t.Off})
				}
				continue
			}
			e := Export{Name: name.Str, Function: true, Off: name.Off}
			e.Params, e.EmptyBody = f.signature(j + 1)
			f.m.Exports = append(f.m.Exports, e)
		case f.isIdent(j, "const") || f.isIdent(j, "let") || f.isIdent(j, "var"):
			name := f.at(j + 1)
			if name.Kind != tokIdent {
				continue
			}
			e := Export{Name: name.Str, Off: name.Off}
			// const name[: Type] = async? (…) => / function
			for k := j + 2; k < len(f.toks) && k < j+64; k++ {
				if f.isPunct(k, "=") {
					n := f.at(k + 1)
					e.Function = n.Kind == tokIdent && (n.Str == "async" || n.Str == "function") || f.isPunct(k+1, "(") && f.arrowAfter(k+1)
					if n.Kind == tokIdent && !e.Function && f.isPunct(k+2, "=>") {
						e.Function = true
					}
					break
				}
				if f.isPunct(k, ";") || f.at(k).NL && f.at(k).Kind == tokIdent && f.at(k-1).Kind != tokPunct {
					break
				}
			}
			f.m.Exports = append(f.m.Exports, e)
		case f.isIdent(j, "class") || f.isIdent(j, "abstract") && f.isIdent(j+1, "class") || f.isIdent(j, "enum") || f.isIdent(j, "const") && f.isIdent(j+1, "enum"):
			for f.at(j).Kind == tokIdent && (f.at(j).Str == "abstract" || f.at(j).Str == "class" || f.at(j).Str == "enum" || f.at(j).Str == "const") {
				j++
			}
			if name := f.at(j); name.Kind == tokIdent {
				f.m.Exports = append(f.m.Exports, Export{Name: name.Str, Off: name.Off})
			}
		case f.isIdent(j, "interface") || f.isIdent(j, "type") && f.at(j+1).Kind == tokIdent:
			if name := f.at(j + 1); name.Kind == tokIdent {
				f.m.Exports = append(f.m.Exports, Export{Name: name.Str, Type: true, Off: name.Off})
			}
		case f.isPunct(j, "{") || f.isIdent(j, "type") && f.isPunct(j+1, "{"):
			typeOnly := f.isIdent(j, "type")
			if typeOnly {
				j++
			}
			end := f.matching(j)
			for k := j + 1; k < end; k++ {
				n := f.at(k)
				if n.Kind != tokIdent || n.Str == "type" && f.at(k+1).Kind == tokIdent {
					continue
				}
				exported := n
				if f.isIdent(k+1, "as") && f.at(k+2).Kind != tokPunct {
					exported = f.at(k + 2)
					k += 2
				}
				f.m.Exports = append(f.m.Exports, Export{Name: exported.Str, Type: typeOnly, Off: exported.Off})
				for k+1 < end && !f.isPunct(k+1, ",") {
					k++
				}
			}
		}
	}
}

// arrowAfter reports whether the parenthesis at i is an arrow function's
// parameter list: `(…) =>` or `(…): Type =>`.
func (f *factScanner) arrowAfter(i int) bool {
	end := f.matching(i)
	if f.isPunct(end+1, "=>") {
		return true
	}
	if !f.isPunct(end+1, ":") {
		return false
	}
	for k := end + 2; k < len(f.toks) && k < end+64; k++ {
		if f.isPunct(k, "=>") {
			return true
		}
		if f.isPunct(k, ";") || f.isPunct(k, "{") && !f.isPunct(k-1, ":") && !f.isPunct(k-1, "<") {
			return false
		}
	}
	return false
}

// signature reads a function's parameter names from the tokens after its
// name (type parameters allowed) and whether its body is empty.
func (f *factScanner) signature(i int) (params []string, empty bool) {
	if f.isPunct(i, "<") {
		depth := 0
		for ; i < len(f.toks); i++ {
			if f.isPunct(i, "<") {
				depth++
			} else if f.isPunct(i, ">") {
				depth--
				if depth == 0 {
					i++
					break
				}
			}
		}
	}
	if !f.isPunct(i, "(") {
		return nil, false
	}
	end := f.matching(i)
	expectName := true
	depth := 0
	for k := i + 1; k < end; k++ {
		t := f.at(k)
		if t.Kind == tokPunct {
			switch t.Str {
			case "{", "(", "[", "<":
				if expectName && depth == 0 && (t.Str == "{" || t.Str == "[") {
					params = append(params, "") // a destructured parameter
					expectName = false
				}
				depth++
			case "}", ")", "]", ">":
				depth--
			case ",":
				if depth == 0 {
					expectName = true
				}
			}
			continue
		}
		if expectName && depth == 0 && t.Kind == tokIdent {
			params = append(params, t.Str)
			expectName = false
		}
	}
	// Skip a return type to the body's opening brace: a '{' that follows a
	// type position (':' '<' '|' '&' ',' '=>') is an object type, not the body.
	for k := end + 1; k < len(f.toks); k++ {
		if f.isPunct(k, ";") {
			return params, false // an overload signature
		}
		if f.isPunct(k, "{") {
			prev := f.at(k - 1)
			if prev.Kind == tokPunct && k-1 > end && typePosition[prev.Str] {
				k = f.matching(k)
				continue
			}
			return params, f.isPunct(k+1, "}")
		}
		if f.isPunct(k, "(") || f.isPunct(k, "[") {
			k = f.matching(k)
		}
	}
	return params, false
}

// typePosition: punctuators after which a '{' starts an object type.
var typePosition = map[string]bool{":": true, "<": true, "|": true, "&": true, ",": true, "=>": true, "(": true}

// scan walks every token for host uses, llm calls, purposeIds, fetches and
// secret placeholders. Type declarations are skipped: a purposeId written
// as a type ('a' | 'b') is not a use.
func (f *factScanner) scan() {
	if e := f.m.Export("execute"); e != nil && len(e.Params) > 1 && e.Params[1] != "" {
		f.hostNames[1] = e.Params[1]
	}
	f.bindings()
	for i := 0; i < len(f.toks); i++ {
		t := f.toks[i]
		switch t.Kind {
		case tokIdent:
			if (t.Str == "interface" || t.Str == "type" && f.at(i+1).Kind == tokIdent && (f.isPunct(i+2, "=") || f.isPunct(i+2, "<"))) && f.statementStart(i) {
				i = f.skipTypeDecl(i)
				continue
			}
			if f.isHostName(t.Str) && !f.isPunct(i-1, ".") && f.isMemberDot(i+1) && f.at(i+2).Kind == tokIdent {
				f.use(f.at(i+2).Str, f.at(i+2).Off)
			}
			// host["llm"]: the same use, bracketed.
			if f.isHostName(t.Str) && !f.isMemberDot(i-1) && f.isPunct(i+1, "[") && f.at(i+2).Kind == tokString && f.isPunct(i+3, "]") {
				f.use(f.at(i+2).Str, f.at(i+2).Off)
			}
			if t.Str == "complete" && f.isMemberDot(i-1) && f.isIdent(i-2, "llm") && f.isPunct(i+1, "(") {
				f.llmCall(i)
			}
			if f.isMemberDot(i-1) && f.isPunct(i+1, "(") && f.at(i-2).Kind == tokIdent && slices.Contains(idMethods[f.at(i-2).Str], t.Str) {
				f.idRef(i)
			}
			if t.Str == "purposeId" && f.isPunct(i+1, ":") && (f.isPunct(i-1, "{") || f.isPunct(i-1, ",")) {
				v := f.at(i + 2)
				if (v.Kind == tokString || v.Kind == tokTemplate && !v.Sub) && (f.isPunct(i+3, ",") || f.isPunct(i+3, "}")) {
					f.m.PurposeRefs = append(f.m.PurposeRefs, Ref{Value: v.Str, Off: v.Off})
				}
			}
			if t.Str == "fetch" && f.isPunct(i+1, "(") && (!f.isMemberDot(i-1) || f.isIdent(i-2, "network") || f.isGlobalObject(i-2) ||
				f.networkNames[f.at(i-2).Str] && !f.isMemberDot(i-3)) ||
				f.fetchNames[t.Str] && f.isPunct(i+1, "(") && !f.isMemberDot(i-1) {
				f.fetch(i)
			}
		case tokString, tokTemplate:
			if strings.Contains(t.Str, "__OSL_SECRET[") {
				f.m.SecretPlaceholders = append(f.m.SecretPlaceholders, Ref{Value: t.Str, Off: t.Off})
			}
			if loc := findSecret(t.Str); loc != nil {
				f.m.RawSecrets = append(f.m.RawSecrets, Ref{Value: t.Str[loc[0]:loc[1]], Off: t.Off})
			}
		}
	}
}

// bindings finds the names the module binds fetch or host.network to, so
// that calls through them are read as fetches too:
//
//	const net = host.network;          net.fetch(url)
//	const { network } = host;          network.fetch(url) (already a fetch)
//	const { network: n } = host;       n.fetch(url)
//	const f = host.network.fetch;      f(url)   (also net.fetch, fetch, globalThis.fetch, .bind(…))
//	const { fetch: get } = host.network;   get(url)
func (f *factScanner) bindings() {
	add := func(m *map[string]bool, name string) {
		if *m == nil {
			*m = map[string]bool{}
		}
		(*m)[name] = true
	}
	// network says whether host.network (or a name bound to it) starts at
	// j and ends at end, returned; fetchValue whether a fetch value does.
	network := func(j int) (int, bool) {
		switch {
		case f.at(j).Kind == tokIdent && f.isHostName(f.at(j).Str) && f.isMemberDot(j+1) && f.isIdent(j+2, "network"):
			return j + 3, true
		case f.at(j).Kind == tokIdent && f.networkNames[f.at(j).Str]:
			return j + 1, true
		}
		return j, false
	}
	fetchValue := func(j int) bool {
		if end, ok := network(j); ok && f.isMemberDot(end) {
			j = end + 1
		} else if f.isGlobalObject(j) && f.isMemberDot(j+1) {
			j += 2
		}
		if !f.isIdent(j, "fetch") {
			return false
		}
		return f.isMemberDot(j+1) && f.isIdent(j+2, "bind") || !f.isPunct(j+1, "(") && !f.isMemberDot(j+1) && !f.isPunct(j+1, "[")
	}
	for i := 0; i+3 < len(f.toks); i++ {
		t := f.toks[i]
		if t.Kind != tokIdent || t.Str != "const" && t.Str != "let" && t.Str != "var" {
			continue
		}
		if name := f.at(i + 1); name.Kind == tokIdent && f.isPunct(i+2, "=") {
			if end, ok := network(i + 3); ok && !f.isMemberDot(end) && !f.isPunct(end, "(") {
				add(&f.networkNames, name.Str)
			} else if fetchValue(i + 3) {
				add(&f.fetchNames, name.Str)
			}
			continue
		}
		if !f.isPunct(i+1, "{") {
			continue
		}
		// const { a, b: c } = source: find the closing brace and the source.
		close := -1
		for j := i + 2; j < len(f.toks) && j < i+64; j++ {
			if f.isPunct(j, "}") {
				close = j
				break
			}
		}
		if close < 0 || !f.isPunct(close+1, "=") {
			continue
		}
		src := close + 2
		fromHost := f.at(src).Kind == tokIdent && f.isHostName(f.at(src).Str) && !f.isMemberDot(src+1)
		end, fromNetwork := network(src)
		fromNetwork = fromNetwork && !f.isMemberDot(end)
		fromGlobal := f.isGlobalObject(src) && !f.isMemberDot(src+1)
		for j := i + 2; j < close; j++ {
			key := f.at(j)
			if key.Kind != tokIdent || !(f.isPunct(j-1, "{") || f.isPunct(j-1, ",")) {
				continue
			}
			bound := key.Str
			if f.isPunct(j+1, ":") && f.at(j+2).Kind == tokIdent {
				bound = f.at(j + 2).Str
			}
			if fromHost {
				// const { llm, workspace: ws } = host: each key is a use.
				f.use(key.Str, key.Off)
			}
			switch {
			case fromHost && key.Str == "network":
				add(&f.networkNames, bound)
			case (fromNetwork || fromGlobal) && key.Str == "fetch" && bound != "fetch":
				add(&f.fetchNames, bound)
			}
		}
	}
}

// isGlobalObject: the token at i names the global object, as in
// globalThis.fetch(…) — the same fetch as a bare fetch(…) — and is not
// itself a member (x.window.fetch is somebody's own). `self` is left out:
// `const self = this` makes self.fetch a method as often as the global.
func (f *factScanner) isGlobalObject(i int) bool {
	return (f.isIdent(i, "globalThis") || f.isIdent(i, "window")) && !f.isMemberDot(i-1)
}

func (f *factScanner) isMemberDot(i int) bool { return f.isPunct(i, ".") || f.isPunct(i, "?.") }

// statementStart: the token at i begins a statement (after ; { } or a line
// break, or after export/declare).
func (f *factScanner) statementStart(i int) bool {
	if i == 0 || f.at(i).NL {
		return true
	}
	p := f.at(i - 1)
	return p.Kind == tokPunct && (p.Str == ";" || p.Str == "{" || p.Str == "}") || p.Kind == tokIdent && (p.Str == "export" || p.Str == "declare")
}

// skipTypeDecl returns the last token index of an interface or type alias.
func (f *factScanner) skipTypeDecl(i int) int {
	if f.isIdent(i, "interface") {
		for k := i; k < len(f.toks); k++ {
			if f.isPunct(k, "{") {
				return f.matching(k)
			}
		}
		return len(f.toks) - 1
	}
	depth := 0
	for k := i + 2; k < len(f.toks); k++ {
		t := f.toks[k]
		if t.Kind == tokPunct {
			switch t.Str {
			case "{", "(", "[", "<":
				depth++
			case "}", ")", "]", ">":
				depth--
			case ";":
				if depth <= 0 {
					return k
				}
			}
			continue
		}
		// Without a semicolon the alias ends where a new statement starts.
		if depth <= 0 && t.NL && t.Kind == tokIdent && k > i+3 && !f.isPunct(k-1, "|") && !f.isPunct(k-1, "&") && !f.isPunct(k-1, "=") {
			return k - 1
		}
	}
	return len(f.toks) - 1
}

// llmCall reads the purposeId of complete( { purposeId: "…" } ) at i.
func (f *factScanner) llmCall(i int) {
	call := LLMCall{Dynamic: true, Off: f.at(i).Off}
	if f.isPunct(i+2, "{") {
		end := f.matching(i + 2)
		depth := 0
		for k := i + 3; k < end; k++ {
			t := f.at(k)
			if t.Kind == tokPunct {
				switch t.Str {
				case "{", "(", "[":
					depth++
				case "}", ")", "]":
					depth--
				}
				continue
			}
			if depth == 0 && t.Kind == tokIdent && t.Str == "purposeId" && (f.isPunct(k-1, "{") || f.isPunct(k-1, ",")) {
				v := f.at(k + 2)
				if f.isPunct(k+1, ":") && (v.Kind == tokString || v.Kind == tokTemplate && !v.Sub) && (f.isPunct(k+3, ",") || f.isPunct(k+3, "}")) {
					call = LLMCall{PurposeID: v.Str, Off: v.Off}
				}
				break
			}
		}
	}
	f.m.LLMCalls = append(f.m.LLMCalls, call)
}

// idRef records the literal first argument of a method call at i such as
// vault.resolveBinding("api_key"); a computed argument is not read.
func (f *factScanner) idRef(i int) {
	a := f.at(i + 2)
	if a.Kind != tokString && (a.Kind != tokTemplate || a.Sub) || !f.isPunct(i+3, ")") && !f.isPunct(i+3, ",") {
		return
	}
	f.m.IDRefs = append(f.m.IDRefs, IDRef{Capability: f.at(i - 2).Str, Method: f.at(i).Str, Value: a.Str, Off: a.Off})
}

// fetch reads the URL argument of fetch( … ) at i.
func (f *factScanner) fetch(i int) {
	a := f.at(i + 2)
	fe := Fetch{Dynamic: true, Off: a.Off}
	switch {
	case a.Kind == tokString:
		fe = Fetch{URL: a.Str, Off: a.Off}
		if f.isPunct(i+3, "+") {
			fe.Prefix = true
		}
	case a.Kind == tokTemplate:
		fe = Fetch{URL: a.Str, Prefix: a.Sub || f.isPunct(i+3, "+"), Off: a.Off}
	}
	if fe.Prefix && fe.URL == "" {
		fe = Fetch{Dynamic: true, Off: a.Off}
	}
	f.m.Fetches = append(f.m.Fetches, fe)
}
