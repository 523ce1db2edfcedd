package listing

import (
	"math"
	"slices"
)

// vector is a sparse TF-IDF vector, L2-normalised, its terms in ascending
// id order (ids are numbered per collection). Every sum over vectors runs
// in that one order, so a similarity is the same float on every run:
// summed in map order, a pair right at the threshold could be reported
// on one run and not the next.
type vector []weight

type weight struct {
	term int32
	w    float64
}

// tfidf turns documents into normalised TF-IDF vectors over their own
// collection, with the smoothed IDF log((1+N)/(1+df))+1 so a term shared
// by both of two documents still counts (plain IDF would zero it, and two
// look-alike descriptions would look unrelated).
func tfidf(docs [][]string) []vector {
	ids := map[string]int32{}
	var df []int
	byID := make([][]int32, len(docs))
	for i, d := range docs {
		ts := make([]int32, len(d))
		for k, t := range d {
			id, ok := ids[t]
			if !ok {
				id = int32(len(df))
				ids[t] = id
				df = append(df, 0)
			}
			ts[k] = id
		}
		slices.Sort(ts)
		for k, id := range ts {
			if k == 0 || ts[k-1] != id {
				df[id]++
			}
		}
		byID[i] = ts
	}
	n := float64(len(docs))
	out := make([]vector, len(docs))
	for i, ts := range byID {
		var v vector
		for k := 0; k < len(ts); {
			e := k + 1
			for e < len(ts) && ts[e] == ts[k] {
				e++
			}
			tf := float64(e - k)
			v = append(v, weight{ts[k], (1 + math.Log(tf)) * (math.Log((1+n)/(1+float64(df[ts[k]]))) + 1)})
			k = e
		}
		norm := 0.0
		for _, x := range v {
			norm += x.w * x.w
		}
		norm = math.Sqrt(norm)
		for j := range v {
			v[j].w /= norm
		}
		out[i] = v
	}
	return out
}

// cosine of two normalised vectors.
func cosine(a, b vector) float64 {
	s := 0.0
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i].term < b[j].term:
			i++
		case a[i].term > b[j].term:
			j++
		default:
			s += a[i].w * b[j].w
			i++
			j++
		}
	}
	return s
}
