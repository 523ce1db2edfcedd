package ui

import (
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/skillstudio/skillstudio/internal/mdrender"
)

// A code line too long for the reader is wrapped by the renderer into
// pieces, each after the first led by a dim ↪ (mdrender.ContinuationMark),
// the space it broke at dropped. Search joins the pieces back into one
// line, so a match may span a break, and highlights each part of it on
// the line where it shows.

// piece is the part of a rendered line that one logical line takes:
// plain[from:to] of line.
type piece struct {
	line, from, to int
}

// logicalLines groups the rendered lines into logical ones: a line, and
// the continued pieces of a wrapped code line after it. plain are the
// lines without escapes.
func logicalLines(lines, plain []string) [][]piece {
	var out [][]piece
	for i, raw := range lines {
		if at := strings.Index(raw, mdrender.ContinuationMark); at >= 0 && len(out) > 0 {
			prev := &out[len(out)-1]
			last := &(*prev)[len(*prev)-1]
			// The piece above ends at its code: what follows is padding
			// to the block's edge (and the space the break dropped).
			last.to = last.from + len(strings.TrimRight(plain[last.line][last.from:], " "))
			from := len(ansi.Strip(raw[:at])) + len("↪")
			if from <= len(plain[i]) {
				*prev = append(*prev, piece{i, from, len(plain[i])})
				continue
			}
		}
		out = append(out, []piece{{i, 0, len(plain[i])}})
	}
	return out
}

// matchJoined finds needle in the pieces of one logical line, with hay
// the same pieces folded as needle is. A space of the needle may stand
// for the break between two pieces (the renderer drops the space it
// breaks at). It returns, for each match, its ranges per rendered line
// (byte offsets into plain).
func matchJoined(pieces []piece, hay []string, needle string) [][]lineRange {
	if needle == "" {
		return nil
	}
	// The joined text, and where each piece starts in it.
	var text strings.Builder
	starts := make([]int, len(pieces))
	for k := range pieces {
		starts[k] = text.Len()
		text.WriteString(hay[k])
	}
	joined := text.String()
	pieceAt := func(at int) int { // the piece byte at of joined is in
		k, found := slices.BinarySearch(starts, at)
		if !found {
			k--
		}
		for k+1 < len(starts) && starts[k+1] == at { // an empty piece
			k++
		}
		return k
	}
	isJoint := func(at int) bool {
		_, found := slices.BinarySearch(starts[1:], at)
		return found
	}
	var out [][]lineRange
	for start := 0; start < len(joined); {
		end, ok := 0, false
		if len(pieces) == 1 { // no break: a plain substring search
			if j := strings.Index(joined[start:], needle); j >= 0 {
				start += j
				end, ok = start+len(needle), true
			} else {
				break
			}
		} else {
			end, ok = matchAt(joined, start, needle, isJoint)
		}
		if !ok {
			start++
			continue
		}
		var rs []lineRange
		for at := start; at < end; {
			k := pieceAt(at)
			stop := min(end, starts[k]+len(hay[k]))
			p := pieces[k]
			rs = append(rs, lineRange{p.line, p.from + at - starts[k], p.from + stop - starts[k]})
			at = stop
		}
		out = append(out, rs)
		start = end
	}
	return out
}

// matchAt matches needle at joined[start:], letting a run of spaces in
// the needle match nothing where a piece boundary is; it returns the end.
func matchAt(joined string, start int, needle string, isJoint func(int) bool) (int, bool) {
	i, j := start, 0
	for j < len(needle) {
		if needle[j] == ' ' && i > start && isJoint(i) && (i >= len(joined) || joined[i] != ' ') {
			for j < len(needle) && needle[j] == ' ' {
				j++
			}
			continue
		}
		if i >= len(joined) || joined[i] != needle[j] {
			return 0, false
		}
		i++
		j++
	}
	return i, i > start
}

// lineRange is a match's part on one rendered line: plain[from:to].
type lineRange struct {
	line, from, to int
}
