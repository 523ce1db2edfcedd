package xgs

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The depth guard as it was before it was tuned for speed (commit
// c1b7d5c), kept as the reference FuzzDepthGuardMatchesReference holds
// scan to: the same offset and the same verdict on every input.

func refScan(src []byte, costs bool) (int, bool) {
	t := &refDepthScan{src: src, stack: []refScanLevel{{}}, costs: costs}
	at := -1
	if t.run() {
		at = t.at
	}
	return at, t.tokens > maxTokens
}

type refScanLevel struct {
	chain int
	// stmts: statements opened at this level that the next statement
	// nests inside (if, else, while, for, with, do, labels).
	stmts int
	// kind of the bracket that opened this level: '(' '[' '{', or 't' for
	// a template's ${.
	open byte
	// afterValue: closing this level ends an operand (false for the head
	// of if/while/for/with and for a block's }).
	afterValue bool
	// ternaries open (? seen, : not yet) and whether a case or default
	// waits for its :, so that a label's : (which nests the statement
	// after it) is told from theirs.
	ternaries int
	inCase    bool
	// postfix operations chained at this level and, for + chains of
	// string literals, the bytes joined so far and the folding cost.
	postfix        int
	joined, folded int
	joinPending    bool
}

type refDepthScan struct {
	src     []byte
	stack   []refScanLevel
	total   int
	operand bool   // the previous token ends an operand
	keyword string // the previous token, when it is an identifier
	ident   bool   // the previous token is an identifier
	block   bool   // the previous token closed a block
	costs   bool   // also apply maxChain and maxFoldedCost (tooCostly)
	at      int
	tokens  int // tokens met so far (comments and literals count one)
}

// chained counts one postfix operation (call, index, member, tagged
// template) when it continues an operand.
func (t *refDepthScan) chained(i int) bool {
	if !t.costs || !t.operand {
		return false
	}
	top := &t.stack[len(t.stack)-1]
	top.postfix++
	t.at = i
	return top.postfix > maxChain
}

// literal accounts for a string or template literal of n bytes: joined
// to the previous ones by +, esbuild folds them into one string, copying
// everything joined so far each time.
func (t *refDepthScan) literal(i, n int) bool {
	if !t.costs {
		return false
	}
	top := &t.stack[len(t.stack)-1]
	if !top.joinPending {
		top.joined = 0
	}
	top.joinPending = false
	top.joined += n
	top.folded += top.joined
	t.at = i
	return top.folded > maxFoldedCost
}

// resetChains forgets this level's chains at a statement or list
// boundary.
func (t *refDepthScan) resetChains() {
	top := &t.stack[len(t.stack)-1]
	top.postfix, top.joined, top.folded, top.joinPending = 0, 0, 0, false
}

func (t *refDepthScan) bump(i int) bool {
	t.stack[len(t.stack)-1].chain++
	t.total++
	t.at = i
	return t.total > maxNesting
}

// bumpStmt counts a statement the next statement nests inside.
func (t *refDepthScan) bumpStmt(i int) bool {
	t.stack[len(t.stack)-1].stmts++
	t.total++
	t.at = i
	return t.total > maxNesting
}

// endExpr ends the expression chain of the current level (at , and ;).
func (t *refDepthScan) endExpr() {
	top := &t.stack[len(t.stack)-1]
	t.total -= top.chain
	top.chain, top.ternaries, top.inCase = 0, 0, false
	t.resetChains()
}

// endStatement ends the statement at the current level: nothing before
// it encloses what follows.
func (t *refDepthScan) endStatement() {
	t.endExpr()
	top := &t.stack[len(t.stack)-1]
	t.total -= top.stmts
	top.stmts = 0
}

// refContinuesStatement: words that may follow a complete operand or block
// within the same statement; any other name there starts a new one.
func refContinuesStatement(word []byte) bool {
	switch string(word) {
	case "in", "of", "instanceof", "as", "satisfies", "extends", "implements", "else", "catch", "finally":
		return true
	}
	return false
}

// refNextWordIs reports whether the next token after i (spaces and comments
// skipped) is word.
func refNextWordIs(src []byte, i int, word string) bool {
	for i < len(src) {
		switch {
		case src[i] == ' ' || src[i] == '\t' || src[i] == '\r' || src[i] == '\n':
			i++
		case src[i] == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case src[i] == '/' && i+1 < len(src) && src[i+1] == '*':
			i += 2
			for i+1 < len(src) && !(src[i] == '*' && src[i+1] == '/') {
				i++
			}
			i += 2
		default:
			j := i + len(word)
			return j <= len(src) && string(src[i:j]) == word && (j == len(src) || !isIdentPart(src[j]))
		}
	}
	return false
}

func (t *refDepthScan) push(i int, open byte, afterValue bool) bool {
	t.stack = append(t.stack, refScanLevel{open: open, afterValue: afterValue})
	t.total++
	t.at = i
	return t.total > maxNesting
}

// pop closes a level and reports its kind ('t' continues a template).
func (t *refDepthScan) pop() refScanLevel {
	if len(t.stack) == 1 {
		return refScanLevel{afterValue: true}
	}
	top := t.stack[len(t.stack)-1]
	t.total -= top.chain + top.stmts + 1
	t.stack = t.stack[:len(t.stack)-1]
	return top
}

// refRecursingKeyword returns the keyword word is when it is one that nests
// what follows ("" otherwise). A switch: a map lookup per identifier was a
// third of the scan.
func refRecursingKeyword(word []byte) string {
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

func (t *refDepthScan) run() bool {
	src := t.src
	n := len(src)
	for i := 0; i < n; {
		c := src[i]
		if c > ' ' {
			if t.tokens++; t.tokens > maxTokens {
				t.at = i
				return true
			}
		}
		kw := ""
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
			continue
		case c == '/' && i+1 < n && src[i+1] == '/':
			// To the line's end: IndexByte, not a byte loop (the header
			// alone is a run of line comments).
			if k := bytes.IndexByte(src[i:], '\n'); k >= 0 {
				i += k
			} else {
				i = n
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
			t.block = false
			i = refSkipRegex(src, i)
			t.operand = true
			t.keyword = ""
			continue
		case c == '"' || c == '\'':
			j := refSkipString(src, i)
			if t.literal(i, j-i) {
				return true
			}
			i = j
			t.operand, t.keyword, t.ident, t.block = true, "", false, false
			continue
		case c == '`':
			if t.chained(i) {
				return true
			}
			start, levels := i, len(t.stack)
			var deeper bool
			i, deeper = t.template(i + 1)
			if deeper {
				return true
			}
			if len(t.stack) == levels && t.literal(start, i-start) {
				return true
			}
			t.ident, t.block = false, false
			continue
		case c == '(':
			head := t.keyword == "if" || t.keyword == "while" || t.keyword == "for" || t.keyword == "with"
			if t.chained(i) || t.push(i, '(', !head) {
				return true
			}
			t.operand = false
		case c == '[':
			if t.chained(i) || t.push(i, '[', true) {
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
			if top.open == '{' && !top.afterValue {
				t.block = true
				t.keyword, t.ident = "", false
				i++
				continue
			}
		case c == ')' || c == ']':
			t.operand = t.pop().afterValue
		case c == ',':
			t.endExpr()
			t.operand = false
		case c == ';':
			// An if's statement ends at its ; unless else follows.
			if refNextWordIs(src, i+1, "else") {
				t.endExpr()
			} else {
				t.endStatement()
			}
			t.operand = false
		case c == '=' && i+1 < n && src[i+1] == '>':
			if t.bump(i) {
				return true
			}
			i += 2
			t.operand, t.keyword, t.block = false, "", false
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
			t.operand, t.keyword, t.block = false, "", false
			continue
		case c == ':':
			top := &t.stack[len(t.stack)-1]
			switch {
			case top.ternaries > 0:
				top.ternaries--
			case top.inCase:
				top.inCase = false
			case t.ident && (top.open == 0 || top.open == '{' && !top.afterValue):
				// A label: the statement after it nests inside it
				// (esbuild and sobek both recurse; a run of 30,000
				// labels took 37 s to build).
				if t.bumpStmt(i) {
					return true
				}
			}
			t.operand = false
		case c == '~' || c == '?':
			if t.bump(i) {
				return true
			}
			if c == '?' && !(i+1 < n && (src[i+1] == '.' || src[i+1] == '?')) {
				t.stack[len(t.stack)-1].ternaries++
			}
			t.operand = false
		case c == '+' || c == '-':
			if i+1 < n && src[i+1] == c && t.operand {
				i += 2 // postfix ++ / --
				t.block = false
				continue
			}
			if !t.operand && t.bump(i) {
				return true
			}
			if c == '+' && t.operand {
				t.stack[len(t.stack)-1].joinPending = true
			}
			t.operand = false
		case c == '.' && i+1 < n && src[i+1] >= '0' && src[i+1] <= '9':
			i++
			for i < n && isIdentPart(src[i]) {
				i++
			}
			t.operand, t.keyword, t.block = true, "", false
			continue
		case c == '.':
			if t.chained(i) {
				return true
			}
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
			t.keyword, t.ident, t.block = "", false, false
			continue
		case isIdentStart(c) || c >= '0' && c <= '9':
			j := i
			for j < n && isIdentPart(src[j]) {
				j++
			}
			word := src[i:j]
			if (t.operand || t.block) && !refContinuesStatement(word) {
				// A name right after an operand or a block starts a new
				// statement (automatic semicolon insertion).
				t.endStatement()
			}
			k := refRecursingKeyword(word)
			switch k {
			case "":
				// extends, as, catch…: an operator, not an operand.
				t.operand = !refContinuesStatement(word)
				if string(word) == "case" || string(word) == "default" {
					t.stack[len(t.stack)-1].inCase = true
					t.operand = false
				}
			case "if", "else", "while", "for", "with", "do":
				// else if nests once, as one statement in the else.
				if !(k == "if" && t.keyword == "else") && t.bumpStmt(i) {
					return true
				}
				t.operand = false
				kw = k
			default:
				if t.bump(i) {
					return true
				}
				t.operand = false
				kw = k
			}
			t.keyword = kw
			t.ident = kw == "" && !(c >= '0' && c <= '9')
			t.block = false
			i = j
			continue
		default:
			t.operand = false
		}
		t.keyword = kw
		t.ident, t.block = false, false
		i++
	}
	return false
}

// expressionContext: a { here starts an object literal, judged by the last
// non-space byte before it (= ( , : [ ? ! & | etc. expect a value).
func (t *refDepthScan) expressionContext(i int) bool {
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
func (t *refDepthScan) template(i int) (int, bool) {
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

// refSkipString moves past a '…' or "…" literal (which cannot span lines).
func refSkipString(src []byte, i int) int {
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

// refSkipRegex moves past /…/flags, minding [classes] and escapes.
func refSkipRegex(src []byte, i int) int {
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

// FuzzDepthGuardMatchesReference: the tuned scan gives up at the same
// offset, for the same reason, as the reference scanner on any input,
// with and without esbuild's costs.
func FuzzDepthGuardMatchesReference(f *testing.F) {
	f.Add([]byte(generatedSkill(60)))
	f.Add([]byte("const a = ((((((((1))))))));\n`${`${x}`}`;/re[/]/g.test('(');"))
	f.Add([]byte("if(a)b();else if(c){}\nl: for(;;) x = y ? z : w => !~-+v;\ncase 1: default: a.b.c()()[0]`t` + 'x' + \"y\"; x++ --y"))
	f.Add([]byte("a /= b / c; x = {} / 2; class A extends B { m() { return typeof void delete await new yield x } }"))
	f.Add([]byte(".5 + 1.e3 + a?.b ?? c; x\n++y\n/* ( */ // [\n"))
	// At the limits: nesting, chains and the folding budget.
	for _, s := range []string{
		strings.Repeat("(", 502), strings.Repeat("a=>", 501), strings.Repeat("if(a)", 501), strings.Repeat("l: ", 501),
		strings.Repeat("`${", 501), strings.Repeat("!", 501), "x = " + strings.Repeat("a ? b : ", 501),
		"f" + strings.Repeat("()", maxChain+1), "x" + strings.Repeat(".y", maxChain+1),
		"s = " + strings.Repeat("'"+strings.Repeat("x", 400)+"' + ", 900) + "'';",
	} {
		f.Add([]byte(s))
	}
	if files, _ := filepath.Glob("testdata/*.xgs.js"); len(files) > 0 {
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, costs := range []bool{false, true} {
			at, many := scan(src, costs)
			wantAt, wantMany := refScan(src, costs)
			if at != wantAt || many != wantMany {
				t.Fatalf("costs=%v: scan = %d, %v; reference = %d, %v", costs, at, many, wantAt, wantMany)
			}
		}
	})
}
