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
	index := map[string][]posting{}
	for i, v := range vs {
		for t, w := range v {
			index[t] = append(index[t], posting{i, w})
		}
	}
	acc := make([]float64, len(vs))
	var touched []int
	var out []Pair
	for i, v := range vs {
		touched = touched[:0]
		for t, w := range v {
			for _, p := range index[t] {
				if p.doc <= i {
					continue
				}
				if acc[p.doc] == 0 {
					touched = append(touched, p.doc)
				}
				acc[p.doc] += w * p.w
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
