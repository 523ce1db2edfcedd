package lsp

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// Batches in ascending order (each range in the text the edits before it
// left, as Helix sends them), over CRLF, lone \r, astral text, positions
// past a line's end and inside a surrogate pair, give what applying them
// one by one gives.
func TestAscendingBatchesMatchOneByOne(t *testing.T) {
	for _, enc := range []posEncoding{encUTF16, encUTF8, encUTF32} {
		t.Run(enc.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(3, 4))
			pieces := []string{"a", "é", "😀", "\n", "\r\n", "\r", "word ", ""}
			randText := func(n int) string {
				var b strings.Builder
				for range n {
					b.WriteString(pieces[rng.IntN(len(pieces))])
				}
				return b.String()
			}
			long := 0
			for round := range 4000 {
				doc := randText(40)
				var changes []changeEvent
				cur := doc
				from := 0 // the byte offset in cur the next change starts at or after
				for range 1 + rng.IntN(8) {
					tx := newTextIn(cur, enc)
					a := from + rng.IntN(len(cur)-from+1)
					b := a + rng.IntN(len(cur)-a+1)
					pa, pb := tx.pos(a), tx.pos(b)
					switch rng.IntN(6) {
					case 0: // past the line's end
						pb.Character += uint32(rng.IntN(4))
					case 1: // inverted
						pa, pb = pb, pa
					case 2: // past the text's end
						pb.Line += uint32(rng.IntN(3))
					}
					r := protocol.Range{Start: pa, End: pb}
					c := changeEvent{Range: &r, Text: randText(rng.IntN(4))}
					changes = append(changes, c)
					next := oneByOne(cur, []changeEvent{c}, enc)
					from = min(len(next), newTextIn(cur, enc).offset(pa)+len(c.Text))
					cur = next
				}
				if len(ascendingRun(newTextIn(doc, enc), changes)) > 1 {
					long++
				}
				got, ok := applyChanges(doc, true, changes, enc)
				if want := oneByOne(doc, changes, enc); !ok || got != want {
					var rs []string
					for _, c := range changes {
						rs = append(rs, fmt.Sprintf("%v-%v %q", c.Range.Start, c.Range.End, c.Text))
					}
					t.Fatalf("round %d: %q with %v:\ngot  %q\nwant %q", round, doc, rs, got, want)
				}
			}
			if long < 1000 {
				t.Errorf("only %d of 4,000 ascending batches took the one-copy path", long)
			}
		})
	}
}

// 1,000 one-character inserts into a 1 MB document, first line first,
// cost about one copy of it: one by one they allocated 985 MB.
func TestAscendingBatchCostsTheDocumentOnce(t *testing.T) {
	line := strings.Repeat("x", 999) + "\n"
	doc := strings.Repeat(line, 1000)
	var changes []changeEvent
	for i := range 1000 {
		p := protocol.Position{Line: uint32(i), Character: 10}
		changes = append(changes, changeEvent{Range: &protocol.Range{Start: p, End: p}, Text: "y"})
	}
	var got string
	if n := allocated(func() { got, _ = applyChanges(doc, true, changes, encUTF16) }); n > 8<<20 {
		t.Errorf("%d MB allocated for 1,000 ascending edits of a 1 MB document", n>>20)
	}
	if strings.Count(got, strings.Repeat("x", 10)+"y") != 1000 || len(got) != len(doc)+1000 {
		t.Error("edits misapplied")
	}
	// On one 128 KB line the run finds each place from the last, not from
	// the line's start (one by one: 128 MB).
	one := strings.Repeat("é", 1<<16)
	changes = changes[:0]
	for i := range 1000 {
		p := protocol.Position{Character: uint32(i * 60)}
		changes = append(changes, changeEvent{Range: &protocol.Range{Start: p, End: p}, Text: "y"})
	}
	if n := allocated(func() { got, _ = applyChanges(one, true, changes, encUTF16) }); n > 8<<20 {
		t.Errorf("%d MB allocated for 1,000 ascending edits of one 128 KB line", n>>20)
	}
	if want := oneByOne(one, changes, encUTF16); got != want {
		t.Error("edits on one line misapplied")
	}
}

// A 40 MB change of blank lines is indexed in 4 bytes a line (a []int
// grown by doubling allocated 1.8 GB), and finding a place on a 1 MB
// line allocates nothing (it allocated a slice per character).
func TestHugeChangeIndexIsBounded(t *testing.T) {
	blank := strings.Repeat("\n", 40<<20)
	var tx *text
	if n := allocated(func() { tx = newText(blank) }); n > 4*(40<<20)+(1<<20) {
		t.Errorf("%d MB allocated to index 40 MB of blank lines", n>>20)
	}
	if tx.lineCount() != 40<<20+1 || tx.offset(protocol.Position{Line: 1 << 20}) != 1<<20 {
		t.Error("index wrong")
	}
	tx = newText(strings.Repeat("é", 1<<20))
	var off int
	if n := allocated(func() { off = tx.offset(protocol.Position{Character: 1<<20 - 1}) }); n > 0 {
		t.Errorf("%d bytes allocated to find a place on one line", n)
	}
	if off != 2*(1<<20-1) {
		t.Errorf("offset %d", off)
	}
	// Inside a surrogate pair: the whole character, never half of it.
	tx = newText("a😀b")
	if got := tx.offset(protocol.Position{Character: 2}); got != 5 {
		t.Errorf("inside the pair: offset %d, want 5 (after the emoji)", got)
	}
}
