package fix

import "sort"

// spans holds one file's accepted edits so that a new edit's overlap with
// any of them is found in logarithmic time: each edit was compared with
// every edit accepted before it, so a file given 150,000 fixes (an
// index.json of as many entries) took minutes to plan.
//
// The edits sit in sorted runs whose sizes shrink from first to last
// (merged as in a binomial heap, so each edit is copied O(log n) times).
// Accepted edits never overlap each other, so within a run sorted by
// (Start, End) their ends are sorted too.
type spans struct{ runs [][]Edit }

func editBefore(a, b Edit) bool {
	if a.Start != b.Start {
		return a.Start < b.Start
	}
	return a.End < b.End
}

// overlapsAny reports whether e overlaps an edit added before.
func (s *spans) overlapsAny(e Edit) bool {
	for _, r := range s.runs {
		// Edits ending before e starts cannot touch it; from the first
		// that does not, look until one starts past e's end. Any edit in
		// between overlaps e or only touches one of its ends, and
		// non-overlapping edits touch a point at most twice.
		for i := sort.Search(len(r), func(i int) bool { return r[i].End >= e.Start }); i < len(r) && r[i].Start <= e.End; i++ {
			if overlaps(r[i], e) {
				return true
			}
		}
	}
	return false
}

// add records e, which overlaps no edit added before.
func (s *spans) add(e Edit) {
	s.runs = append(s.runs, []Edit{e})
	for n := len(s.runs); n > 1 && len(s.runs[n-1]) >= len(s.runs[n-2]); n = len(s.runs) {
		a, b := s.runs[n-2], s.runs[n-1]
		merged := make([]Edit, 0, len(a)+len(b))
		i, j := 0, 0
		for i < len(a) && j < len(b) {
			if editBefore(b[j], a[i]) {
				merged = append(merged, b[j])
				j++
			} else {
				merged = append(merged, a[i])
				i++
			}
		}
		merged = append(append(merged, a[i:]...), b[j:]...)
		s.runs = append(s.runs[:n-2], merged)
	}
}
