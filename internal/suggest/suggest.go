// Package suggest finds the likely intended word for a typo, for "did you
// mean …?" hints in findings and config errors.
package suggest

// maxLen bounds the words compared: longer ones are never typos of a field
// name, and the cost stays small on hostile input.
const maxLen = 64

// Closest returns the candidate nearest to word by edit distance when it is
// fewer than limit edits away, else "". Ties go to the earlier candidate,
// so callers pass candidates in a stable order.
func Closest(word string, candidates []string, limit int) string {
	best, bestD := "", limit
	for _, c := range candidates {
		if d := Distance(word, c, bestD); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// Distance is the Levenshtein distance between a and b, or limit when it
// is at least limit (or either word is longer than 64 bytes).
func Distance(a, b string, limit int) int {
	if len(a) > maxLen || len(b) > maxLen {
		return limit
	}
	if d := len(a) - len(b); d >= limit || -d >= limit {
		return limit
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return min(prev[len(b)], limit)
}
