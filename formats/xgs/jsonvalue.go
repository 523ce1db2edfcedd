package xgs

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// jsonValue is a JSON value that keeps object keys in written order, so
// schemas and examples print in source order and TypeOf lists properties
// as the author wrote them.
type jsonValue struct {
	kind jsonKind
	// text is the string value, the number's JSON text, or "true"/"false".
	text string
	keys []string     // object keys, in order
	vals []*jsonValue // object values (parallel to keys) or array items
}

type jsonKind byte

const (
	jsonNull jsonKind = iota
	jsonBool
	jsonNumber
	jsonString
	jsonArray
	jsonObject
)

func jsonStr(s string) *jsonValue { return &jsonValue{kind: jsonString, text: s} }

// jsonNum formats a float the way JavaScript's JSON.stringify does.
func jsonNum(f float64) *jsonValue {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return &jsonValue{kind: jsonNull}
	}
	return &jsonValue{kind: jsonNumber, text: jsNumber(f)}
}

func jsonObj() *jsonValue { return &jsonValue{kind: jsonObject} }

// set adds or replaces key (a later duplicate key wins, as in JS, and
// keeps the first key's place).
func (v *jsonValue) set(key string, val *jsonValue) {
	for i, k := range v.keys {
		if k == key {
			v.vals[i] = val
			return
		}
	}
	if v.keys == nil {
		// Most objects written (schemas, examples) have a few keys:
		// one allocation for both lists instead of growing each 1, 2, 4.
		f := new(jsonFields)
		v.keys, v.vals = f.keys[:0], f.vals[:0]
	}
	v.keys = append(v.keys, key)
	v.vals = append(v.vals, val)
}

// jsonFields is the first four keys and values of an object, allocated
// together.
type jsonFields struct {
	keys [4]string
	vals [4]*jsonValue
}

// get returns the value of key in an object, or nil.
func (v *jsonValue) get(key string) *jsonValue {
	if v == nil || v.kind != jsonObject {
		return nil
	}
	for i, k := range v.keys {
		if k == key {
			return v.vals[i]
		}
	}
	return nil
}

// MarshalJSON writes compact JSON in JSON.stringify's style.
func (v *jsonValue) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	v.write(&b)
	return b.Bytes(), nil
}

func (v *jsonValue) String() string {
	var b bytes.Buffer
	v.write(&b)
	return b.String()
}

func (v *jsonValue) write(b *bytes.Buffer) {
	if v == nil {
		b.WriteString("null")
		return
	}
	switch v.kind {
	case jsonNull:
		b.WriteString("null")
	case jsonBool, jsonNumber:
		b.WriteString(v.text)
	case jsonString:
		writeJSString(b, v.text)
	case jsonArray:
		b.WriteByte('[')
		for i, x := range v.vals {
			if i > 0 {
				b.WriteByte(',')
			}
			x.write(b)
		}
		b.WriteByte(']')
	case jsonObject:
		b.WriteByte('{')
		for i, k := range v.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSString(b, k)
			b.WriteByte(':')
			v.vals[i].write(b)
		}
		b.WriteByte('}')
	}
}

// writeJSString quotes s as JSON.stringify does: only ", \ and control
// characters are escaped (no HTML escaping, unlike encoding/json).
func writeJSString(b *bytes.Buffer, s string) {
	const hex = "0123456789abcdef"
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				b.WriteString(`\ufffd`)
			} else {
				b.WriteString(s[i : i+size])
			}
			i += size
			continue
		}
		switch c {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			if c < 0x20 {
				b.WriteString(`\u00`)
				b.WriteByte(hex[c>>4])
				b.WriteByte(hex[c&0xf])
			} else {
				b.WriteByte(c)
			}
		}
		i++
	}
	b.WriteByte('"')
}

// jsNumber is JavaScript's Number.prototype.toString for finite numbers.
func jsNumber(f float64) string {
	if f == 0 {
		return "0"
	}
	// Safe integers print as themselves (bounds, counts, literals): no
	// digit string to take apart (FormatInt keeps the small ones static).
	if f == math.Trunc(f) && math.Abs(f) <= maxSafeInteger {
		return strconv.FormatInt(int64(f), 10)
	}
	sign := ""
	if f < 0 {
		sign, f = "-", -f
	}
	// Shortest round-trip digits and the decimal exponent.
	e := strconv.FormatFloat(f, 'e', -1, 64) // d.ddddde±XX
	mant, expPart, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	exp, _ := strconv.Atoi(expPart)
	k, n := len(digits), exp+1 // value = 0.digits × 10^n
	switch {
	case k <= n && n <= 21:
		return sign + digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		return sign + digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		return sign + "0." + strings.Repeat("0", -n) + digits
	}
	m := digits[:1]
	if k > 1 {
		m += "." + digits[1:]
	}
	es := "+"
	if n-1 < 0 {
		es = "-"
	}
	x := n - 1
	if x < 0 {
		x = -x
	}
	return sign + m + "e" + es + strconv.Itoa(x)
}

// parseJSON reads JSON keeping object key order.
func parseJSON(raw []byte) (*jsonValue, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	v, err := decodeValue(dec, 0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("trailing data after JSON value")
	}
	return v, nil
}

const maxJSONDepth = 200

func decodeValue(dec *json.Decoder, depth int) (*jsonValue, error) {
	if depth > maxJSONDepth {
		return nil, errors.New("JSON nested too deeply")
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case nil:
		return &jsonValue{kind: jsonNull}, nil
	case bool:
		return &jsonValue{kind: jsonBool, text: strconv.FormatBool(t)}, nil
	case json.Number:
		if f, err := t.Float64(); err == nil {
			return jsonNum(f), nil
		}
		return &jsonValue{kind: jsonNumber, text: t.String()}, nil
	case string:
		return jsonStr(t), nil
	case json.Delim:
		switch t {
		case '[':
			v := &jsonValue{kind: jsonArray}
			for dec.More() {
				x, err := decodeValue(dec, depth+1)
				if err != nil {
					return nil, err
				}
				v.vals = append(v.vals, x)
			}
			_, err := dec.Token()
			return v, err
		case '{':
			v := jsonObj()
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, _ := kt.(string)
				x, err := decodeValue(dec, depth+1)
				if err != nil {
					return nil, err
				}
				v.set(k, x)
			}
			_, err := dec.Token()
			return v, err
		}
	}
	return nil, fmt.Errorf("unexpected JSON token %v", tok)
}
