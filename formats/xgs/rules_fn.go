package xgs

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"

	"github.com/grafana/sobek/ast"

	"github.com/skillstudio/skillstudio/internal/lazyre"
	"github.com/skillstudio/skillstudio/internal/suggest"
)

// checkFunctions runs the spec's per-function rules (the eight, plus
// xgs/function-summary) over defineSkill's entries.
func (p *program) checkFunctions(def *skillDef, h *Header) {
	if def == nil {
		return
	}
	p.checkPrimary(def, h)
	for _, f := range def.Fns {
		p.checkSummary(f)
		p.checkOptionsObject(f)
		p.checkNoAny(f)
		p.checkOutputShape(f)
		p.checkDescribe(f)
		p.checkExamples(f)
		p.checkExampleArgs(f)
		p.checkURLFields(f)
		p.checkISODates(f)
		p.checkDefensiveReturn(f)
	}
}

// checkPrimary: rule 1, @primary names a function defineSkill exports.
// (Missing or repeated @primary is reported by Header.Check.)
func (p *program) checkPrimary(def *skillDef, h *Header) {
	d := h.Find("primary")
	if d == nil || !isJSIdentifier(d.Value) {
		return
	}
	var names []string
	for _, f := range def.Fns {
		if f.Name == d.Value {
			return
		}
		names = append(names, f.Name)
	}
	hint := "Name one of the functions defineSkill exports"
	if len(names) > 0 {
		hint += ": " + strings.Join(names, ", ")
	}
	p.report("xgs/primary", d.Start+d.ValueColumn-1, fmt.Sprintf("@primary %s names no function of defineSkill", d.Value), hint+".")
}

// checkSummary: every fn has a one-line summary.
func (p *program) checkSummary(f *skillFn) {
	e, ok := f.field("summary")
	switch {
	case !ok:
		p.report("xgs/function-summary", f.KeyOff, fmt.Sprintf("fn %s has no summary", f.Name), "Add `summary: \"…\"`: one line the agent reads in list_skills and the system reminder.")
	case !f.SummaryOK:
		p.reportNode("xgs/function-summary", e, fmt.Sprintf("the summary of %s is not a string literal", f.Name), "Write the summary as a plain string so it can be read without running the skill.")
	case strings.TrimSpace(f.Summary) == "":
		p.reportNode("xgs/function-summary", e, fmt.Sprintf("the summary of %s is empty", f.Name), "Say in one line what the function does and returns.")
	case strings.ContainsAny(strings.TrimSpace(f.Summary), "\r\n"):
		p.reportNode("xgs/function-summary", e, fmt.Sprintf("the summary of %s spans several lines", f.Name), "Keep the summary to one line; put details in .describe() and comments.")
	}
}

// checkOptionsObject: rule 2, input is z.object and handlers take one
// options object.
func (p *program) checkOptionsObject(f *skillFn) {
	if e, ok := f.field("input"); !ok {
		p.report("xgs/options-object", f.KeyOff, fmt.Sprintf("fn %s has no input schema", f.Name), "Add `input: z.object({ … })` (z.object({}) when it takes no options).")
	} else if in := f.Input; in.kind != kindUnresolved && !in.IsObject {
		p.reportNode("xgs/options-object", e, fmt.Sprintf("the input of %s is not z.object({...}) at the top level", f.Name), "Take one options object: `input: z.object({ … })`, never z.tuple or a bare scalar.")
	}
	pl := params(f.Handler)
	if pl == nil {
		return
	}
	switch {
	case len(pl.List) > 1:
		p.reportNode("xgs/options-object", pl.List[1], fmt.Sprintf("the handler of %s takes %d parameters", f.Name, len(pl.List)), "Take one options object and destructure it: `handler: async ({ a, b }) => …`.")
	case pl.Rest != nil:
		p.reportNode("xgs/options-object", pl.Rest, fmt.Sprintf("the handler of %s takes rest parameters", f.Name), "Take one options object and destructure it: `handler: async ({ a, b }) => …`.")
	}
}

// checkNoAny: rule 3, no z.any()/z.unknown() anywhere in the input.
func (p *program) checkNoAny(f *skillFn) {
	walkSchema(f.Input, func(s *Schema) {
		switch s.kind {
		case kindAny, kindUnknown:
			name := map[schemaKind]string{kindAny: "z.any()", kindUnknown: "z.unknown()"}[s.kind]
			p.report("xgs/no-any", s.off, fmt.Sprintf("%s in the input of %s", name, f.Name), "Say what the value is: z.string().url(), z.string().regex(/^\\d{4}-\\d{2}-\\d{2}$/), z.enum([...]), z.object({...}).")
		}
	})
}

// walkSchema calls f on s and every schema nested in it.
func walkSchema(s *Schema, f func(*Schema)) {
	if s == nil {
		return
	}
	f(s)
	walkSchema(s.Items, f)
	walkSchema(s.AdditionalProperties, f)
	for _, x := range s.PrefixItems {
		walkSchema(x, f)
	}
	for _, x := range s.AnyOf {
		walkSchema(x, f)
	}
	for _, pr := range s.Properties {
		walkSchema(pr.Schema, f)
	}
}

// checkOutputShape: rule 4, an output schema or a summary with the shape.
func (p *program) checkOutputShape(f *skillFn) {
	if f.Output != nil || summaryHasShape(f.Summary) {
		return
	}
	p.report("xgs/output-shape", f.KeyOff, fmt.Sprintf("%s declares no output and its summary does not show the returned shape", f.Name),
		"Add `output: z.object({ … })`, or write the shape in the summary, e.g. \"Returns { topics: { id, title }[] }\".")
}

// summaryHasShape: the summary spells out a shape as a `{…}` or `[…]`
// literal or a TypeScript-ish `T[]` (rule 4's "gold" example), not just
// "Returns a list of results".
func summaryHasShape(s string) bool {
	if i := strings.IndexByte(s, '{'); i >= 0 && strings.IndexByte(s[i:], '}') > 0 {
		return true
	}
	if i := strings.IndexByte(s, '['); i >= 0 && strings.IndexByte(s[i:], ']') > 0 {
		return true
	}
	return false
}

// checkDescribe: rule 5, tricky inputs carry .describe().
func (p *program) checkDescribe(f *skillFn) {
	if f.Input == nil || !f.Input.IsObject {
		return
	}
	p.describeFields(f, f.Input, "")
}

func (p *program) describeFields(f *skillFn, obj *Schema, prefix string) {
	for _, pr := range obj.Properties {
		described, core := unwrapField(pr.Schema)
		name := prefix + pr.Name
		if core.IsObject {
			p.describeFields(f, core, name+".")
			continue
		}
		why := tricky(core)
		if why == "" || described {
			continue
		}
		p.report("xgs/describe", pr.Off, fmt.Sprintf("input %s of %s is %s without .describe()", name, f.Name, why),
			"Add .describe(\"…\") saying what the value is and its format, e.g. .describe('Search query, e.g. \"amex platinum\"'), or constrain it (z.enum, .url(), .regex(), .min/.max).")
	}
}

// unwrapField looks through .nullable() and arrays to the value schema,
// noting whether any layer has a description.
func unwrapField(s *Schema) (described bool, core *Schema) {
	for i := 0; i < maxFollow && s != nil; i++ {
		if s.Description != nil {
			described = true
		}
		switch {
		case s.kind == kindNullable && len(s.AnyOf) > 0:
			s = s.AnyOf[0]
		case s.Type == "array" && s.Items != nil:
			s = s.Items
		default:
			return described, s
		}
	}
	return described, s
}

// tricky says why a value schema needs a description, or "".
func tricky(s *Schema) string {
	if s.kind != kindPlain && s.kind != kindNullable {
		return "" // any/unknown: xgs/no-any; unresolved: not guessed
	}
	switch {
	case len(s.AnyOf) > 0 && !allConstants(s.AnyOf):
		return "a union"
	case s.AdditionalProperties != nil:
		return "a record"
	case s.Type == "string" && s.Enum == nil && s.Const == nil && s.Format == "" && s.Pattern == nil:
		return "an unconstrained string"
	case (s.Type == "number" || s.Type == "integer") && !s.bounded:
		return "an unbounded number"
	}
	return ""
}

// allConstants: every member of a union is a literal or an enum, so the
// union lists its values as z.enum does (z.union([z.literal("a"),
// z.literal("b")]) is the older spelling of z.enum(["a", "b"])).
func allConstants(members []*Schema) bool {
	for _, m := range members {
		if m == nil || m.kind != kindPlain || (m.Const == nil && m.Enum == nil) {
			return false
		}
	}
	return true
}

// checkExamples: rule 6, ≥ 1 example whose args fit the input.
func (p *program) checkExamples(f *skillFn) {
	if len(f.Examples) == 0 {
		off := f.KeyOff
		if at, ok := f.keyAt("examples"); ok {
			off = at
		}
		p.report("xgs/examples", off, fmt.Sprintf("%s has no examples", f.Name), "Add `examples: [{ args: { … } }]` with real, copy-pasteable args.")
		return
	}
	for _, ex := range f.Examples {
		if !ex.Static {
			p.reportNode("xgs/unresolved-schema", ex.Node, "this example is not a plain literal, so describe leaves it out", "Write the example's args (and returns) as literals.")
		}
		p.checkExampleKeys(f, ex.Node)
		if ex.Args == nil {
			p.reportNode("xgs/examples", ex.Node, fmt.Sprintf("an example of %s has no args", f.Name), "Write each example as `{ args: { … } }`.")
			continue
		}
		obj, ok := p.follow(ex.Args).(*ast.ObjectLiteral)
		if !ok {
			p.reportNode("xgs/examples", ex.Args, fmt.Sprintf("an example's args for %s is not an object", f.Name), "Pass one options object: `args: { key: value }`.")
			continue
		}
		if f.Input == nil || !f.Input.IsObject {
			continue
		}
		known := map[string]bool{}
		var names []string
		for _, pr := range f.Input.Properties {
			known[pr.Name] = true
			names = append(names, pr.Name)
		}
		for _, q := range obj.Value {
			key, node := objectKey(q)
			if node == nil || known[key] {
				continue
			}
			hint := "Use the input's keys"
			if len(names) > 0 {
				hint += ": " + strings.Join(names, ", ")
			}
			p.reportNode("xgs/examples", node, fmt.Sprintf("example key %q is not in the input schema of %s", key, f.Name), hint+".")
		}
	}
}

// exampleKeys are the keys fn's examples take (spec: defineSkill and fn,
// `examples?: Array<{ args; note?; returns? }>`).
var exampleKeys = []string{"args", "note", "returns"}

// checkExampleKeys reports an example key other than args, note and
// returns (a misspelt retruns, an output key): __describe__ carries only
// those three into registry.json and the reminder, so the text is lost.
func (p *program) checkExampleKeys(f *skillFn, node ast.Expression) {
	obj, ok := p.follow(node).(*ast.ObjectLiteral)
	if !ok {
		return
	}
	for _, q := range obj.Value {
		key, kn := objectKey(q)
		if kn == nil || slices.Contains(exampleKeys, key) {
			continue
		}
		hint := "An example takes args, note and returns only"
		if near := suggest.Closest(key, exampleKeys, 3); near != "" {
			hint = fmt.Sprintf("Did you mean %s? %s", near, hint)
		}
		p.reportNode("xgs/examples", kn, fmt.Sprintf("an example of %s has the key %q, which describe drops", f.Name, key), hint+".")
	}
}

// objectKey returns a literal object property's key and node.
func objectKey(q ast.Property) (string, ast.Node) {
	switch q := q.(type) {
	case *ast.PropertyKeyed:
		if k, ok := propertyKey(q); ok {
			return k, q
		}
	case *ast.PropertyShort:
		return q.Name.Name.String(), q
	}
	return "", nil
}

var isoDate = lazyre.New(`^\d{4}-\d{2}-\d{2}$`)

// checkISODates: rule 8, dates are YYYY-MM-DD and money says its currency.
func (p *program) checkISODates(f *skillFn) {
	if f.Input != nil && f.Input.IsObject {
		p.dateFields(f, f.Input, "")
		p.moneyFields(f, f.Input, "", "input")
	}
	if f.Output != nil {
		_, core := unwrapField(f.Output)
		if core.IsObject {
			p.moneyFields(f, core, "", "output")
		}
	}
	if f.Input == nil || !f.Input.IsObject {
		return
	}
	dateKeys := map[string]bool{}
	for _, pr := range f.Input.Properties {
		if dateLike(pr.Name) {
			dateKeys[pr.Name] = true
		}
	}
	for _, ex := range f.Examples {
		obj, ok := p.follow(ex.Args).(*ast.ObjectLiteral)
		if !ok {
			continue
		}
		for _, q := range obj.Value {
			kq, ok := q.(*ast.PropertyKeyed)
			if !ok {
				continue
			}
			key, _ := propertyKey(kq)
			if !dateKeys[key] {
				continue
			}
			if v, ok := p.staticValue(kq.Value, 0); ok && v.kind == jsonString && !isoDate.MatchString(v.text) {
				p.reportNode("xgs/iso-dates", kq.Value, fmt.Sprintf("example date %s: %q is not YYYY-MM-DD", key, v.text), "Write dates as YYYY-MM-DD, e.g. \"2025-03-14\".")
			}
		}
	}
}

func (p *program) dateFields(f *skillFn, obj *Schema, prefix string) {
	for _, pr := range obj.Properties {
		_, core := unwrapField(pr.Schema)
		if core.IsObject {
			p.dateFields(f, core, prefix+pr.Name+".")
			continue
		}
		if !dateLike(pr.Name) || core.kind == kindUnresolved {
			continue
		}
		ok := core.Type == "string" && (core.Format == "date" || core.Pattern != nil && patternAcceptsISODate(*core.Pattern))
		if !ok {
			p.report("xgs/iso-dates", pr.Off, fmt.Sprintf("input %s%s of %s looks like a date but is not constrained to YYYY-MM-DD", prefix, pr.Name, f.Name),
				"Use z.string().date() or z.string().regex(/^\\d{4}-\\d{2}-\\d{2}$/).")
		}
	}
}

// patternAcceptsISODate: the regex accepts a YYYY-MM-DD date and rejects
// a timestamp. A JS regex Go cannot compile gets the benefit of the doubt.
func patternAcceptsISODate(pat string) bool {
	if v, ok := isoPatternCache.Load(pat); ok {
		return v.(bool)
	}
	ok := true
	if re, err := regexp.Compile(pat); err == nil {
		ok = re.MatchString("2025-03-14") && !re.MatchString("March 14")
	}
	if wordCacheSize.Add(1) <= 10000 {
		isoPatternCache.Store(pat, ok)
	}
	return ok
}

// isoPatternCache remembers verdicts per pattern: the live loop lints on
// every keystroke and a skill repeats the same date regex many times.
var isoPatternCache sync.Map

func (p *program) moneyFields(f *skillFn, obj *Schema, prefix, where string) {
	for _, pr := range obj.Properties {
		described, core := unwrapField(pr.Schema)
		if core.IsObject {
			p.moneyFields(f, core, prefix+pr.Name+".", where)
			continue
		}
		if !moneyLike(pr.Name) || core.kind == kindUnresolved {
			continue
		}
		if described && mentionsCurrency(fieldDescription(pr.Schema)) {
			continue
		}
		if isCurrencyCode(pr.Name) && (core.Enum != nil || core.Const != nil || core.Pattern != nil) {
			continue
		}
		if !isCurrencyCode(pr.Name) && (core.Type == "boolean" || core.Enum != nil || core.Const != nil) {
			continue // a switch or a choice of words (includePrices, rateType: z.enum([…])), not an amount
		}
		p.report("xgs/iso-dates", pr.Off, fmt.Sprintf("%s %s%s of %s is money-like but does not say its currency", where, prefix, pr.Name, f.Name),
			"Say the currency in .describe(), e.g. .describe(\"Nightly rate in the property's local currency (see currency)\").")
	}
}

// fieldDescription joins every description along a field's wrappers.
func fieldDescription(s *Schema) string {
	var parts []string
	for i := 0; i < maxFollow && s != nil; i++ {
		if s.Description != nil {
			parts = append(parts, *s.Description)
		}
		switch {
		case s.kind == kindNullable && len(s.AnyOf) > 0:
			s = s.AnyOf[0]
		case s.Type == "array" && s.Items != nil:
			s = s.Items
		default:
			s = nil
		}
	}
	return strings.Join(parts, " ")
}

// mentionsCurrency: the word currency, an ISO 4217-looking code (USD), a
// currency symbol, or cents.
func mentionsCurrency(d string) bool {
	l := strings.ToLower(d)
	if strings.Contains(l, "currenc") || strings.Contains(l, "cents") || strings.ContainsAny(d, "$€£¥₹₩₽") {
		return true
	}
	for _, w := range strings.FieldsFunc(d, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len(w) == 3 && strings.ToUpper(w) == w {
			return true
		}
	}
	return false
}

func isCurrencyCode(name string) bool {
	ws := words(name)
	return len(ws) > 0 && (ws[len(ws)-1] == "currency" || ws[len(ws)-1] == "currencies")
}

// wordCache remembers splits: the same field names (query, page, date…)
// recur across functions and every keystroke of the live loop.
var wordCache sync.Map

// words splits camelCase, snake_case and kebab-case into lowercase words.
func words(name string) []string {
	if w, ok := wordCache.Load(name); ok {
		return w.([]string)
	}
	w := splitWords(name)
	if len(name) <= 64 && wordCacheSize.Add(1) <= 10000 {
		wordCache.Store(name, w) // bounded: untrusted skills cannot grow it forever
	}
	return w
}

var wordCacheSize atomic.Int64

func splitWords(name string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(name)
	for i, r := range rs {
		switch {
		case r == '_' || r == '-' || r == ' ' || r == '.':
			flush()
		case unicode.IsUpper(r) && i > 0 && (unicode.IsLower(rs[i-1]) || i+1 < len(rs) && unicode.IsLower(rs[i+1])):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
	}
	flush()
	return out
}

var dateWords = map[string]bool{"date": true, "dates": true, "checkin": true, "checkout": true, "birthdate": true, "dob": true, "arrival": true, "departure": true}

// dateLike: a field named like a calendar date (date, startDate,
// check_in, checkout, arrival…). Not updatedAt or candidate.
func dateLike(name string) bool {
	ws := words(name)
	for _, w := range ws {
		if dateWords[w] {
			return true
		}
	}
	joined := strings.Join(ws, "")
	return dateWords[joined] || strings.HasPrefix(joined, "checkin") || strings.HasPrefix(joined, "checkout")
}

var moneyWords = map[string]bool{"price": true, "prices": true, "amount": true, "amounts": true, "cost": true, "costs": true, "currency": true, "currencies": true, "rate": true, "rates": true}

// notMoneyAfter: a word that, after a money word, names something other
// than an amount: rateLimit, rateType, priceCode, costCenterId.
var notMoneyAfter = map[string]bool{"limit": true, "limited": true, "type": true, "types": true, "code": true, "codes": true,
	"id": true, "ids": true, "plan": true, "plans": true, "name": true, "names": true, "key": true, "keys": true,
	"kind": true, "mode": true, "category": true, "tier": true, "center": true, "centre": true}

// moneyLike: a field named like money (price, amount, cost, currency,
// rate); "rateLimit" and "rateType" are not money.
func moneyLike(name string) bool {
	ws := words(name)
	for i, w := range ws {
		if moneyWords[w] && !(i+1 < len(ws) && notMoneyAfter[ws[i+1]]) {
			return true
		}
	}
	return false
}
