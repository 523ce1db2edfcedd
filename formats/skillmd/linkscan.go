package skillmd

import (
	"bytes"
	"slices"
)

// tailScan makes every link-tail search in one paragraph take linear time
// overall. A paragraph of 500 KB of "[a](" starts a destination search
// at every "](", and each used to run to the end of the line: quadratic
// (21 s to lint). Here each search is answered from tables built once per
// paragraph or from the last search's span.
type tailScan struct {
	v []byte
	// nextBreak[i]: the first offset >= i holding ' ', '\n', '\t' or '\\'
	// (where an unbracketed destination stops), or len(v).
	nextBreak []int32
	// nextDrop[i]: the first x > i whose paren balance of v[:x] is below
	// that of v[:i] (a ')' that closes more than was opened from i), or
	// len(v)+1 when there is none.
	nextDrop []int32
	angle    span    // last search for '>' (or '\n' / '\\')
	title    [3]span // last search per title closer: '"', '\'', ')'
	built    bool    // nextBreak and nextDrop are set for v
	bal      []int32 // build's scratch
	stack    []int32
	// walked counts the bytes destEnd read before the tables were built:
	// a paragraph with a link or two is read directly, one with many
	// builds the tables once that reading would pass its own length.
	walked int
}

// span: a search from from stopped at to, so every search starting in
// [from, to] stops at to as well.
type span struct {
	from, to int
	set      bool
}

// reset readies t for paragraph text v, keeping its buffers.
func (t *tailScan) reset(v []byte) {
	*t = tailScan{v: v, nextBreak: t.nextBreak[:0], nextDrop: t.nextDrop[:0], bal: t.bal[:0], stack: t.stack[:0]}
}

// destEnd returns where an unbracketed destination starting at i ends:
// at its unbalanced ')' or at the first break byte.
func (t *tailScan) destEnd(i int) int {
	if !t.built && t.walked <= 2*len(t.v)+256 {
		depth := 0
		for k := i; k < len(t.v); k++ {
			switch t.v[k] {
			case ' ', '\n', '\t', '\\':
				t.walked += k - i + 1
				return k
			case '(':
				depth++
			case ')':
				if depth == 0 {
					t.walked += k - i + 1
					return k
				}
				depth--
			}
		}
		t.walked += len(t.v) - i
		return len(t.v)
	}
	if !t.built {
		t.build()
	}
	j := int(t.nextBreak[i])
	if d := int(t.nextDrop[i]) - 1; d < j {
		j = d
	}
	return j
}

func (t *tailScan) build() {
	t.built = true
	n := len(t.v)
	t.nextBreak = slices.Grow(t.nextBreak[:0], n+1)[:n+1]
	t.nextBreak[n] = int32(n)
	for i := n - 1; i >= 0; i-- {
		switch t.v[i] {
		case ' ', '\n', '\t', '\\':
			t.nextBreak[i] = int32(i)
		default:
			t.nextBreak[i] = t.nextBreak[i+1]
		}
	}
	// Prefix balances and, with a monotonic stack, the next smaller one.
	bal := slices.Grow(t.bal[:0], n+1)[:n+1]
	t.bal = bal
	bal[0] = 0
	for i, c := range t.v {
		bal[i+1] = bal[i]
		switch c {
		case '(':
			bal[i+1]++
		case ')':
			bal[i+1]--
		}
	}
	t.nextDrop = slices.Grow(t.nextDrop[:0], n+1)[:n+1]
	stack := t.stack[:0]
	defer func() { t.stack = stack[:0] }()
	for x := n; x >= 0; x-- {
		for len(stack) > 0 && bal[stack[len(stack)-1]] >= bal[x] {
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 {
			t.nextDrop[x] = int32(n + 1)
		} else {
			t.nextDrop[x] = stack[len(stack)-1]
		}
		stack = append(stack, int32(x))
	}
}

// find returns the first offset >= i holding one of stops (or len(v)),
// reusing the last search of the same kind.
func (t *tailScan) find(sp *span, i int, stops string) int {
	if sp.set && i >= sp.from && i <= sp.to {
		return sp.to
	}
	j := i
	for j < len(t.v) && !isStop(t.v[j], stops) {
		j++
	}
	*sp = span{from: i, to: j, set: true}
	return j
}

func isStop(c byte, stops string) bool {
	for k := 0; k < len(stops); k++ {
		if stops[k] == c {
			return true
		}
	}
	return false
}

// titleSpan picks the memo of a title closer.
func (t *tailScan) titleSpan(closer byte) *span {
	switch closer {
	case '"':
		return &t.title[0]
	case '\'':
		return &t.title[1]
	}
	return &t.title[2]
}

// linkWorkBudget bounds (link openings × paragraph length) for one
// paragraph handed to goldmark, whose link parser retries the rest of the
// paragraph at every "](" or "](<" (quadratic: 512 KB of "[a](" after a
// backslash took 29 s). Real paragraphs stay far below it.
const linkWorkBudget = 50_000_000

// defuseLinkFloods returns body with the "(" after every "]" replaced by
// a space in the paragraphs whose link work would pass linkWorkBudget.
// Lengths and offsets are unchanged, so headings and other paragraphs
// read the same; the flooded paragraph's links are not read (no agent
// follows 100 000 links of one paragraph either). body itself is never
// modified.
func defuseLinkFloods(body []byte) []byte {
	out, copied := body, false
	start := 0
	flush := func(end int) {
		para := body[start:end]
		opens := 0
		for i := 0; i+1 < len(para); i++ {
			if para[i] == ']' && para[i+1] == '(' {
				opens++
			}
		}
		defs := definitionLines(para, nil)
		if opens*len(para) <= linkWorkBudget && defs*len(para) <= linkWorkBudget {
			return
		}
		if !copied {
			out, copied = append([]byte(nil), body...), true
		}
		if opens*len(para) > linkWorkBudget {
			for i := start; i+1 < end; i++ {
				if out[i] == ']' && out[i+1] == '(' {
					out[i+1] = ' '
				}
			}
		}
		if defs*len(para) > linkWorkBudget {
			definitionLines(para, out[start:end])
		}
	}
	for off := 0; off < len(body); {
		nl := indexNL(body, off)
		if isBlankBytes(body[off:nl]) {
			flush(off)
			start = nl
		}
		off = nl + 1
	}
	if start < len(body) {
		flush(len(body))
	}
	return out
}

// definitionLines counts the lines of para that may start a link
// reference definition ("[label]:", indented at most three spaces).
// goldmark reads a paragraph's definitions one by one, copying the rest
// of the paragraph each time: 200,000 of them took minutes. When defuse
// is not nil (a copy of para), the "[" of each is replaced by a space
// there, so they read as text.
func definitionLines(para, defuse []byte) int {
	n := 0
	for off := 0; off < len(para); {
		nl := indexNL(para, off)
		line := para[off:nl]
		i := 0
		for i < len(line) && i < 3 && line[i] == ' ' {
			i++
		}
		if i < len(line) && line[i] == '[' {
			if j := bytes.Index(line[i:], []byte("]:")); j >= 0 {
				n++
				if defuse != nil {
					defuse[off+i] = ' '
				}
			}
		}
		off = nl + 1
	}
	return n
}

func indexNL(b []byte, from int) int {
	for i := from; i < len(b); i++ {
		if b[i] == '\n' {
			return i
		}
	}
	return len(b)
}
