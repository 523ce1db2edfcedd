package xgs

// emit writes what zod 4's z.toJSONSchema(schema, { io: "input" }) writes
// for the modelled schema (its processors, then finalize's inheritance,
// type-union compaction and intersection folding), with the two
// differences the bundle's runtime makes on purpose (runtime/skill.js):
// no "$schema", and z.date()/z.bigint() as the JSON an agent passes
// ({type: string, format: date-time} / {type: integer}) instead of {}.
// Key order may differ from zod's; the JSON values are equal.
func (s *Schema) emit() *jsonValue {
	if s == nil {
		return jsonObj()
	}
	var v *jsonValue
	if s.wrapKind != "" {
		v = s.emitWrapper()
	} else {
		v = s.emitType()
	}
	for _, m := range s.meta {
		v.set(m.key, m.val)
	}
	return v
}

func (s *Schema) emitWrapper() *jsonValue {
	inner := s.inner.emit()
	switch s.wrapKind {
	case "nullable":
		v := jsonObj()
		v.set("anyOf", jsonArr(inner, typeOnly("null")))
		compactTypeUnion(v)
		return v
	case "default", "catch", "prefault":
		v := jsonObj()
		v.set("default", s.Default)
		for i, k := range inner.keys {
			if k != "default" {
				v.set(k, inner.vals[i])
			}
		}
		return v
	case "readonly":
		v := inner.shallow()
		v.set("readOnly", &jsonValue{kind: jsonBool, text: "true"})
		return v
	}
	return inner.shallow() // optional, nonoptional
}

func (s *Schema) emitType() *jsonValue {
	v := jsonObj()
	switch s.zt {
	case "string":
		v.set("type", jsonType("string"))
		setNum(v, "minLength", s.lenMin)
		setNum(v, "maxLength", s.lenMax)
		if s.strFormat != "" {
			v.set("format", jsonStr(s.strFormat))
		}
		if s.contentEncoding != "" {
			v.set("contentEncoding", jsonStr(s.contentEncoding))
		}
		switch len(s.patterns) {
		case 0:
		case 1:
			v.set("pattern", jsonStr(s.patterns[0]))
		default:
			all := &jsonValue{kind: jsonArray}
			for _, p := range s.patterns {
				o := jsonObj()
				o.set("pattern", jsonStr(p))
				all.vals = append(all.vals, o)
			}
			v.set("allOf", all)
		}
	case "number":
		v.set("type", jsonType(s.Type))
		min, exMin, max, exMax := s.numberBounds()
		setVal(v, "exclusiveMinimum", exMin)
		setVal(v, "minimum", min)
		setVal(v, "exclusiveMaximum", exMax)
		setVal(v, "maximum", max)
		if len(s.multipleOf) > 0 {
			v.set("multipleOf", jsonNum(s.multipleOf[0]))
			if len(s.multipleOf) > 1 {
				all := &jsonValue{kind: jsonArray}
				for _, m := range s.multipleOf[1:] {
					o := jsonObj()
					o.set("multipleOf", jsonNum(m))
					all.vals = append(all.vals, o)
				}
				v.set("allOf", all)
			}
		}
	case "boolean", "null":
		v.set("type", jsonType(s.zt))
	case "date":
		v.set("type", jsonType("string"))
		v.set("format", jsonStr("date-time"))
	case "bigint":
		v.set("type", jsonType("integer"))
	case "never":
		v.set("not", jsonObj())
	case "enum":
		if len(s.Enum) == 0 {
			v.set("not", jsonObj())
			break
		}
		if s.Type != "" {
			v.set("type", jsonType(s.Type))
		}
		v.set("enum", &jsonValue{kind: jsonArray, vals: s.Enum})
	case "literal":
		if s.Const != nil {
			v.set("type", jsonType(jsonTypeOf(s.Const)))
			v.set("const", s.Const)
			break
		}
		if len(s.Enum) == 0 {
			v.set("not", jsonObj())
			break
		}
		if t := literalsType(s.Enum); t != "" {
			v.set("type", jsonType(t))
		}
		v.set("enum", &jsonValue{kind: jsonArray, vals: s.Enum})
	case "array":
		setNum(v, "minItems", s.lenMin)
		setNum(v, "maxItems", s.lenMax)
		v.set("type", jsonType("array"))
		v.set("items", s.Items.emit())
	case "object":
		s.emitObject(v)
	case "union":
		opts := &jsonValue{kind: jsonArray}
		for _, o := range s.AnyOf {
			opts.vals = append(opts.vals, o.emit())
		}
		if s.exclusive {
			v.set("oneOf", opts)
		} else {
			v.set("anyOf", opts)
			compactTypeUnion(v)
		}
	case "intersection":
		all := &jsonValue{kind: jsonArray}
		for _, m := range s.allOf {
			j := m.emit()
			if inner := j.get("allOf"); inner != nil && len(j.keys) == 1 {
				all.vals = append(all.vals, inner.vals...)
			} else {
				all.vals = append(all.vals, j)
			}
		}
		v.set("allOf", all)
		foldIntersection(v)
	case "record":
		v.set("type", jsonType("object"))
		v.set("propertyNames", stringifyKeyNames(s.key.emit()))
		v.set("additionalProperties", s.AdditionalProperties.emit())
		if keys := s.key.discreteKeys(); len(keys) > 0 && !s.partialKeys && !s.AdditionalProperties.optin() {
			v.set("required", jsonArr(keys...))
		}
	case "tuple":
		v.set("type", jsonType("array"))
		items := &jsonValue{kind: jsonArray}
		for _, it := range s.PrefixItems {
			items.vals = append(items.vals, it.emit())
		}
		v.set("prefixItems", items)
		if s.rest != nil {
			v.set("items", s.rest.emit())
		} else {
			v.set("items", &jsonValue{kind: jsonBool, text: "false"})
		}
		min := len(s.PrefixItems)
		for min > 0 && s.PrefixItems[min-1].optin() {
			min--
		}
		if min > 0 {
			v.set("minItems", jsonNum(float64(min)))
		}
		if s.rest == nil {
			v.set("maxItems", jsonNum(float64(len(s.PrefixItems))))
		}
	}
	// any, unknown and unresolved schemas are {}.
	return v
}

func (s *Schema) emitObject(v *jsonValue) {
	v.set("type", jsonType("object"))
	props := jsonObj()
	var req []*jsonValue
	for _, p := range s.Properties {
		props.set(p.Name, p.Schema.emit())
		if p.Schema.required() {
			req = append(req, jsonStr(p.Name))
		}
	}
	v.set("properties", props)
	if len(req) > 0 {
		v.set("required", jsonArr(req...))
	}
	switch s.extra {
	case extraStrict:
		v.set("additionalProperties", &jsonValue{kind: jsonBool, text: "false"})
	case extraLoose:
		v.set("additionalProperties", jsonObj())
	case extraCatchall:
		if s.AdditionalProperties != nil && s.AdditionalProperties.zt == "never" {
			v.set("additionalProperties", &jsonValue{kind: jsonBool, text: "false"})
		} else {
			v.set("additionalProperties", s.AdditionalProperties.emit())
		}
	}
}

// discreteKeys lists a record key schema's values when it has a fixed
// set (an enum or literal): zod makes each of them required.
func (s *Schema) discreteKeys() []*jsonValue {
	var vals []*jsonValue
	switch {
	case s.zt == "enum" || (s.zt == "literal" && s.Const == nil):
		vals = s.Enum
	case s.zt == "literal":
		vals = []*jsonValue{s.Const}
	case s.zt == "union":
		// zod's union has values only when every member has them
		for _, m := range s.AnyOf {
			k := m.discreteKeys()
			if k == nil {
				return nil
			}
			vals = append(vals, k...)
		}
	case s.wrapKind == "nullable":
		return s.AnyOf[0].discreteKeys() // null is no key
	case s.wrapKind == "optional", s.wrapKind == "readonly":
		return s.inner.discreteKeys()
	}
	var out []*jsonValue
	for _, x := range vals {
		if x.kind == jsonString || x.kind == jsonNumber {
			out = append(out, jsonStr(x.text))
		}
	}
	return out
}

// stringifyKeyNames is zod's rewrite of a record's numeric key schema:
// object keys are strings, so a number key becomes a numeric string.
func stringifyKeyNames(v *jsonValue) *jsonValue {
	if v.kind != jsonObject {
		return v
	}
	out := v
	for _, kw := range []string{"anyOf", "oneOf"} {
		if br := v.get(kw); br != nil && br.kind == jsonArray {
			mapped := &jsonValue{kind: jsonArray}
			changed := false
			for _, b := range br.vals {
				m := stringifyKeyNames(b)
				changed = changed || m != b
				mapped.vals = append(mapped.vals, m)
			}
			if changed {
				out = out.shallow()
				out.set(kw, mapped)
			}
		}
	}
	var types []string
	if t := out.get("type"); t != nil && t.kind == jsonString {
		types = []string{t.text}
	} else if t != nil && t.kind == jsonArray {
		for _, x := range t.vals {
			types = append(types, x.text)
		}
	}
	hasType := func(n string) bool {
		for _, t := range types {
			if t == n {
				return true
			}
		}
		return false
	}
	numeric := !hasType("string") && (hasType("number") || hasType("integer"))
	var values []*jsonValue
	if e := out.get("enum"); e != nil {
		values = e.vals
	} else if c := out.get("const"); c != nil {
		values = []*jsonValue{c}
	}
	anyNum := false
	for _, x := range values {
		anyNum = anyNum || x.kind == jsonNumber
	}
	if !numeric && !anyNum {
		return out
	}
	rest := out.shallow()
	for _, k := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "format", "id"} {
		rest.del(k)
	}
	str := func(x *jsonValue) *jsonValue {
		if x.kind == jsonNumber {
			return jsonStr(x.text)
		}
		return x
	}
	if e := rest.get("enum"); e != nil {
		m := &jsonValue{kind: jsonArray}
		for _, x := range e.vals {
			m.vals = append(m.vals, str(x))
		}
		rest.set("enum", m)
	} else if c := rest.get("const"); c != nil {
		rest.set("const", str(c))
	}
	if !numeric {
		return rest
	}
	rest.set("type", jsonType("string"))
	if values == nil {
		if hasType("number") {
			rest.set("pattern", jsonStr(`^-?\d+(?:\.\d+)?$`))
		} else {
			rest.set("pattern", jsonStr(`^-?\d+$`))
		}
	}
	return rest
}

// compactTypeUnion rewrites anyOf [{type: a}, {type: b}] as type [a, b],
// as zod's finalize does for branches that are bare type assertions.
func compactTypeUnion(v *jsonValue) {
	opts := v.get("anyOf")
	if opts == nil || opts.kind != jsonArray || len(opts.vals) == 0 || v.get("type") != nil {
		return
	}
	var types []*jsonValue
	add := func(t *jsonValue) {
		for _, x := range types {
			if x.text == t.text {
				return
			}
		}
		types = append(types, t)
	}
	for _, o := range opts.vals {
		if o.kind != jsonObject || len(o.keys) != 1 || o.keys[0] != "type" {
			return
		}
		t := o.vals[0]
		switch t.kind {
		case jsonString:
			add(t)
		case jsonArray:
			for _, x := range t.vals {
				if x.kind != jsonString {
					return
				}
				add(x)
			}
		default:
			return
		}
	}
	v.del("anyOf")
	if len(types) == 1 {
		v.set("type", types[0])
	} else {
		v.set("type", &jsonValue{kind: jsonArray, vals: types})
	}
}

// foldIntersection merges an allOf of plain object schemas into one
// object, as zod's finalize does (its foldObjects); anything else stays
// an allOf.
func foldIntersection(v *jsonValue) {
	all := v.get("allOf")
	if all == nil || len(all.vals) < 2 {
		return
	}
	folded := foldObjects(all.vals)
	if folded == nil {
		return
	}
	v.del("allOf")
	for i, k := range folded.keys {
		v.set(k, folded.vals[i])
	}
}

var foldable = map[string]bool{"type": true, "properties": true, "required": true, "additionalProperties": true}

func foldObjects(members []*jsonValue) *jsonValue {
	for _, m := range members {
		if m.kind != jsonObject {
			return nil
		}
		if t := m.get("type"); t == nil || t.kind != jsonString || t.text != "object" {
			return nil
		}
		for _, k := range m.keys {
			if !foldable[k] {
				return nil
			}
		}
	}
	props := jsonObj()
	var req []*jsonValue
	seenReq := map[string]bool{}
	for _, obj := range members {
		if ps := obj.get("properties"); ps != nil {
			for _, key := range ps.keys {
				if props.get(key) != nil {
					continue
				}
				var parts []*jsonValue
				for _, other := range members {
					part := other.get("properties").get(key)
					if part == nil {
						part = undeclared(other)
					}
					if part == nil {
						continue
					}
					dup := false
					for _, x := range parts {
						if x.String() == part.String() {
							dup = true
						}
					}
					if !dup {
						parts = append(parts, part)
					}
				}
				merged := parts[0]
				if len(parts) > 1 {
					if merged = foldObjects(parts); merged == nil {
						merged = jsonObj()
						merged.set("allOf", &jsonValue{kind: jsonArray, vals: parts})
					}
				}
				props.set(key, merged)
			}
		}
		if r := obj.get("required"); r != nil {
			for _, x := range r.vals {
				if !seenReq[x.text] {
					seenReq[x.text] = true
					req = append(req, x)
				}
			}
		}
	}
	out := jsonObj()
	out.set("type", jsonType("object"))
	out.set("properties", props)
	if len(req) > 0 {
		out.set("required", jsonArr(req...))
	}
	closed := true
	var constraints []*jsonValue
	for _, m := range members {
		ap := m.get("additionalProperties")
		if ap == nil || ap.kind != jsonBool || ap.text != "false" {
			closed = false
		}
		if c := undeclared(m); c != nil {
			dup := false
			for _, x := range constraints {
				if x.String() == c.String() {
					dup = true
				}
			}
			if !dup {
				constraints = append(constraints, c)
			}
		}
	}
	switch {
	case closed:
		out.set("additionalProperties", &jsonValue{kind: jsonBool, text: "false"})
	case len(constraints) == 1:
		out.set("additionalProperties", constraints[0])
	case len(constraints) > 1:
		a := jsonObj()
		a.set("allOf", &jsonValue{kind: jsonArray, vals: constraints})
		out.set("additionalProperties", a)
	}
	return out
}

// undeclared is a member's constraint on keys it does not declare: a
// non-empty catchall schema.
func undeclared(m *jsonValue) *jsonValue {
	ap := m.get("additionalProperties")
	if ap == nil || ap.kind != jsonObject || len(ap.keys) == 0 {
		return nil
	}
	return ap
}

func jsonTypeOf(v *jsonValue) string {
	switch v.kind {
	case jsonNull:
		return "null"
	case jsonBool:
		return "boolean"
	case jsonNumber:
		return "number"
	case jsonString:
		return "string"
	}
	return "object"
}

// literalsType is the "type" of a multi-value z.literal([...]).
func literalsType(vals []*jsonValue) string {
	t := jsonTypeOf(vals[0])
	for _, v := range vals {
		if jsonTypeOf(v) != t {
			return ""
		}
	}
	if t == "object" {
		return ""
	}
	return t
}

func jsonArr(vals ...*jsonValue) *jsonValue { return &jsonValue{kind: jsonArray, vals: vals} }

func typeOnly(t string) *jsonValue {
	v := jsonObj()
	v.set("type", jsonType(t))
	return v
}

func setNum(v *jsonValue, key string, n *float64) {
	if n != nil {
		v.set(key, jsonNum(*n))
	}
}

func setVal(v *jsonValue, key string, x *jsonValue) {
	if x != nil {
		v.set(key, x)
	}
}

// shallow copies an object's key list (values are shared, never mutated).
func (v *jsonValue) shallow() *jsonValue {
	c := *v
	c.keys = append([]string(nil), v.keys...)
	c.vals = append([]*jsonValue(nil), v.vals...)
	return &c
}

// del removes key from an object.
func (v *jsonValue) del(key string) {
	for i, k := range v.keys {
		if k == key {
			v.keys = append(v.keys[:i:i], v.keys[i+1:]...)
			v.vals = append(v.vals[:i:i], v.vals[i+1:]...)
			return
		}
	}
}

// jsonType is jsonStr(t), shared for the JSON Schema type names: every
// schema written has one, and string values are never mutated.
func jsonType(t string) *jsonValue {
	switch t {
	case "string":
		return typeString
	case "number":
		return typeNumber
	case "integer":
		return typeInteger
	case "boolean":
		return typeBoolean
	case "null":
		return typeNull
	case "array":
		return typeArray
	case "object":
		return typeObject
	}
	return jsonStr(t)
}

var (
	typeString  = jsonStr("string")
	typeNumber  = jsonStr("number")
	typeInteger = jsonStr("integer")
	typeBoolean = jsonStr("boolean")
	typeNull    = jsonStr("null")
	typeArray   = jsonStr("array")
	typeObject  = jsonStr("object")
)
