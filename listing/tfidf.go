package listing

import "math"

// vector is a sparse TF-IDF vector, L2-normalised.
type vector map[string]float64

// tfidf turns documents into normalised TF-IDF vectors over their own
// collection, with the smoothed IDF log((1+N)/(1+df))+1 so a term shared
// by both of two documents still counts (plain IDF would zero it, and two
// look-alike descriptions would look unrelated).
func tfidf(docs [][]string) []vector {
	df := map[string]int{}
	for _, d := range docs {
		seen := map[string]bool{}
		for _, t := range d {
			if !seen[t] {
				seen[t] = true
				df[t]++
			}
		}
	}
	n := float64(len(docs))
	out := make([]vector, len(docs))
	for i, d := range docs {
		v := vector{}
		for _, t := range d {
			v[t]++
		}
		norm := 0.0
		for t, tf := range v {
			w := (1 + math.Log(tf)) * (math.Log((1+n)/(1+float64(df[t]))) + 1)
			v[t] = w
			norm += w * w
		}
		norm = math.Sqrt(norm)
		for t := range v {
			v[t] /= norm
		}
		out[i] = v
	}
	return out
}

// cosine of two normalised vectors.
func cosine(a, b vector) float64 {
	if len(b) < len(a) {
		a, b = b, a
	}
	s := 0.0
	for t, w := range a {
		s += w * b[t]
	}
	return s
}
