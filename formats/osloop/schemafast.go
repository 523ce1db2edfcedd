package osloop

import (
	"regexp"
	"slices"
)

// plainSchemaOK is a fast path in front of the JSON Schema compiler, which
// costs ~50 µs a schema (most of a package's load time). It accepts only
// schemas made of the common keywords, each with a value the draft
// 2020-12 metaschema allows, and no references. For anything else — a
// $ref, an unlisted keyword, a value it is unsure of — it says false and
// the real compiler decides. FuzzPlainSchema checks it never accepts what
// the compiler rejects.
func plainSchemaOK(n *Node) bool {
	return n != nil && n.Kind == KindObject && plainSchema(n, 0)
}

var schemaTypes = []string{"array", "boolean", "integer", "null", "number", "object", "string"}

func plainSchema(n *Node, depth int) bool {
	if depth > 32 {
		return false
	}
	switch n.Kind {
	case KindBool:
		return true
	case KindObject:
	default:
		return false
	}
	for _, m := range n.Members {
		v := m.Value
		ok := false
		switch m.Key {
		case "type":
			ok = v.Kind == KindString && slices.Contains(schemaTypes, v.Str) || v.Kind == KindArray && len(v.Items) > 0 && uniqueStrings(v, schemaTypes)
		case "properties", "$defs", "dependentSchemas":
			ok = v.Kind == KindObject && allSchemas(v, depth)
		case "patternProperties":
			ok = v.Kind == KindObject && allSchemas(v, depth)
			for _, p := range v.Members {
				ok = ok && compiles(p.Key)
			}
		case "items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames", "unevaluatedItems", "unevaluatedProperties":
			ok = plainSchema(v, depth+1)
		case "allOf", "anyOf", "oneOf", "prefixItems":
			ok = v.Kind == KindArray && len(v.Items) > 0
			for _, it := range v.Items {
				ok = ok && plainSchema(it, depth+1)
			}
		case "required":
			ok = v.Kind == KindArray && uniqueStrings(v, nil)
		case "dependentRequired":
			ok = v.Kind == KindObject
			for _, p := range v.Members {
				ok = ok && p.Value.Kind == KindArray && uniqueStrings(p.Value, nil)
			}
		case "enum", "examples":
			ok = v.Kind == KindArray
		case "const", "default":
			ok = true
		case "title", "description", "$comment", "format", "contentEncoding", "contentMediaType":
			ok = v.Kind == KindString
		case "pattern":
			ok = v.Kind == KindString && compiles(v.Str)
		case "deprecated", "readOnly", "writeOnly", "uniqueItems":
			ok = v.Kind == KindBool
		case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
			ok = v.Kind == KindNumber
		case "minItems", "maxItems", "minProperties", "maxProperties", "minLength", "maxLength", "minContains", "maxContains":
			ok = v.Kind == KindNumber && isDigits(v.Raw)
		}
		if !ok {
			return false
		}
	}
	return true
}

func allSchemas(obj *Node, depth int) bool {
	for _, m := range obj.Members {
		if !plainSchema(m.Value, depth+1) {
			return false
		}
	}
	return true
}

// uniqueStrings: an array of distinct strings, each in allowed when given.
func uniqueStrings(arr *Node, allowed []string) bool {
	seen := make(map[string]bool, len(arr.Items))
	for _, it := range arr.Items {
		if it.Kind != KindString || seen[it.Str] || allowed != nil && !slices.Contains(allowed, it.Str) {
			return false
		}
		seen[it.Str] = true
	}
	return true
}

func isDigits(s string) bool {
	if s == "" || len(s) > 15 {
		return false
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// compiles: the compiler checks patterns with Go's regexp too.
func compiles(pattern string) bool {
	_, err := regexp.Compile(pattern)
	return err == nil
}
