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
// n² map lookups and an n²-long slice. perSkill > 0 keeps at most that
// many pairs per second skill (the most similar; the earlier first skill
// on a tie) and counts the rest in unlisted: n skills with one
// description are n²/2 pairs, which filled gigabytes (2,000 copies: 2
// million findings, 690 MB of lint output).
func similarPairs(skills []*model.Skill, threshold float64, perSkill int) (pairs []Pair, unlisted map[*model.Skill]int) {
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
	var kept [][]Pair // per second skill, when perSkill > 0
	if perSkill > 0 {
		kept = make([][]Pair, len(vs))
		unlisted = map[*model.Skill]int{}
	}
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
				p := Pair{with[i], with[j], acc[j]}
				switch {
				case perSkill <= 0:
					out = append(out, p)
				case len(kept[j]) < perSkill:
					kept[j] = append(kept[j], p)
				default:
					unlisted[with[j]]++
					least := 0
					for k := range kept[j] {
						if kept[j][k].Similarity < kept[j][least].Similarity {
							least = k
						}
					}
					if p.Similarity > kept[j][least].Similarity {
						kept[j][least] = p
					}
				}
			}
			acc[j] = 0
		}
	}
	for _, ps := range kept {
		out = append(out, ps...)
	}
	slices.SortStableFunc(out, func(a, b Pair) int {
		switch {
		case a.Similarity > b.Similarity:
			return -1
		case a.Similarity < b.Similarity:
			return 1
		}
		if c := strings.Compare(a.B.Location.File, b.B.Location.File); c != 0 {
			return c
		}
		return strings.Compare(a.A.Location.File, b.A.Location.File)
	})
	return out, unlisted
}
