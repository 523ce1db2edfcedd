package listing

import (
	"slices"
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// similarPairs returns the pairs of Similarities at or above threshold,
// most similar first, without scoring every pair: an inverted index adds
// up each document's dot products with the later documents sharing a term,
// so a folder of thousands of skills costs the shared terms' postings, not
// n² map lookups and an n²-long slice.
func similarPairs(skills []*model.Skill, threshold float64) []Pair {
	var with []*model.Skill
	for _, s := range skills {
		if strings.TrimSpace(s.Description) != "" {
			with = append(with, s)
		}
	}
	slices.SortStableFunc(with, func(a, b *model.Skill) int { return strings.Compare(a.Location.File, b.Location.File) })
	docs := make([][]string, len(with))
	for i, s := range with {
		docs[i] = terms(s.Description)
	}
	vs := tfidf(docs)
	type posting struct {
		doc int
		w   float64
	}
	// Postings per term id, in document order; next[t] skips those of
	// documents already compared, as i only grows.
	nterms := 0
	for _, v := range vs {
		if len(v) > 0 {
			nterms = max(nterms, int(v[len(v)-1].term)+1)
		}
	}
	index := make([][]posting, nterms)
	for i, v := range vs {
		for _, x := range v {
			index[x.term] = append(index[x.term], posting{i, x.w})
		}
	}
	next := make([]int, nterms)
	acc := make([]float64, len(vs))
	var touched []int
	var out []Pair
	for i, v := range vs {
		touched = touched[:0]
		// Terms in id order, as cosine sums them: the same float.
		for _, x := range v {
			ps := index[x.term]
			k := next[x.term]
			for k < len(ps) && ps[k].doc <= i {
				k++
			}
			next[x.term] = k
			for _, p := range ps[k:] {
				if acc[p.doc] == 0 {
					touched = append(touched, p.doc)
				}
				acc[p.doc] += x.w * p.w
			}
		}
		for _, j := range touched {
			if acc[j] >= threshold && with[i].Name != with[j].Name {
				out = append(out, Pair{with[i], with[j], acc[j]})
			}
			acc[j] = 0
		}
	}
	slices.SortStableFunc(out, func(a, b Pair) int {
		switch {
		case a.Similarity > b.Similarity:
			return -1
		case a.Similarity < b.Similarity:
			return 1
		}
		return strings.Compare(a.B.Location.File, b.B.Location.File)
	})
	return out
}
