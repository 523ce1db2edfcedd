package skillmd

import "bytes"

// indexRare is bytes.Index(text, pat) for the file names and paths the
// unreferenced-files check looks for in every Markdown text of a skill
// (and for "references/" in every paragraph). bytes.Index jumps between occurrences of pat's first byte, which for a
// path like "scripts/x.py" stops every few bytes of English; indexRare
// jumps between occurrences of pat's rarest byte (by how often each byte
// appears in the corpus's Markdown), with bytes.Index taking over if that
// byte keeps matching where pat does not.
func indexRare(text []byte, pat string) int {
	return newRareFinder(pat).index(text)
}

// rareFinder is a pattern with its rarest byte chosen once.
type rareFinder struct {
	pat string
	k   int // where the rarest byte of pat stands
}

func newRareFinder(pat string) rareFinder {
	k := 0
	for i := 1; i < len(pat); i++ {
		if byteCommon[pat[i]] < byteCommon[pat[k]] {
			k = i
		}
	}
	return rareFinder{pat: pat, k: k}
}

// referencesDir finds "references/" in every paragraph that might mention
// a reference file.
var referencesDir = newRareFinder("references/")

func (f rareFinder) index(text []byte) int {
	pat, k := f.pat, f.k
	if len(pat) < 2 || len(pat) > len(text) {
		return bytes.Index(text, []byte(pat))
	}
	c := pat[k]
	limit := len(text) - len(pat) + k + 1 // the anchor's positions are [k, limit)
	fails := 0
	for i := k; i < limit; i++ {
		j := bytes.IndexByte(text[i:limit], c)
		if j < 0 {
			return -1
		}
		i += j
		if string(text[i-k:i-k+len(pat)]) == pat {
			return i - k
		}
		if fails++; fails > 16 && fails > (i-k)>>4 {
			// The anchor is common here after all.
			if r := bytes.Index(text[i-k+1:], []byte(pat)); r >= 0 {
				return i - k + 1 + r
			}
			return -1
		}
	}
	return -1
}

// byteCommon ranks bytes by how often they appear in the corpus's
// Markdown (higher: more often); the bytes not listed are rarer than all
// of these.
var byteCommon = func() (t [256]uint8) {
	const order = " etasinorlcd\nhpu-mgf`.*ybvw|k,/:#\"S)(C"
	for i := 0; i < len(order); i++ {
		t[order[i]] = uint8(len(order) - i)
	}
	return t
}()
