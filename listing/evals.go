package listing

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// The two spellings of an eval's checks in public use: skill-creator's
// references/schemas.md (anthropics/skills) documents "expectations"; the
// agentskills.io eval runner and many real files use "assertions".
const (
	SpellExpectations = "expectations"
	SpellAssertions   = "assertions"
)

// EvalFile is evals/evals.json read leniently: Evals for output evals,
// Queries for a trigger query set (should_trigger), either or both.
type EvalFile struct {
	SkillName string
	Evals     []Eval
	Queries   []TriggerQuery
	// Keys are the byte offsets of every "expectations"/"assertions" key
	// of an eval, for the spelling fix.
	Keys []KeyAt
}

// Eval is one output eval.
type Eval struct {
	ID     string // the id as written (number or string), "" when absent
	Prompt string
	Checks []string // expectations, assertions or expected_behavior
	Files  []string // input files, relative to the skill's folder
	Offset int      // byte offset of the eval's object
}

// TriggerQuery is one should_trigger query.
type TriggerQuery struct {
	Query         string
	ShouldTrigger bool
	HasTrigger    bool // should_trigger present and boolean
	Offset        int
}

// KeyAt is one spelling key's position: src[Start:End] is the quoted key.
type KeyAt struct {
	Spelling   string
	Start, End int
}

// ErrNotEvals is ReadEvals' error for valid JSON that is not shaped like
// an eval file at all (no "evals" key, no eval-like object in a list): a
// JSON Schema, a results file or another runner's prompt list kept in
// evals/. Errors wrapping it are only findings for evals/evals.json, the
// one name skill-creator's schemas.md gives an eval file.
var ErrNotEvals = errors.New("not an eval file")

// evalKeys are the keys of which one marks a list item as an eval or a
// trigger query.
var evalKeys = []string{"prompt", "query", "should_trigger", SpellExpectations, SpellAssertions, "expected_behavior", "expected_output"}

// ReadEvals parses an eval file. It never panics; an error means the file
// is not JSON or not of a known shape (wrapping ErrNotEvals when nothing
// in it looks like an eval).
func ReadEvals(src []byte) (*EvalFile, error) {
	var root any
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	if err := dec.Decode(&root); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("text after the JSON value")
	}
	f := &EvalFile{}
	offs := objectOffsets(src)
	var items []any
	switch r := root.(type) {
	case []any:
		items = r
	case map[string]any:
		if n, ok := r["skill_name"].(string); ok {
			f.SkillName = n
		}
		ev, ok := r["evals"]
		if !ok {
			return nil, fmt.Errorf(`no "evals" list: %w`, ErrNotEvals)
		}
		if items, ok = ev.([]any); !ok {
			return nil, errors.New(`"evals" is not a list`)
		}
	default:
		return nil, fmt.Errorf("neither an object nor a list: %w", ErrNotEvals)
	}
	if _, isList := root.([]any); isList && len(items) > 0 && !anyEvalLike(items) {
		return nil, fmt.Errorf("no item has a prompt, query or should_trigger: %w", ErrNotEvals)
	}
	for i, it := range items {
		m, ok := it.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("eval %d is not an object", i+1)
		}
		off := 0
		if i < len(offs) {
			off = offs[i]
		}
		text, _ := m["prompt"].(string)
		if q, ok := m["query"].(string); ok {
			text = q
		}
		if st, has := m["should_trigger"]; has {
			b, isBool := st.(bool)
			f.Queries = append(f.Queries, TriggerQuery{Query: text, ShouldTrigger: b, HasTrigger: isBool, Offset: off})
			continue
		}
		e := Eval{Prompt: text, Offset: off}
		if id, ok := m["id"]; ok {
			e.ID = fmt.Sprint(id)
		}
		for _, k := range []string{SpellExpectations, SpellAssertions, "expected_behavior"} {
			e.Checks = append(e.Checks, checkTexts(m[k])...)
		}
		if list, ok := m["files"].([]any); ok {
			for _, v := range list {
				if name, ok := v.(string); ok {
					e.Files = append(e.Files, name)
				}
			}
		}
		f.Evals = append(f.Evals, e)
	}
	f.Keys = spellingKeys(src)
	return f, nil
}

// anyEvalLike reports whether some item of a top-level list is an object
// with one of evalKeys.
func anyEvalLike(items []any) bool {
	for _, it := range items {
		if m, ok := it.(map[string]any); ok {
			for _, k := range evalKeys {
				if _, has := m[k]; has {
					return true
				}
			}
		}
	}
	return false
}

// objectOffsets is the byte offset of each object in the eval list: the
// top-level array's elements, or those of the root object's "evals".
func objectOffsets(src []byte) []int {
	var out []int
	walk(src, func(path []string, depth int, tok json.Token, start int) {
		inList := depth == 1 && len(path) == 0 || depth == 2 && len(path) == 1 && path[0] == "evals"
		if d, ok := tok.(json.Delim); ok && d == '{' && inList {
			out = append(out, start)
		}
	})
	return out
}

// spellingKeys finds the "expectations" and "assertions" keys of the
// eval objects.
func spellingKeys(src []byte) []KeyAt {
	var out []KeyAt
	walk(src, func(path []string, depth int, tok json.Token, start int) {
		s, ok := tok.(string)
		if !ok || start < 0 || src[start] != '"' {
			return
		}
		evalObj := depth == 2 && len(path) == 0 || depth == 3 && len(path) == 1 && path[0] == "evals"
		if evalObj && (s == SpellExpectations || s == SpellAssertions) && string(src[start:start+len(s)+2]) == `"`+s+`"` {
			out = append(out, KeyAt{s, start, start + len(s) + 2})
		}
	})
	return out
}

// walk streams src's tokens, calling fn for each object key and each
// delimiter/value with the keys of the enclosing objects above depth 1
// (path), the nesting depth before the token, and its start offset.
func walk(src []byte, fn func(path []string, depth int, tok json.Token, start int)) {
	dec := json.NewDecoder(bytes.NewReader(src))
	type frame struct {
		obj     bool
		wantKey bool
		key     string
	}
	var stack []frame
	for {
		before := int(dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			return
		}
		start := skipSpace(src, before)
		var path []string
		for _, f := range stack[:max(0, len(stack)-1)] {
			if f.obj {
				path = append(path, f.key)
			}
		}
		top := len(stack) - 1
		isKey := top >= 0 && stack[top].obj && stack[top].wantKey
		if _, isDelim := tok.(json.Delim); isKey && !isDelim {
			if s, ok := tok.(string); ok {
				stack[top].key = s
				stack[top].wantKey = false
			}
			fn(path, len(stack), tok, start)
			continue
		}
		fn(path, len(stack), tok, start)
		switch tok {
		case json.Delim('{'):
			stack = append(stack, frame{obj: true, wantKey: true})
			continue
		case json.Delim('['):
			stack = append(stack, frame{})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:top]
		}
		if top := len(stack) - 1; top >= 0 && stack[top].obj {
			stack[top].wantKey = true
		}
	}
}

// skipSpace moves past JSON whitespace and the separators the decoder
// consumes with the next token.
func skipSpace(src []byte, i int) int {
	for i < len(src) && strings.IndexByte(" \t\r\n,:", src[i]) >= 0 {
		i++
	}
	return i
}

// checkTexts reads a checks value in the shapes in use: a list of
// strings, a list of objects with a "text" (agentskills assertions:
// {id, text}), or one string (daymade's expected_behavior).
func checkTexts(v any) []string {
	var out []string
	add := func(c any) {
		switch c := c.(type) {
		case string:
			if strings.TrimSpace(c) != "" {
				out = append(out, c)
			}
		case map[string]any:
			for _, k := range []string{"text", "description", "assertion", "expectation", "check"} {
				if t, ok := c[k].(string); ok && strings.TrimSpace(t) != "" {
					out = append(out, t)
					return
				}
			}
		}
	}
	if l, ok := v.([]any); ok {
		for _, c := range l {
			add(c)
		}
		return out
	}
	add(v)
	return out
}
