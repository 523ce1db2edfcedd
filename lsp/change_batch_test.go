package lsp

import (
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// oneByOne is applyChanges as the LSP specification states it: each
// change against the text the ones before it left.
func oneByOne(cur string, changes []changeEvent, enc posEncoding) string {
	for _, c := range changes {
		t := newTextIn(cur, enc)
		start, end := t.offset(c.Range.Start), t.offset(c.Range.End)
		end = max(start, end)
		cur = cur[:start] + c.Text + cur[end:]
	}
	return cur
}

// Batches in every order, overlapping, touching, past a line's end, in
// CRLF and astral text, give what applying them one by one gives.
func TestChangeBatchesMatchOneByOne(t *testing.T) {
	for _, enc := range []posEncoding{encUTF16, encUTF8, encUTF32} {
		t.Run(enc.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 2))
			pieces := []string{"a", "é", "😀", "\n", "\r\n", "\r", "word ", "\t", ""}
			randText := func(n int) string {
				var b strings.Builder
				for range n {
					b.WriteString(pieces[rng.IntN(len(pieces))])
				}
				return b.String()
			}
			randPos := func(tx *text) protocol.Position {
				line := rng.IntN(tx.lineCount() + 1)
				return protocol.Position{Line: uint32(line), Character: uint32(rng.IntN(enc.len(tx.line(line)) + 3))}
			}
			batched := 0
			for round := range 3000 {
				doc := randText(40)
				var changes []changeEvent
				cur := doc
				descending := round%2 == 0
				var last *protocol.Range
				for range 1 + rng.IntN(6) {
					tx := newTextIn(cur, enc)
					a, b := randPos(tx), randPos(tx)
					if before(b, a) {
						a, b = b, a
					}
					if descending {
						a, b = tx.pos(tx.offset(a)), tx.pos(tx.offset(b))
					}
					if descending && last != nil && before(last.Start, b) {
						// Keep most batches descending, as VS Code sends them.
						a, b = tx.pos(tx.offset(last.Start)/2), tx.pos(tx.offset(last.Start))
					}
					r := protocol.Range{Start: a, End: b}
					c := changeEvent{Range: &r, Text: randText(rng.IntN(4))}
					changes = append(changes, c)
					cur = oneByOne(cur, []changeEvent{c}, enc)
					last = &r
				}
				if len(descendingRun(newTextIn(doc, enc), changes)) > 1 {
					batched++
				}
				got, ok := applyChanges(doc, true, changes, enc)
				if want := oneByOne(doc, changes, enc); !ok || got != want {
					t.Fatalf("round %d: %q with %+v:\ngot  %q\nwant %q", round, doc, changes, got, want)
				}
			}
			if batched < 500 {
				t.Errorf("only %d of 3,000 batches took the one-copy path", batched)
			}
		})
	}
}

// A multi-cursor edit of a 1 MB document (1,000 one-character inserts,
// last first) costs about one copy of it, not one per edit: 1 GB.
func TestChangeBatchCostsTheDocumentOnce(t *testing.T) {
	line := strings.Repeat("x", 999) + "\n"
	doc := strings.Repeat(line, 1000)
	var changes []changeEvent
	for i := 999; i >= 0; i-- {
		p := protocol.Position{Line: uint32(i), Character: 10}
		changes = append(changes, changeEvent{Range: &protocol.Range{Start: p, End: p}, Text: "y"})
	}
	var got string
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	got, _ = applyChanges(doc, true, changes, encUTF16)
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 8<<20 {
		t.Errorf("%d MB allocated for 1,000 edits of a 1 MB document", n>>20)
	}
	if got[10] != 'y' || strings.Count(got, "\n"+strings.Repeat("x", 10)+"y") != 999 || len(got) != len(doc)+1000 {
		t.Errorf("edits misapplied")
	}
}
