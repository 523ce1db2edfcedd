package ui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// The library filter's query language. Words are fuzzy text, as before;
// key:value words are facts every shown skill must have, and a word in
// double quotes (or after =) must occur as written — the strict mode for
// when fuzzy matching finds a word's letters scattered through half the
// descriptions:
//
//	format:osloop  format:skillmd  format:xgs
//	has:quiz  has:functions  has:errors  has:warnings  has:findings
//	source:NAME    (part of the source's label)
//	trust:verified  trust:unverified  trust:withheld
//	"exact words"  =word
//
// Facts and text combine: `has:quiz format:skillmd onboarding`.

// filterQuery is a parsed query.
type filterQuery struct {
	facts  []factTest
	strict []string // lower-case words that must occur as written
	fuzzy  string   // the rest, fuzzy-matched as before
	// problem names a fact that is not understood, with what is.
	problem string
	// risk: has:risk is one of the facts, which the review decides, so
	// the result changes as reviews finish.
	risk bool
}

type factTest struct {
	word string
	test func(e *Entry) bool
}

// factKeys and their values, for the help and for error messages.
var factKeys = map[string][]string{
	"format": {"xgs", "skillmd", "osloop"},
	"has":    {"quiz", "functions", "errors", "warnings", "findings", "risk"},
	"source": {"NAME"},
	"trust":  {"verified", "unverified", "withheld"},
}

// parseFilter splits a query into facts, strict words and fuzzy text.
func parseFilter(q string) filterQuery {
	var fq filterQuery
	var text []string
	for _, w := range splitQuery(q) {
		switch {
		case strings.HasPrefix(w, `"`):
			if s := strings.ToLower(strings.Trim(w, `"`)); s != "" {
				fq.strict = append(fq.strict, s)
			}
		case strings.HasPrefix(w, "=") && len(w) > 1:
			fq.strict = append(fq.strict, strings.ToLower(w[1:]))
		default:
			k, v, ok := strings.Cut(w, ":")
			if !ok || factKeys[strings.ToLower(k)] == nil {
				text = append(text, w)
				continue
			}
			t, err := factFor(strings.ToLower(k), strings.ToLower(v))
			if err != "" && fq.problem == "" {
				fq.problem = err
			}
			if t != nil {
				fq.facts = append(fq.facts, factTest{word: w, test: t})
				fq.risk = fq.risk || strings.EqualFold(w, "has:risk")
			}
		}
	}
	fq.fuzzy = strings.Join(text, " ")
	return fq
}

// splitQuery splits at spaces, keeping "quoted words" together.
func splitQuery(q string) []string {
	var out []string
	var cur strings.Builder
	quoted := false
	for _, r := range q {
		switch {
		case r == '"':
			quoted = !quoted
			cur.WriteRune(r)
		case r == ' ' && !quoted:
			if cur.Len() > 0 {
				out = append(out, cur.String())
				cur.Reset()
			}
		default:
			cur.WriteRune(r)
		}
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}

func factFor(k, v string) (func(e *Entry) bool, string) {
	bad := func() string {
		return fmt.Sprintf("%s:%s is not a filter; %s: takes %s", k, v, k, strings.Join(factKeys[k], ", "))
	}
	switch k {
	case "format":
		for _, f := range factKeys["format"] {
			if strings.HasPrefix(f, v) && v != "" {
				want := model.Format(f)
				return func(e *Entry) bool { return e.Candidate.Format == want }, ""
			}
		}
		return nil, bad()
	case "source":
		if v == "" {
			return nil, bad()
		}
		return func(e *Entry) bool { return strings.Contains(strings.ToLower(e.Source), v) }, ""
	case "trust":
		if !slices.Contains(factKeys["trust"], v) {
			return nil, bad()
		}
		return func(e *Entry) bool { return e.trust().String() == v }, ""
	case "has":
		switch v {
		case "quiz", "quizzes":
			return func(e *Entry) bool { return e.Skill != nil && len(e.Skill.Quizzes) > 0 }, ""
		case "functions":
			return (*Entry).hasFunctionsAtAll, ""
		case "errors":
			return func(e *Entry) bool { return e.row.errors > 0 }, ""
		case "warnings":
			return func(e *Entry) bool { return e.row.warnings > 0 }, ""
		case "findings":
			return func(e *Entry) bool { return e.row.errors+e.row.warnings+e.row.infos > 0 }, ""
		case "risk":
			// What the review flagged (the ◆ ◇ badge), not the lint:
			// the reviewer's question is what to read first.
			return func(e *Entry) bool {
				r := e.riskCurrent()
				return r != nil && r.Verdict.Errors+r.Verdict.Warnings > 0
			}, ""
		}
	}
	return nil, bad()
}

// keep says whether e passes the query's facts and strict words; hay is
// its name, keywords and description in lower case.
func (fq *filterQuery) keep(e *Entry, hay string) bool {
	for _, f := range fq.facts {
		if !f.test(e) {
			return false
		}
	}
	for _, s := range fq.strict {
		if !strings.Contains(hay, s) {
			return false
		}
	}
	return true
}

// factHint suggests the fact a plain word of q names, for a query that
// matched nothing: "quiz" is fuzzy text, has:quiz the fact.
func factHint(q string) string {
	for _, w := range splitQuery(q) {
		w = strings.ToLower(strings.Trim(strings.TrimPrefix(w, "="), `"`))
		if strings.Contains(w, ":") {
			continue
		}
		for _, k := range []string{"has", "format", "trust"} {
			if slices.Contains(factKeys[k], w) {
				return " Did you mean " + k + ":" + w + "?"
			}
		}
	}
	return ""
}
