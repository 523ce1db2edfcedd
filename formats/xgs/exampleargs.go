package xgs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/grafana/sobek/ast"
	"github.com/skillstudio/skillstudio/internal/jsonschema"
	"github.com/skillstudio/skillstudio/internal/jsonschema/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// checkExampleArgs: rule 6's "real, copy-pasteable args" — each example's
// args validated against the function's input JSON Schema (the one the
// agent reads), so a missing required field, a wrong type or an enum value
// out of range is caught before the agent copies it. Unknown keys are
// xgs/examples' finding and are not repeated here.
func (p *program) checkExampleArgs(f *skillFn) {
	if f.Input == nil || !f.Input.IsObject {
		return
	}
	if len(f.Examples) == 0 || examplesFit(f) {
		return
	}
	f.inputJSON = f.Input.JSON()
	sch := compileInput(f.inputJSON)
	if sch == nil {
		return
	}
	for _, ex := range f.Examples {
		if ex.Args == nil {
			continue
		}
		// readExamples resolved the args already (nil: not static).
		val := ex.ArgsVal
		if val == nil || val.kind != jsonObject {
			continue // not static (xgs/unresolved-schema) or not an object (xgs/examples)
		}
		verr, ok := sch.Validate(val.instance()).(*jsonschema.ValidationError)
		if !ok {
			continue
		}
		for _, e := range exampleProblems(verr) {
			node := p.argsNodeAt(ex.Args, e.InstanceLocation)
			p.reportNode("xgs/example-args", node,
				fmt.Sprintf("an example of %s does not fit its input schema: %s", f.Name, describeProblem(e)),
				"Fix the example so the agent copies a call that works: use the schema's keys, types and values.")
		}
	}
}

// examplesFit reports whether every static example's args certainly fit
// f's input, read from the Zod model without writing or validating the
// JSON Schema (most examples fit, and that was most of this rule's cost).
// false means "validate", never "does not fit".
func examplesFit(f *skillFn) bool {
	for _, ex := range f.Examples {
		if ex.Args == nil || ex.ArgsVal == nil || ex.ArgsVal.kind != jsonObject {
			continue // not checked below either
		}
		if !fits(f.Input, ex.ArgsVal, 0) {
			return false
		}
	}
	return true
}

// fits reports whether v certainly fits the JSON Schema s.emit() writes,
// for the few shapes whose JSON Schema it can read off the model: {},
// unconstrained strings, booleans, safe integers within a number's bounds,
// enums of strings, and objects whose keys are all declared, with every
// required one present. Anything else (formats, patterns, lengths,
// multipleOf, unions, nullable, arrays, literals, .meta() keys other than
// description…) is left to the validator.
func fits(s *Schema, v *jsonValue, depth int) bool {
	if s == nil || v == nil || depth > 32 {
		return false
	}
	for _, m := range s.meta {
		if m.key != "description" { // .meta() may add validation keywords
			return false
		}
	}
	switch s.wrapKind {
	case "":
	case "optional", "nonoptional", "readonly", "default", "prefault", "catch":
		// The inner schema plus annotations (readOnly, default).
		return fits(s.inner, v, depth+1)
	default:
		return false
	}
	switch s.zt {
	case "", "any", "unknown": // {}
		return true
	case "boolean":
		return v.kind == jsonBool
	case "string":
		return v.kind == jsonString && s.lenMin == nil && s.lenMax == nil && s.strFormat == "" && s.contentEncoding == "" && len(s.patterns) == 0
	case "number":
		return (s.Type == "number" || s.Type == "integer") && len(s.multipleOf) == 0 && v.kind == jsonNumber && fitsBounds(s, v.text)
	case "enum":
		if s.Type != "string" || v.kind != jsonString || !utf8.ValidString(v.text) {
			return false
		}
		for _, m := range s.Enum {
			if m.kind != jsonString || !utf8.ValidString(m.text) {
				return false
			}
		}
		for _, m := range s.Enum {
			if m.text == v.text {
				return true
			}
		}
		return false
	case "object":
		if v.kind != jsonObject {
			return false
		}
		for i, k := range v.keys {
			pr := s.property(k)
			if pr == nil || !utf8.ValidString(k) || !fits(pr.Schema, v.vals[i], depth+1) {
				return false // an unknown key: xgs/examples, or a catchall to validate
			}
		}
		for _, pr := range s.Properties {
			if pr.Schema == nil || !utf8.ValidString(pr.Name) {
				return false
			}
			if pr.Schema.required() && v.get(pr.Name) == nil {
				return false
			}
		}
		return true
	}
	return false
}

// property returns the object's property name, or nil.
func (s *Schema) property(name string) *Property {
	for i := range s.Properties {
		if s.Properties[i].Name == name {
			return &s.Properties[i]
		}
	}
	return nil
}

// fitsBounds: text is a safe integer (plain digits, at most 15: exactly a
// float64, so comparing with the bounds as floats agrees with the
// validator's exact arithmetic) within s's bounds.
func fitsBounds(s *Schema, text string) bool {
	digits := strings.TrimPrefix(text, "-")
	if len(digits) == 0 || len(digits) > 15 || digits[0] == '0' && len(digits) > 1 {
		return false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return false
		}
	}
	n, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return false
	}
	min, exMin, max, exMax := s.boundValues()
	return (min == nil || n >= *min) && (exMin == nil || n > *exMin) &&
		(max == nil || n <= *max) && (exMax == nil || n < *exMax)
}

// instance is v as jsonschema.UnmarshalJSON would read v.String(): the
// same values without writing and parsing the text (numbers as
// json.Number of their text, each invalid UTF-8 byte as U+FFFD).
func (v *jsonValue) instance() any {
	if v == nil {
		return nil
	}
	switch v.kind {
	case jsonBool:
		return v.text == "true"
	case jsonNumber:
		return json.Number(v.text)
	case jsonString:
		return validUTF8(v.text)
	case jsonArray:
		arr := make([]any, len(v.vals))
		for i, x := range v.vals {
			arr[i] = x.instance()
		}
		return arr
	case jsonObject:
		obj := make(map[string]any, len(v.keys))
		for i, k := range v.keys {
			obj[validUTF8(k)] = v.vals[i].instance()
		}
		return obj
	}
	return nil
}

// validUTF8 is s with each invalid byte replaced by U+FFFD, as
// writeJSString writes it.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// exampleProblems flattens a validation error to the leaves worth telling:
// a union that fits none of its options is one problem, not one per
// option; unknown keys are left to xgs/examples.
func exampleProblems(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	switch e.ErrorKind.(type) {
	case *kind.AdditionalProperties, *kind.Pattern:
		return nil // unknown keys: xgs/examples; patterns: JS and Go regexps differ
	case *kind.AnyOf, *kind.OneOf:
		return []*jsonschema.ValidationError{e}
	}
	if len(e.Causes) == 0 {
		if _, group := e.ErrorKind.(*kind.Group); group {
			return nil
		}
		return []*jsonschema.ValidationError{e}
	}
	var out []*jsonschema.ValidationError
	for _, c := range e.Causes {
		out = append(out, exampleProblems(c)...)
	}
	return out
}

var englishPrinter = message.NewPrinter(language.English)

// describeProblem words one problem with the path of the value it is about.
func describeProblem(e *jsonschema.ValidationError) string {
	at := "args"
	for _, k := range e.InstanceLocation {
		if _, err := strconv.Atoi(k); err == nil {
			at += "[" + k + "]"
		} else {
			at += "." + k
		}
	}
	switch k := e.ErrorKind.(type) {
	case *kind.Required:
		return fmt.Sprintf("%s is missing the required %s", at, quoteList(k.Missing))
	case *kind.AnyOf, *kind.OneOf:
		return at + " fits none of the union's options"
	}
	return at + ": " + e.ErrorKind.LocalizedString(englishPrinter)
}

// quoteList quotes keys, naming at most six: a message is one line.
func quoteList(keys []string) string {
	const most = 6
	var q []string
	for i, k := range keys {
		if i == most {
			q = append(q, fmt.Sprintf("and %d more", len(keys)-most))
			break
		}
		q = append(q, strconv.Quote(k))
	}
	return strings.Join(q, ", ")
}

// argsNodeAt finds the literal at path inside the args expression, or the
// deepest literal on the way (a missing key is reported at its object).
func (p *program) argsNodeAt(args ast.Expression, path []string) ast.Node {
	var at ast.Node = args
	cur := args
	for _, key := range path {
		switch lit := p.follow(cur).(type) {
		case *ast.ObjectLiteral:
			var next ast.Expression
			for _, q := range lit.Value {
				if kq, ok := q.(*ast.PropertyKeyed); ok {
					if k, ok := propertyKey(kq); ok && k == key {
						next = kq.Value
					}
				}
			}
			if next == nil {
				return at
			}
			cur, at = next, next
		case *ast.ArrayLiteral:
			i, err := strconv.Atoi(key)
			if err != nil || i < 0 || i >= len(lit.Value) || isNil(lit.Value[i]) {
				return at
			}
			cur, at = lit.Value[i], lit.Value[i]
		default:
			return at
		}
	}
	return at
}

// compileInput compiles an input schema, remembering the result by its
// text: lint runs on every keystroke and the schema rarely changes. One
// compiler is reused (loading the draft 2020-12 metaschema is most of the
// cost) and replaced now and then so its cache stays small. nil when the
// schema does not compile; the example is then not checked.
func compileInput(raw []byte) *jsonschema.Schema {
	inputSchemasMu.RLock()
	s, ok := inputSchemas[string(raw)] // no copy of raw to look it up
	inputSchemasMu.RUnlock()
	if ok {
		return s
	}
	compilerMu.Lock()
	defer compilerMu.Unlock()
	if compiler == nil || compilerUses >= 256 {
		compiler = jsonschema.NewCompiler()
		compiler.UseLoader(refusingLoader{})
		compiler.UseRegexpEngine(lenientRegexp)
		compilerUses = 0
	}
	compilerUses++
	url := fmt.Sprintf("mem://xgs/input/%d.json", compilerUses)
	if doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw)); err == nil {
		if err := compiler.AddResource(url, doc); err == nil {
			s, _ = compiler.Compile(url)
		}
	}
	inputSchemasMu.Lock()
	if len(inputSchemas) < 1024 {
		inputSchemas[string(raw)] = s
	}
	inputSchemasMu.Unlock()
	return s
}

var (
	compilerMu   sync.Mutex
	compiler     *jsonschema.Compiler
	compilerUses int

	inputSchemasMu sync.RWMutex
	inputSchemas   = map[string]*jsonschema.Schema{} // schema text → compiled (nil: does not compile)
)

// refusingLoader: a skill's schema never makes lint read files or the net.
type refusingLoader struct{}

func (refusingLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("external $ref %s is not followed", url)
}

// lenientRegexp compiles a pattern with Go's regexp; a JavaScript-only
// pattern (lookbehind, backreferences) matches everything rather than
// failing the whole schema.
func lenientRegexp(s string) (jsonschema.Regexp, error) {
	if re, err := regexp.Compile(s); err == nil {
		return re, nil
	}
	return anyString(s), nil
}

type anyString string

func (a anyString) String() string        { return string(a) }
func (anyString) MatchString(string) bool { return true }
