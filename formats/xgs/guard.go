package xgs

import (
	"bytes"
	"sync"
)

// maxNesting bounds how deeply the body may nest before it is parsed.
// sobek's parser is recursive: a file of a few hundred thousand `(` or
// `-` overflows the goroutine stack, which Go cannot recover from. Real
// skills nest a few dozen levels; 500 leaves a wide margin.
const maxNesting = 500

// tooDeep estimates, with a small JS tokenizer and without parsing, how
// deeply src nests: open brackets plus chains of operators the parser
// recurses on (prefix ! ~ + -, ?:, =>, assignment, and keywords such as
// typeof, await, new), reset at ; and , of the same bracket level, plus
// statements nested in statements (if, else, loops, labels), reset where
// a statement ends: at ; or a block's } unless else follows, and where a
// name follows an operand (automatic semicolon insertion). It returns the offset where the estimate first passes
// maxNesting, or -1. Strings, comments, templates and regex literals are
// skipped as JS does; a regex is told from division by the previous
// token, as JS tokenizers do, tracking whether ) closes an if/while/for
// head and } a block.
func tooDeep(src []byte) int {
	at, _ := scan(src, false)
	return at
}

// maxTokens bounds the tokens of a body handed to a parser. Both parsers
// keep a syntax tree of a few hundred bytes per token (3.5 MB of a+a+…
// took 950 MB in sobek); real skills hold a few thousand tokens, and
// ordinary code of 2 MB about 500,000.
const maxTokens = 500_000

// guardBody is tooDeep that also says whether it gave up on maxTokens
// rather than on nesting.
func guardBody(src []byte) (at int, tooMany bool) { return scan(src, false) }

// Limits for esbuild only (build), which recurses where sobek loops:
// a chain of 300,000 calls or member accesses (f()()…, x.y.y…, tagged templates)
// overflowed the Go stack and 100,000 took 920 MB; folding a chain of
// string literals joined by + costs the square of its length ('a'+'a'+…
// 30,000 times took 1 GB, 300,000 times 23 GB).
const (
	maxChain      = 10_000
	maxFoldedCost = 128 << 20 // bytes of intermediate strings
)

// tooCostly is tooDeep plus the limits esbuild needs: postfix chains
// (calls, indexing, member access, tagged templates) and the cost of
// folding string literals joined by +.
func tooCostly(src []byte) int {
	at, _ := scan(src, true)
	return at
}

// scan runs a depthScan over src: the offset where it gives up, or -1,
// and whether it gave up on maxTokens.
func scan(src []byte, costs bool) (int, bool) {
	stack := levelStacks.Get().(*[]scanLevel)
	t := &depthScan{src: src, stack: append((*stack)[:0], scanLevel{}), costs: costs}
	at := -1
	if t.run() {
		at = t.at
	}
	*stack = t.stack[:0]
	levelStacks.Put(stack)
	return at, t.tokens > maxTokens
}

// levelStacks keeps scans' level stacks for reuse: lint scans every
// .xgs.js, and growing a fresh stack was most of what a scan allocated.
// A stack holds at most maxNesting+1 levels.
var levelStacks = sync.Pool{New: func() any { s := make([]scanLevel, 0, 64); return &s }}

type scanLevel struct {
	// The counters are bounded (chain, stmts and ternaries by maxNesting,
	// postfix by maxChain), so int32: a level is pushed and popped per
	// bracket, and a smaller one is cheaper to copy.
	chain int32
	// stmts: statements opened at this level that the next statement
	// nests inside (if, else, while, for, with, do, labels).
	stmts int32
	// ternaries open (? seen, : not yet), so that a label's : (which
	// nests the statement after it) is told from theirs.
	ternaries int32
	// postfix operations chained at this level.
	postfix int32
	// For + chains of string literals, the bytes joined so far and the
	// folding cost.
	joined, folded int
	// kind of the bracket that opened this level: '(' '[' '{', or 't' for
	// a template's ${.
	open byte
	// afterValue: closing this level ends an operand (false for the head
	// of if/while/for/with and for a block's }).
	afterValue bool
	// inCase: a case or default waits for its :.
	inCase      bool
	joinPending bool
}

// keywordKind is the previous token when it is a keyword that nests
// what follows (kwNone otherwise); the scan only tells these apart.
type keywordKind uint8

const (
	kwNone  keywordKind = iota
	kwIf                // if
	kwElse              // else
	kwWhile             // while
	kwFor               // for
	kwWith              // with
	kwDo                // do: a statement keyword
	kwOther             // typeof, void, delete, await, new, yield, return, throw, async, function, class, in, of, instanceof
)

type depthScan struct {
	src     []byte
	stack   []scanLevel
	total   int
	operand bool        // the previous token ends an operand
	keyword keywordKind // the previous token, when it is an identifier
	ident   bool        // the previous token is an identifier
	block   bool        // the previous token closed a block
	costs   bool        // also apply maxChain and maxFoldedCost (tooCostly)
	at      int
	tokens  int // tokens met so far (comments and literals count one)
}

// chained counts one postfix operation (call, index, member, tagged
// template) when it continues an operand.
func (t *depthScan) chained(i int) bool {
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
func (t *depthScan) literal(i, n int) bool {
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
func (t *depthScan) resetChains() {
	top := &t.stack[len(t.stack)-1]
	top.postfix, top.joined, top.folded, top.joinPending = 0, 0, 0, false
}

func (t *depthScan) bump(i int) bool {
	t.stack[len(t.stack)-1].chain++
	t.total++
	t.at = i
	return t.total > maxNesting
}

// bumpStmt counts a statement the next statement nests inside.
func (t *depthScan) bumpStmt(i int) bool {
	t.stack[len(t.stack)-1].stmts++
	t.total++
	t.at = i
	return t.total > maxNesting
}

// endExpr ends the expression chain of the current level (at , and ;).
func (t *depthScan) endExpr() {
	top := &t.stack[len(t.stack)-1]
	t.total -= int(top.chain)
	top.chain, top.ternaries, top.inCase = 0, 0, false
	t.resetChains()
}

// endStatement ends the statement at the current level: nothing before
// it encloses what follows.
func (t *depthScan) endStatement() {
	t.endExpr()
	top := &t.stack[len(t.stack)-1]
	t.total -= int(top.stmts)
	top.stmts = 0
}

// Word classes for wordClass.
const (
	wordContinues = 1 << iota // may follow an operand or block within the same statement
	wordCase                  // case or default: waits for its :
)

// wordClass says, in one switch, what the scan needs to know of an
// identifier: the nesting keyword it is (kwNone for most names) and
// whether it continues a statement or opens a case. Names that cannot be
// keywords (one letter, capitalised, longer than ten) skip the switch.
func wordClass(word []byte) (keywordKind, int) {
	if len(word) < 2 || len(word) > 10 || word[0] < 'a' || word[0] > 'y' {
		return kwNone, 0
	}
	switch string(word) {
	case "if":
		return kwIf, 0
	case "else":
		return kwElse, wordContinues
	case "while":
		return kwWhile, 0
	case "for":
		return kwFor, 0
	case "with":
		return kwWith, 0
	case "do":
		return kwDo, 0
	case "typeof", "void", "delete", "await", "new", "yield", "return", "throw", "async", "function", "class":
		return kwOther, 0
	case "in", "of", "instanceof":
		return kwOther, wordContinues
	case "as", "satisfies", "extends", "implements", "catch", "finally":
		return kwNone, wordContinues
	case "case", "default":
		return kwNone, wordCase
	}
	return kwNone, 0
}

// nextWordIs reports whether the next token after i (spaces and comments
// skipped) is word.
func nextWordIs(src []byte, i int, word string) bool {
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

func (t *depthScan) push(i int, open byte, afterValue bool) bool {
	t.stack = append(t.stack, scanLevel{open: open, afterValue: afterValue})
	t.total++
	t.at = i
	return t.total > maxNesting
}

// pop closes a level and returns its kind ('t' continues a template) and
// whether closing it ends an operand.
func (t *depthScan) pop() (open byte, afterValue bool) {
	if len(t.stack) == 1 {
		return 0, true
	}
	top := &t.stack[len(t.stack)-1]
	t.total -= int(top.chain) + int(top.stmts) + 1
	open, afterValue = top.open, top.afterValue
	t.stack = t.stack[:len(t.stack)-1]
	return open, afterValue
}

// isOperatorByte: the bytes of the operators the scan reads as one run
// (= ! < > * % & | ^).
var isOperatorByte = func() (t [256]bool) {
	for _, c := range []byte("=!<>*%&|^") {
		t[c] = true
	}
	return t
}()

// run is the scan. Identifiers and spaces, most of a file, are tested
// first; the other bytes dispatch on a switch of constants (a jump
// table), in the order the cases were first written where they overlap.
func (t *depthScan) run() bool {
	src := t.src
	n := len(src)
	for i := 0; i < n; {
		c := src[i]
		if c <= ' ' {
			if c == ' ' || c == '\t' || c == '\r' || c == '\n' {
				i++
				for i < n && (src[i] == ' ' || src[i] == '\t' || src[i] == '\r' || src[i] == '\n') {
					i++
				}
				continue
			}
			// Another control byte: not a token, ends an operand.
			t.operand, t.keyword, t.ident, t.block = false, kwNone, false, false
			i++
			continue
		}
		if t.tokens++; t.tokens > maxTokens {
			t.at = i
			return true
		}
		if identByte[c] != 0 {
			j := i + 1
			for j < n && identByte[src[j]] != 0 {
				j++
			}
			k, class := wordClass(src[i:j])
			if (t.operand || t.block) && class&wordContinues == 0 {
				// A name right after an operand or a block starts a new
				// statement (automatic semicolon insertion).
				t.endStatement()
			}
			switch k {
			case kwNone:
				// extends, as, catch…: an operator, not an operand.
				t.operand = class&wordContinues == 0
				if class&wordCase != 0 {
					t.stack[len(t.stack)-1].inCase = true
					t.operand = false
				}
			case kwIf, kwElse, kwWhile, kwFor, kwWith, kwDo:
				// else if nests once, as one statement in the else.
				if !(k == kwIf && t.keyword == kwElse) && t.bumpStmt(i) {
					return true
				}
				t.operand = false
			default:
				if t.bump(i) {
					return true
				}
				t.operand = false
			}
			t.keyword = k
			t.ident = k == kwNone && !(c >= '0' && c <= '9')
			t.block = false
			i = j
			continue
		}
		switch c {
		case '/':
			switch {
			case i+1 < n && src[i+1] == '/':
				// To the line's end: IndexByte, not a byte loop (the header
				// alone is a run of line comments).
				if k := bytes.IndexByte(src[i:], '\n'); k >= 0 {
					i += k
				} else {
					i = n
				}
				continue
			case i+1 < n && src[i+1] == '*':
				i += 2
				for i+1 < n && !(src[i] == '*' && src[i+1] == '/') {
					i++
				}
				i += 2
				continue
			case !t.operand:
				t.block = false
				i = skipRegex(src, i)
				t.operand = true
				t.keyword = kwNone
				continue
			}
			t.operand = false // division
		case '"', '\'':
			j := skipString(src, i)
			if t.literal(i, j-i) {
				return true
			}
			i = j
			t.operand, t.keyword, t.ident, t.block = true, kwNone, false, false
			continue
		case '`':
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
		case '(':
			head := t.keyword == kwIf || t.keyword == kwWhile || t.keyword == kwFor || t.keyword == kwWith
			if t.chained(i) || t.push(i, '(', !head) {
				return true
			}
			t.operand = false
		case '[':
			if t.chained(i) || t.push(i, '[', true) {
				return true
			}
			t.operand = false
		case '{':
			// After a value-expecting token it is an object literal;
			// otherwise (statement start, ), =>, else…) a block.
			if t.push(i, '{', !t.operand && t.keyword == kwNone && t.expressionContext(i)) {
				return true
			}
			t.operand = false
		case '}':
			open, afterValue := t.pop()
			if open == 't' {
				var deeper bool
				i, deeper = t.template(i + 1)
				if deeper {
					return true
				}
				continue
			}
			t.operand = afterValue
			if open == '{' && !afterValue {
				t.block = true
				t.keyword, t.ident = kwNone, false
				i++
				continue
			}
		case ')', ']':
			_, t.operand = t.pop()
		case ',':
			t.endExpr()
			t.operand = false
		case ';':
			// An if's statement ends at its ; unless else follows.
			if nextWordIs(src, i+1, "else") {
				t.endExpr()
			} else {
				t.endStatement()
			}
			t.operand = false
		case '=', '!', '<', '>', '*', '%', '&', '|', '^':
			if c == '=' && i+1 < n && src[i+1] == '>' {
				if t.bump(i) {
					return true
				}
				i += 2
				t.operand, t.keyword, t.block = false, kwNone, false
				continue
			}
			j := i + 1
			for j < n && isOperatorByte[src[j]] {
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
			case len(op) == 1 && c == '=' || string(op) == "**" || compound:
				if t.bump(i) { // assignment and ** are right-associative
					return true
				}
			}
			i = j
			t.operand, t.keyword, t.block = false, kwNone, false
			continue
		case ':':
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
		case '~', '?':
			if t.bump(i) {
				return true
			}
			if c == '?' && !(i+1 < n && (src[i+1] == '.' || src[i+1] == '?')) {
				t.stack[len(t.stack)-1].ternaries++
			}
			t.operand = false
		case '+', '-':
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
		case '.':
			if i+1 < n && src[i+1] >= '0' && src[i+1] <= '9' {
				i++
				for i < n && isIdentPart(src[i]) {
					i++
				}
				t.operand, t.keyword, t.block = true, kwNone, false
				continue
			}
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
			t.keyword, t.ident, t.block = kwNone, false, false
			continue
		default:
			t.operand = false
		}
		t.keyword = kwNone
		t.ident, t.block = false, false
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
			t.operand, t.keyword = true, kwNone
			return i + 1, false
		case '$':
			if i+1 < len(src) && src[i+1] == '{' {
				if t.push(i, 't', true) {
					return i, true
				}
				t.operand, t.keyword = false, kwNone
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

// NestingTooDeep is tooCostly for esbuild (build): it returns the offset
// where src first nests more than the parser limit allows, or chains past
// MaxChain or the string-folding budget, or -1. Check it before handing src
// over: a Go stack overflow cannot be recovered.
func NestingTooDeep(src []byte) int { return tooCostly(src) }

// MaxNesting, MaxChain and MaxTokens are the limits NestingTooDeep applies.
const (
	MaxNesting = maxNesting
	MaxChain   = maxChain
	MaxTokens  = maxTokens
)
