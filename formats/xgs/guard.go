package xgs

// maxNesting bounds how deeply the body may nest before it is parsed.
// sobek's parser is recursive: a file of a few hundred thousand `(` or
// `-` overflows the goroutine stack, which Go cannot recover from. Real
// skills nest a few dozen levels; 500 leaves a wide margin.
const maxNesting = 500

// tooDeep estimates, with a small JS tokenizer and without parsing, how
// deeply src nests: open brackets plus chains of operators the parser
// recurses on (prefix ! ~ + -, ?:, =>, assignment, and keywords such as
// if, else, typeof, await, new), reset at ; and , of the same bracket
// level. It returns the offset where the estimate first passes
// maxNesting, or -1. Strings, comments, templates and regex literals are
// skipped as JS does; a regex is told from division by the previous
// token, as JS tokenizers do, tracking whether ) closes an if/while/for
// head and } a block.
func tooDeep(src []byte) int {
	t := &depthScan{src: src, stack: []scanLevel{{}}}
	if t.run() {
		return t.at
	}
	return -1
}

type scanLevel struct {
	chain int
	// kind of the bracket that opened this level: '(' '[' '{', or 't' for
	// a template's ${.
	open byte
	// afterValue: closing this level ends an operand (false for the head
	// of if/while/for/with and for a block's }).
	afterValue bool
}

type depthScan struct {
	src     []byte
	stack   []scanLevel
	total   int
	operand bool   // the previous token ends an operand
	keyword string // the previous token, when it is an identifier
	at      int
}

func (t *depthScan) bump(i int) bool {
	t.stack[len(t.stack)-1].chain++
	t.total++
	t.at = i
	return t.total > maxNesting
}

func (t *depthScan) push(i int, open byte, afterValue bool) bool {
	t.stack = append(t.stack, scanLevel{open: open, afterValue: afterValue})
	t.total++
	t.at = i
	return t.total > maxNesting
}

// pop closes a level and reports its kind ('t' continues a template).
func (t *depthScan) pop() scanLevel {
	if len(t.stack) == 1 {
		return scanLevel{afterValue: true}
	}
	top := t.stack[len(t.stack)-1]
	t.total -= top.chain + 1
	t.stack = t.stack[:len(t.stack)-1]
	return top
}

// recursingKeyword returns the keyword word is when it is one that nests
// what follows ("" otherwise). A switch: a map lookup per identifier was a
// third of the scan.
func recursingKeyword(word []byte) string {
	switch string(word) {
	case "if":
		return "if"
	case "else":
		return "else"
	case "while":
		return "while"
	case "for":
		return "for"
	case "with":
		return "with"
	case "do":
		return "do"
	case "typeof":
		return "typeof"
	case "void":
		return "void"
	case "delete":
		return "delete"
	case "await":
		return "await"
	case "new":
		return "new"
	case "yield":
		return "yield"
	case "return":
		return "return"
	case "throw":
		return "throw"
	case "case":
		return "case"
	case "async":
		return "async"
	case "function":
		return "function"
	case "class":
		return "class"
	case "in":
		return "in"
	case "of":
		return "of"
	case "instanceof":
		return "instanceof"
	}
	return ""
}

func (t *depthScan) run() bool {
	src := t.src
	n := len(src)
	for i := 0; i < n; {
		c := src[i]
		kw := ""
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
			continue
		case c == '/' && i+1 < n && src[i+1] == '/':
			for i < n && src[i] != '\n' {
				i++
			}
			continue
		case c == '/' && i+1 < n && src[i+1] == '*':
			i += 2
			for i+1 < n && !(src[i] == '*' && src[i+1] == '/') {
				i++
			}
			i += 2
			continue
		case c == '/' && !t.operand:
			i = skipRegex(src, i)
			t.operand = true
			t.keyword = ""
			continue
		case c == '"' || c == '\'':
			i = skipString(src, i)
			t.operand = true
			t.keyword = ""
			continue
		case c == '`':
			var deeper bool
			i, deeper = t.template(i + 1)
			if deeper {
				return true
			}
			continue
		case c == '(':
			head := t.keyword == "if" || t.keyword == "while" || t.keyword == "for" || t.keyword == "with"
			if t.push(i, '(', !head) {
				return true
			}
			t.operand = false
		case c == '[':
			if t.push(i, '[', true) {
				return true
			}
			t.operand = false
		case c == '{':
			// After a value-expecting token it is an object literal;
			// otherwise (statement start, ), =>, else…) a block.
			if t.push(i, '{', !t.operand && t.keyword == "" && t.expressionContext(i)) {
				return true
			}
			t.operand = false
		case c == '}':
			top := t.pop()
			if top.open == 't' {
				var deeper bool
				i, deeper = t.template(i + 1)
				if deeper {
					return true
				}
				continue
			}
			t.operand = top.afterValue
		case c == ')' || c == ']':
			t.operand = t.pop().afterValue
		case c == ';' || c == ',':
			top := &t.stack[len(t.stack)-1]
			t.total -= top.chain
			top.chain = 0
			t.operand = false
		case c == '=' && i+1 < n && src[i+1] == '>':
			if t.bump(i) {
				return true
			}
			i += 2
			t.operand, t.keyword = false, ""
			continue
		case c == '=' || c == '!' || c == '<' || c == '>' || c == '*' || c == '%' || c == '&' || c == '|' || c == '^':
			j := i
			for j < n && (src[j] == '=' || src[j] == '!' || src[j] == '<' || src[j] == '>' || src[j] == '*' || src[j] == '%' || src[j] == '&' || src[j] == '|' || src[j] == '^') {
				j++
			}
			op := src[i:j]
			compound := len(op) > 1 && op[len(op)-1] == '=' && string(op) != "==" && string(op) != "===" && string(op) != "!=" && string(op) != "!==" && string(op) != "<=" && string(op) != ">="
			switch {
			case c == '!' && !t.operand:
				for k := i; k < j; k++ {
					if t.bump(k) {
						return true
					}
				}
			case string(op) == "=" || string(op) == "**" || compound:
				if t.bump(i) { // assignment and ** are right-associative
					return true
				}
			}
			i = j
			t.operand, t.keyword = false, ""
			continue
		case c == '~' || c == '?' || c == ':':
			if c != ':' && t.bump(i) {
				return true
			}
			t.operand = false
		case c == '+' || c == '-':
			if i+1 < n && src[i+1] == c && t.operand {
				i += 2 // postfix ++ / --
				continue
			}
			if !t.operand && t.bump(i) {
				return true
			}
			t.operand = false
		case c == '.' && i+1 < n && src[i+1] >= '0' && src[i+1] <= '9':
			i++
			for i < n && isIdentPart(src[i]) {
				i++
			}
			t.operand, t.keyword = true, ""
			continue
		case c == '.':
			t.operand = false
			i++
			// A property name after . is never a keyword.
			for i < n && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
				i++
			}
			j := i
			for j < n && isIdentPart(src[j]) {
				j++
			}
			if j > i {
				t.operand = true
			}
			i = j
			t.keyword = ""
			continue
		case isIdentStart(c) || c >= '0' && c <= '9':
			j := i
			for j < n && isIdentPart(src[j]) {
				j++
			}
			if k := recursingKeyword(src[i:j]); k != "" {
				if t.bump(i) {
					return true
				}
				t.operand = false
				kw = k
			} else {
				t.operand = true
			}
			t.keyword = kw
			i = j
			continue
		default:
			t.operand = false
		}
		t.keyword = kw
		i++
	}
	return false
}

// expressionContext: a { here starts an object literal, judged by the last
// non-space byte before it (= ( , : [ ? ! & | etc. expect a value).
func (t *depthScan) expressionContext(i int) bool {
	for j := i - 1; j >= 0; j-- {
		switch t.src[j] {
		case ' ', '\t', '\r', '\n':
			continue
		case '=', '(', ',', ':', '[', '?', '!', '&', '|', '+', '-', '*', '%', '<', '>', '~', '^':
			return t.src[j] != '>' || j == 0 || t.src[j-1] != '=' // => { is a block
		}
		return false
	}
	return false
}

// template scans template text from i (after ` or a ${…}'s }) to the
// closing backtick, or into a ${ (pushed as a level).
func (t *depthScan) template(i int) (int, bool) {
	src := t.src
	for i < len(src) {
		switch src[i] {
		case '\\':
			i += 2
			continue
		case '`':
			t.operand, t.keyword = true, ""
			return i + 1, false
		case '$':
			if i+1 < len(src) && src[i+1] == '{' {
				if t.push(i, 't', true) {
					return i, true
				}
				t.operand, t.keyword = false, ""
				return i + 2, false
			}
		}
		i++
	}
	return i, false
}

// skipString moves past a '…' or "…" literal (which cannot span lines).
func skipString(src []byte, i int) int {
	q := src[i]
	i++
	for i < len(src) && src[i] != q && src[i] != '\n' {
		if src[i] == '\\' {
			i++
		}
		i++
	}
	return i + 1
}

// skipRegex moves past /…/flags, minding [classes] and escapes.
func skipRegex(src []byte, i int) int {
	i++
	inClass := false
	for i < len(src) && src[i] != '\n' {
		switch src[i] {
		case '\\':
			i++
		case '[':
			inClass = true
		case ']':
			inClass = false
		case '/':
			if !inClass {
				i++
				for i < len(src) && isIdentPart(src[i]) {
					i++
				}
				return i
			}
		}
		i++
	}
	return i
}

func isIdentStart(c byte) bool { return identByte[c] == identStart }

func isIdentPart(c byte) bool { return identByte[c] != 0 }

const (
	identStart = 1 // letters, _, $ and any byte of a non-ASCII character
	identDigit = 2
)

// identByte classifies bytes for the scanners' identifier loops (a table
// lookup instead of five comparisons per byte).
var identByte = func() (t [256]byte) {
	for c := range t {
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$' || c >= 0x80:
			t[c] = identStart
		case c >= '0' && c <= '9':
			t[c] = identDigit
		}
	}
	return t
}()

// NestingTooDeep is tooDeep for the other recursive parsers fed the same
// text (esbuild in build): it returns the offset where src first nests
// more than the parser limit allows, or -1. Check it before handing src
// over: a Go stack overflow cannot be recovered.
func NestingTooDeep(src []byte) int { return tooDeep(src) }

// MaxNesting is the limit NestingTooDeep applies.
const MaxNesting = maxNesting
