package listing

import (
	"math"
	"slices"
	"strings"

	"github.com/skillstudio/skillstudio/internal/lazyre"
	"github.com/skillstudio/skillstudio/model"
)

// Match is one skill ranked for a request. Score is BM25 (higher is more
// relevant; 0 shares no term); Terms are the request terms it matched.
type Match struct {
	Name  string       `json:"name"`
	Score float64      `json:"score"`
	Terms []string     `json:"terms"`
	Skill *model.Skill `json:"-"`
}

// BM25 parameters: the usual k1 and b (Robertson & Zaragoza 2009).
const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// triggerRe finds the trigger clause of a description: what follows "Use
// when", "Use this skill when", "Triggers on", "Invoke when" up to the end
// of the sentence. Those words say what requests the skill is for, so
// Route counts them twice.
var triggerRe = lazyre.New(`(?i)\b(?:use(?: this(?: skill)?)?(?: only)? (?:when|for|if|whenever)|trigger(?:s|ed)? (?:on|when|by)|invoke when|activate when)\b([^.]*)`)

// routeDoc is the text Route indexes for a skill: the name's words twice
// (a request naming the skill should find it), the description, and the
// trigger clauses again.
func routeDoc(s *model.Skill) []string {
	name := terms(strings.NewReplacer("-", " ", "_", " ", ":", " ").Replace(s.Name))
	d := append(slices.Clone(name), name...)
	d = append(d, terms(s.Description)...)
	for _, m := range triggerRe.FindAllStringSubmatch(s.Description, -1) {
		d = append(d, terms(m[1])...)
	}
	return d
}

// Route ranks skills for a request by lexical relevance: BM25 over each
// skill's name, description and trigger phrases. It is an estimate of
// which descriptions a request resembles, not of what an agent's model
// will choose (models match meaning, not words). Skills sharing no term
// with the request are left out; ties keep name order.
func Route(request string, skills []*model.Skill) []Match {
	// The request's distinct terms, each with where it first appears: a
	// skill looks up its own terms here, so a 10 MB request costs one
	// pass, not one per skill.
	first := map[string]int{}
	for i, t := range terms(request) {
		if _, ok := first[t]; !ok {
			first[t] = i
		}
	}
	docs := make([][]string, len(skills))
	total := 0
	for i, s := range skills {
		docs[i] = routeDoc(s)
		total += len(docs[i])
	}
	if len(skills) == 0 || len(first) == 0 {
		return nil
	}
	avg := float64(total) / float64(len(skills))
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
	n := float64(len(skills))
	var out []Match
	for i, d := range docs {
		tf := map[string]int{}
		for _, t := range d {
			tf[t]++
		}
		m := Match{Name: skills[i].Name, Skill: skills[i]}
		for t := range tf {
			if _, ok := first[t]; ok {
				m.Terms = append(m.Terms, t)
			}
		}
		// Summed in request order, as the terms are listed.
		slices.SortFunc(m.Terms, func(a, b string) int { return first[a] - first[b] })
		for _, t := range m.Terms {
			idf := math.Log(1 + (n-float64(df[t])+0.5)/(float64(df[t])+0.5))
			f := float64(tf[t])
			m.Score += idf * f * (bm25K1 + 1) / (f + bm25K1*(1-bm25B+bm25B*float64(len(d))/avg))
		}
		if m.Score > 0 {
			out = append(out, m)
		}
	}
	slices.SortStableFunc(out, func(a, b Match) int {
		switch {
		case a.Score > b.Score:
			return -1
		case a.Score < b.Score:
			return 1
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out
}
