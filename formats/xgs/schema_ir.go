package xgs

import (
	"math"
	"strconv"
)

// Building the Zod model (schema.go) as methods are applied.

// maxSafeInteger is Number.MAX_SAFE_INTEGER: zod's .int() bounds.
const maxSafeInteger = 9007199254740991

func parseFloat(s string) (float64, error) { return strconv.ParseFloat(s, 64) }

// wrap returns kind(s): .optional(), .nullable(), .default()… The flat
// view copies s's, so rules read through the wrapper; .nullable() shows
// as AnyOf [s, null] there, as rules expect.
func (s *Schema) wrap(kind string) *Schema {
	var w Schema
	if kind == "nullable" {
		w = Schema{kind: kindNullable, AnyOf: []*Schema{s, {zt: "null", Type: "null"}}, off: s.off}
	} else {
		w = *s
		w.meta = nil
	}
	w.zt, w.wrapKind, w.inner = "", kind, s
	return &w
}

// clone is a new schema of the same type (object .extend(), .pick()…):
// metadata stays with the original.
func (s *Schema) clone() *Schema {
	c := *s
	c.meta = nil
	c.Description = nil
	return &c
}

// setMeta records .describe()/.meta() keys; a later value replaces an
// earlier one in place.
func (s *Schema) setMeta(key string, val *jsonValue) {
	for i := range s.meta {
		if s.meta[i].key == key {
			s.meta[i].val = val
			return
		}
	}
	if s.meta == nil {
		s.meta = s.metaBuf[:0]
	}
	s.meta = append(s.meta, metaEntry{key, val})
}

// zodFormat is what zod writes for one string format (zodformats.go).
type zodFormat struct{ format, pattern, contentEncoding string }

// addFormat applies a string format: the last format wins (zod keeps one
// "format"), patterns accumulate.
func (s *Schema) addFormat(method string, f zodFormat) {
	s.strFormat = f.format
	s.Format = f.format
	if f.pattern != "" {
		s.addPattern("", f.pattern, false)
	}
	if f.contentEncoding != "" {
		s.contentEncoding = f.contentEncoding
	}
}

// addPattern adds a pattern; format, when set, is the check's format
// ("regex" writes none). A format's pattern is one shared RegExp in zod,
// so it is added once; each regex literal or startsWith() is its own.
func (s *Schema) addPattern(format, pattern string, distinct bool) {
	if format != "" {
		if format == "regex" {
			format = ""
		}
		s.strFormat, s.Format = format, format
	}
	if !distinct {
		for _, p := range s.patterns {
			if p == pattern {
				return
			}
		}
	}
	s.patterns = append(s.patterns, pattern)
	pat := pattern
	s.Pattern = &pat
}

// setInt is .int(): an integer within the safe range.
func (s *Schema) setInt() {
	s.isInt = true
	s.numMin = narrow(s.numMin, -maxSafeInteger, true)
	s.numMax = narrow(s.numMax, maxSafeInteger, false)
	s.syncNumber()
}

// bound narrows a number bound: inclusive or not, lower or upper.
func (s *Schema) bound(n float64, inclusive, lower bool) {
	switch {
	case lower && inclusive:
		s.numMin = narrow(s.numMin, n, true)
	case lower:
		s.numExMin = narrow(s.numExMin, n, true)
	case inclusive:
		s.numMax = narrow(s.numMax, n, false)
	default:
		s.numExMax = narrow(s.numExMax, n, false)
	}
}

// syncNumber refreshes the flat view of a number from its bounds.
func (s *Schema) syncNumber() {
	s.Type = "number"
	if s.isInt {
		s.Type = "integer"
	}
	min, exMin, max, exMax := s.boundValues()
	// .int()'s safe-integer range is not a bound the author chose: rule 5
	// still wants a .describe() or a real min/max.
	if min != nil && *min == -maxSafeInteger {
		min = nil
	}
	if max != nil && *max == maxSafeInteger {
		max = nil
	}
	s.bounded = min != nil || exMin != nil || max != nil || exMax != nil
}

// numberBounds is zod's choice between inclusive and exclusive bounds:
// the exclusive one when it is at least as tight.
func (s *Schema) numberBounds() (min, exMin, max, exMax *jsonValue) {
	fmin, fexMin, fmax, fexMax := s.boundValues()
	return jsonNumPtr(fmin), jsonNumPtr(fexMin), jsonNumPtr(fmax), jsonNumPtr(fexMax)
}

// boundValues is numberBounds as numbers (nil: no such bound), without
// allocating: syncNumber only asks which bounds there are.
func (s *Schema) boundValues() (min, exMin, max, exMax *float64) {
	if s.numExMin != nil && *s.numExMin >= orInf(s.numMin, math.Inf(-1)) {
		exMin = s.numExMin
	} else if s.numMin != nil {
		min = s.numMin
	}
	if s.numExMax != nil && *s.numExMax <= orInf(s.numMax, math.Inf(1)) {
		exMax = s.numExMax
	} else if s.numMax != nil {
		max = s.numMax
	}
	return
}

// jsonNumPtr is jsonNum of *f, or nil.
func jsonNumPtr(f *float64) *jsonValue {
	if f == nil {
		return nil
	}
	return jsonNum(*f)
}

func orInf(p *float64, inf float64) float64 {
	if p == nil {
		return inf
	}
	return *p
}
