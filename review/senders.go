package review

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// A credential is also sent by handing it to a function that talks to
// the network: send(os.environ["GITHUB_TOKEN"]), post(token) after
// token = os.environ[…], curl_with "$AWS_SECRET_ACCESS_KEY" — in the
// same file, or in one the script sources or imports (source ./lib.sh,
// from .net import upload, require("./send"), require("./send")(token),
// (await import("./send.js")).send(token)). Each file is summarised once
// per depth, in one pass (sendersAt, cached): its functions whose body
// talks to the network or calls a sending function of a file it imports,
// with the URLs written there, and its top-level network lines (a sourced
// shell file runs those in the sourcing shell, with its variables). The
// function a module exports as a whole (module.exports = function …,
// export default …) is its "default". Imports are followed maxImportDepth
// levels deep from a script, at most maxImports per file and
// maxChainFiles per script, each resolved to a file of the skill already
// read — no call graph beyond that.
const (
	maxSenders     = 32  // sending functions kept per file
	maxTopSinks    = 16  // top-level network lines kept per file
	maxDest        = 512 // bytes of URL text kept per function
	maxImports     = 8   // local imports followed per file
	maxImportDepth = 3   // levels of imports followed from a script
	maxChainFiles  = 16  // imported files summarised for one script
)

// defaultExport names the function a module exports as a whole.
const defaultExport = "default"

// sendSummary is what a file sends, by function.
type sendSummary struct {
	fns map[string]string // function → the network lines of its body (their URLs)
	top []sinkLine        // top-level network lines
	// passed: the sending functions of the files it imports, which it
	// passes on (from .net import upload in b.py, then from b import
	// upload; a sourced file's functions in the sourcing shell).
	passed []sendVia
}

type sinkLine struct {
	line int
	text string
}

// sendersKey is a file summarised following its imports depth levels.
type sendersKey struct {
	f     *source
	depth int
}

// sendersOf summarises f, following its imports maxImportDepth levels.
func (r *reviewer) sendersOf(f *source, files *int) *sendSummary {
	return r.sendersAt(f, maxImportDepth, files)
}

// sendersAt summarises f once per review and depth; files is what is
// left of the script's budget of imported files.
func (r *reviewer) sendersAt(f *source, depth int, files *int) *sendSummary {
	key := sendersKey{f, depth}
	if s, ok := r.senders[key]; ok {
		return s
	}
	if r.senders == nil {
		r.senders = map[sendersKey]*sendSummary{}
	}
	r.senders[key] = &sendSummary{fns: map[string]string{}} // an import cycle sees an empty summary
	s := r.summariseSends(f, depth, files)
	r.senders[key] = s
	return s
}

func (r *reviewer) summariseSends(f *source, depth int, files *int) *sendSummary {
	s := &sendSummary{fns: map[string]string{}}
	follow := depth > 0 && hasLocalImport(f.text)
	if !follow && !netSink.MatchString(f.text) {
		return s
	}
	var fn *flowFn
	var imported sendVias // sending functions of the files f imports
	imports := 0
	urls := map[string]string{}
	n := 0
	forLines(f.text, func(pos int, logical, joined string) {
		n++
		fn = nextFn(fn, n, joined)
		if name, value := assignment(joined); name != "" && strings.Contains(value, "://") && len(urls) < maxURLVar {
			urls[name] = value
		}
		if follow && imports < maxImports && *files > 0 {
			if target, names, _, ok := localImport(joined); ok {
				if g := r.importedFile(f, target); g != nil {
					imports++
					*files--
					addImported(&imported, r.sendersAt(g, depth-1, files), names, moduleAlias(joined), g)
					return
				}
			}
		}
		dest := ""
		switch {
		case netSink.MatchString(joined) || strings.Contains(strings.ToLower(joined), "net::http"):
			dest = joined
		case len(imported.list) > 0:
			for _, v := range imported.list {
				if _, ok := callsSender(joined, v.name); ok {
					dest = joined + " " + v.dest
					break
				}
			}
		}
		if dest == "" {
			return
		}
		for u, val := range urls {
			if refersTo(joined, u) {
				dest += " " + val
			}
		}
		switch {
		case fn != nil:
			if _, ok := s.fns[fn.name]; ok || len(s.fns) < maxSenders {
				if d := s.fns[fn.name] + " " + dest; len(d) <= maxDest {
					s.fns[fn.name] = d
				}
			}
		case len(s.top) < maxTopSinks:
			s.top = append(s.top, sinkLine{n, strings.TrimSpace(dest)})
		}
	})
	for _, v := range imported.list {
		if _, ok := s.fns[v.name]; !ok {
			s.passed = append(s.passed, v) // at most 2*maxSenders (sendVias.add)
		}
	}
	return s
}

// addImported adds the sending functions of an imported file's summary:
// those names names (all when nil), and its default export under the
// name the module is bound to (const ship = require("./send")).
func addImported(via *sendVias, sum *sendSummary, names []string, alias string, g *source) {
	fns := make([]string, 0, len(sum.fns))
	for name := range sum.fns {
		if names == nil || slices.Contains(names, name) {
			fns = append(fns, name)
		}
	}
	slices.Sort(fns)
	for _, name := range fns {
		via.add(name, sum.fns[name], g)
	}
	for _, v := range sum.passed {
		if names == nil || slices.Contains(names, v.name) {
			via.add(v.name, v.dest, v.from)
		}
	}
	if d, ok := sum.fns[defaultExport]; ok && alias != "" {
		via.add(alias, d, g)
	}
}

// nextFn follows the function a line is in: a header starts one (def,
// function, NAME() {, const NAME = (…) => {), a Python body ends where
// the indentation falls back, a braced one where its braces close; nil
// at the top level.
func nextFn(fn *flowFn, n int, joined string) *flowFn {
	trimmed := strings.TrimSpace(joined)
	if fn != nil && fn.python && trimmed != "" && !strings.HasPrefix(trimmed, "#") && indentOf(joined) <= fn.indent {
		fn = nil
	}
	if fn != nil && !fn.python && fn.opened && fn.depth <= 0 || fn != nil && n-fn.start > fnBodyMax {
		fn = nil
	}
	if fn != nil && fn.oneLine {
		fn = nil
	}
	if fn == nil || !fn.python || indentOf(joined) <= fn.indent {
		if name, braced, ok := exportedFn(joined); ok {
			fn = &flowFn{name: name, indent: indentOf(joined), start: n, oneLine: !braced}
		} else if name, _, python, ok := functionHeader(joined); ok {
			fn = &flowFn{name: name, python: python, indent: indentOf(joined), start: n}
		} else if name, value := assignment(joined); name != "" && arrow(value) && strings.Contains(value, "{") {
			fn = &flowFn{name: name, indent: indentOf(joined), start: n}
		}
	}
	if fn != nil && !fn.python {
		fn.depth += strings.Count(joined, "{") - strings.Count(joined, "}")
		fn.opened = fn.opened || strings.Contains(joined, "{")
	}
	return fn
}

// exportedFn reads a line exporting a function of a JavaScript module:
// module.exports = function …, export default (v) => …, exports.send =
// async (v) => …; the module's own export is named defaultExport.
// braced: its body opens a block (else it is this one line).
func exportedFn(line string) (name string, braced, ok bool) {
	s := strings.TrimSpace(line)
	var value string
	switch {
	case strings.HasPrefix(s, "export default "):
		name, value = defaultExport, s[len("export default "):]
	case strings.HasPrefix(s, "module.exports") || strings.HasPrefix(s, "exports."):
		lhs, v, found := strings.Cut(s, "=")
		if !found || strings.HasPrefix(v, "=") || strings.HasPrefix(v, ">") {
			return "", false, false
		}
		switch lhs = strings.TrimSpace(lhs); {
		case lhs == "module.exports":
			name = defaultExport
		case strings.HasPrefix(lhs, "module.exports."):
			name = lhs[len("module.exports."):]
		case strings.HasPrefix(lhs, "exports."):
			name = lhs[len("exports."):]
		}
		if name == "" || identAt(name) != name {
			return "", false, false
		}
		value = strings.TrimSpace(v)
	default:
		return "", false, false
	}
	value = strings.TrimPrefix(value, "async ")
	if !arrow(value) {
		return "", false, false
	}
	return name, strings.Contains(value, "{"), true
}

// moduleAlias is the name a line binds a module (or its default export)
// to: const ship = require("./send"), import ship from "./send.js",
// const m = await import("./m.js"); "" for none.
func moduleAlias(line string) string {
	s := strings.TrimSpace(line)
	if rest, ok := strings.CutPrefix(s, "import "); ok {
		if name := identAt(rest); name != "" && name != "type" && !strings.HasPrefix(rest, "* ") {
			after := strings.TrimLeft(rest[len(name):], " ")
			if strings.HasPrefix(after, "from ") || strings.HasPrefix(after, ",") {
				return name
			}
		}
		return ""
	}
	name, value := assignment(s)
	value = strings.TrimPrefix(value, "await ")
	if name != "" && (strings.HasPrefix(value, "require(") || strings.HasPrefix(value, "import(")) {
		return name
	}
	return ""
}

// inlineModuleCall rewrites a call of a module required inline,
// require("./send")(token), as one of its default export,
// default(token); ok false for a line with none.
func inlineModuleCall(line string) (string, bool) {
	i := strings.Index(line, "require(")
	if i < 0 {
		return "", false
	}
	arg := strings.TrimLeft(line[i+len("require("):], " ")
	if arg == "" || arg[0] != '"' && arg[0] != '\'' && arg[0] != '`' {
		return "", false
	}
	end := strings.IndexByte(arg[1:], arg[0])
	if end < 0 {
		return "", false
	}
	rest := strings.TrimLeft(arg[end+2:], " ")
	if !strings.HasPrefix(rest, ")") || !strings.HasPrefix(strings.TrimLeft(rest[1:], " "), "(") {
		return "", false
	}
	return line[:i] + defaultExport + strings.TrimLeft(rest[1:], " "), true
}

// localImport reads a line that brings in another file of the skill:
// shell source/., Python from/import, JavaScript require and import.
// target is the path as written (no extension guessed), names the
// functions it names (nil: all of the module's), shell true for source.
func localImport(line string) (target string, names []string, shell bool, ok bool) {
	s := strings.TrimSpace(line)
	switch {
	case strings.HasPrefix(s, "source ") || strings.HasPrefix(s, ". "):
		_, arg, _ := strings.Cut(s, " ")
		if arg = sourcedPath(arg); arg == "" {
			return "", nil, false, false
		}
		return arg, nil, true, true
	case strings.HasPrefix(s, "from "):
		mod, rest, found := strings.Cut(strings.TrimPrefix(s, "from "), " import ")
		if !found {
			return "", nil, false, false
		}
		for n := range strings.SplitSeq(strings.Trim(rest, "() "), ",") {
			if n, _, _ = strings.Cut(strings.TrimSpace(n), " "); n != "" {
				names = append(names, n)
			}
		}
		return pyModule(strings.TrimSpace(mod)), names, false, true
	case strings.HasPrefix(s, "import ") && !strings.ContainsAny(s, `"'`):
		mod, _, _ := strings.Cut(strings.TrimPrefix(s, "import "), " ")
		return pyModule(strings.TrimSuffix(mod, ",")), nil, false, true
	}
	for _, call := range []string{"require(", "from ", "import("} {
		i := strings.Index(s, call)
		if i < 0 {
			continue
		}
		arg := strings.TrimLeft(s[i+len(call):], " ")
		if arg == "" || arg[0] != '"' && arg[0] != '\'' && arg[0] != '`' {
			continue
		}
		end := strings.IndexByte(arg[1:], arg[0])
		if end < 0 {
			continue
		}
		if t := arg[1 : end+1]; strings.HasPrefix(t, "./") || strings.HasPrefix(t, "../") {
			return t, nil, false, true
		}
	}
	return "", nil, false, false
}

var unquote = strings.NewReplacer(`"`, "", "'", "")

// sourcedPath reads the argument of source or ".": a path, or one from
// the script's own folder ($(dirname "$0")/lib.sh, ${BASH_SOURCE%/*}/lib.sh,
// "$DIR"/lib/net.sh); "" for one built otherwise.
func sourcedPath(arg string) string {
	for _, sep := range []string{";", "&&", "||", " #"} {
		arg, _, _ = strings.Cut(arg, sep)
	}
	arg = unquote.Replace(strings.TrimSpace(arg))
	if strings.HasPrefix(arg, "$") {
		end := -1
		switch {
		case strings.HasPrefix(arg, "$("):
			end = strings.IndexByte(arg, ')')
		case strings.HasPrefix(arg, "${"):
			end = strings.IndexByte(arg, '}')
		default:
			end = len(identAt(arg[1:]))
		}
		if end < 0 || !strings.HasPrefix(arg[end+1:], "/") {
			return ""
		}
		arg = "." + arg[end+1:]
	}
	if f := strings.Fields(arg); len(f) > 0 {
		arg = f[0]
	}
	if arg == "" || strings.Contains(arg, "$") || path.IsAbs(arg) {
		return ""
	}
	return arg
}

// pyModule turns a Python module (.net, ..lib.net, net) into a path.
func pyModule(mod string) string {
	dots := len(mod) - len(strings.TrimLeft(mod, "."))
	p := strings.ReplaceAll(mod[dots:], ".", "/")
	prefix := "./"
	if dots > 1 {
		prefix = strings.Repeat("../", dots-1)
	}
	if p == "" || !isIdentByte(p[0]) {
		return ""
	}
	return prefix + p
}

// importedFile finds the file of the skill an import names, from the
// importing file's folder, trying the usual extensions.
func (r *reviewer) importedFile(from *source, target string) *source {
	if target == "" {
		return nil
	}
	base := path.Join(path.Dir(from.rel), target)
	for _, ext := range []string{"", ".sh", ".bash", ".py", ".js", ".mjs", ".cjs", ".ts", "/index.js", "/index.ts", "/__init__.py"} {
		if f := r.file(base + ext); f != nil && f != from {
			return f
		}
	}
	return nil
}

// callsSender says whether line calls the function name (name(…), obj.name(…),
// or, in shell, name as a command) with an argument that refers to held or
// holds a credential read; args is what follows the name.
// Every use of the name is tried: the first may be a path
// (import("./send.js")).send(t)).
func callsSender(line, name string) (args string, ok bool) {
	for from := 0; from < len(line); {
		i := wordIndex(line[from:], name)
		if i < 0 {
			return "", false
		}
		i += from
		from = i + len(name)
		rest := line[i+len(name):]
		if strings.HasPrefix(rest, "(") {
			return rest, true
		}
		// A shell command: the name starts a command.
		before := strings.TrimRight(line[:i], " \t")
		if before == "" || strings.HasSuffix(before, "$(") || slices.Contains([]string{";", "&&", "||", "|", "`"}, lastToken(before)) {
			if rest == "" || rest[0] == ' ' || rest[0] == '\t' {
				return rest, true
			}
		}
	}
	return "", false
}

func lastToken(s string) string {
	for _, t := range []string{"&&", "||", "$(", ";", "|", "`"} {
		if strings.HasSuffix(s, t) {
			return t
		}
	}
	return ""
}

// sendVia is a sending function callable from the file being read: its
// own, or one of an imported file (from).
type sendVia struct {
	name, dest string
	from       *source
}

type sendVias struct{ list []sendVia }

func (v *sendVias) add(name, dest string, from *source) {
	if len(v.list) < 2*maxSenders && !slices.ContainsFunc(v.list, func(s sendVia) bool { return s.name == name }) {
		v.list = append(v.list, sendVia{name, dest, from})
	}
}

// hasLocalImport: some line of text may import another file (a cheap
// test before reading a script whose credentials are files).
func hasLocalImport(text string) bool {
	return containsAny(text, []string{"source ", ". ", "import ", "require("})
}

// importSends takes in the sending functions of g, which f imports at
// off (only names, when the import names them), and reports a held
// credential that a sourced shell file's top-level lines send.
func (r *reviewer) importSends(f *source, off int, line string, g *source, names []string, shell bool, live []flowVar, via *sendVias, files *int) bool {
	sum := r.sendersAt(g, maxImportDepth-1, files)
	addImported(via, sum, names, moduleAlias(line), g)
	if !shell {
		return false
	}
	for _, v := range live {
		for _, sink := range sum.top {
			if !refersTo(sink.text, v.name) {
				continue
			}
			if host := r.flowHost(v, sink.text); host != "" {
				at, _ := f.pos(v.at)
				rule, hint := r.flowRule(f, off, v)
				r.report(f, off, rule, fmt.Sprintf("%s into %s (line %d) and sources %s, whose line %d sends it to %s: %s", v.what, v.origin, at, clip(g.rel, 60), sink.line, host, clip(Visible(sink.text), 160)), hint)
				return true
			}
		}
	}
	return false
}

// callSends reports a line handing a credential — read on the line, or
// held in a variable — to a function that sends to a host not the
// credential's service.
func (r *reviewer) callSends(f *source, off int, joined string, live []flowVar, list []sendVia) {
	if name, _, _, ok := functionHeader(joined); ok && slices.ContainsFunc(list, func(s sendVia) bool { return s.name == name }) {
		return // the definition, not a call
	}
	call := joined
	if c, ok := inlineModuleCall(joined); ok {
		call = c
	}
	for _, s := range list {
		args, ok := callsSender(call, s.name)
		if !ok {
			continue
		}
		var held []flowVar
		if v, ok := credentialIn(args, true); ok {
			v.origin = ""
			held = append(held, v)
		}
		for _, v := range live {
			if refersTo(args, v.name) && (!v.paired || s.from != nil) {
				held = append(held, v)
			}
		}
		for _, v := range held {
			host := r.flowHost(v, s.dest)
			if host == "" {
				continue
			}
			where := "this file"
			if s.from != nil {
				where = clip(s.from.rel, 60)
			}
			what := v.what
			if v.origin != "" {
				at, _ := f.pos(v.at)
				what = fmt.Sprintf("%s into %s (line %d)", v.what, v.origin, at)
			}
			rule, hint := r.flowRule(f, off, v)
			callee := s.name + "()"
			if s.name == defaultExport {
				callee = "the function it exports"
			}
			r.report(f, off, rule, fmt.Sprintf("%s and passes it to %s (%s), which sends to %s: %s", what, callee, where, host, clip(Visible(strings.TrimSpace(joined)), 160)), hint)
			return
		}
	}
}

// flowHost is the host a held value is sent to that it should not go to:
// for a credential, one not its service's; for the conversation, one the
// plugin names nowhere.
func (r *reviewer) flowHost(v flowVar, dest string) string {
	if v.conv {
		return r.undeclaredHost(dest)
	}
	return foreignHost(dest, v.word, v.own)
}

// flowRule is the rule and hint of a held value sent away.
func (r *reviewer) flowRule(f *source, off int, v flowVar) (rule, hint string) {
	if v.conv {
		return "review/conversation-sent", convHint
	}
	return exfilRule(f, off), exfilHint
}
