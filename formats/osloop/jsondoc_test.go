package osloop

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
)

func TestParseJSONPositions(t *testing.T) {
	src := "{\n  \"a\": [1, \"x\\/y\"],\n  \"b\": {\"c\": null}\n}"
	d, err := ParseJSON([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	a := d.Root.Get("a")
	if got := a.Items[1].Str; got != "x/y" {
		t.Errorf(`"\/" decoded to %q`, got)
	}
	if line, col := d.Pos(a.Items[1].Start); line != 2 || col != 12 {
		t.Errorf("a[1] at %d:%d, want 2:12", line, col)
	}
	m := d.Root.Member("b")
	if line, col := d.Pos(m.KeyStart); line != 3 || col != 3 {
		t.Errorf("key b at %d:%d, want 3:3", line, col)
	}
	if got := src[m.Value.Start:m.Value.End]; got != `{"c": null}` {
		t.Errorf("b's range holds %q", got)
	}
}

func TestParseJSONErrors(t *testing.T) {
	cases := []struct {
		src       string
		line, col int
		want      string
	}{
		{"", 1, 1, "empty"},
		{"{\n  \"a\": 1,\n}", 3, 1, "trailing comma"},
		{"{\"a\" 1}", 1, 6, "expected ':'"},
		{"[1 2]", 1, 4, "missing comma"},
		{"{'a': 1}", 1, 2, "expected a key"},
		{"\"abc", 1, 5, "unterminated"},
		{"\"a\nb\"", 1, 3, "line break"},
		{"[01]", 1, 3, "invalid number"},
		{"[1.]", 1, 4, "decimal point"},
		{"tru", 1, 1, "expected a value"},
		{"{} {}", 1, 4, "after the JSON value"},
		{"\xef\xbb\xbf{}", 1, 1, "byte 0xef"},
		{"\"\\x\"", 1, 2, "invalid escape"},
		{strings.Repeat("[", maxDepth+2), 1, maxDepth + 2, "nesting"},
	}
	for _, c := range cases {
		d, err := ParseJSON([]byte(c.src))
		if err == nil {
			t.Errorf("%q parsed", c.src)
			continue
		}
		line, col := d.Pos(err.Offset)
		if line != c.line || col != c.col || !strings.Contains(err.Msg, c.want) {
			t.Errorf("%q: %d:%d %q, want %d:%d containing %q", c.src, line, col, err.Msg, c.line, c.col, c.want)
		}
	}
}

func TestParseJSONDuplicates(t *testing.T) {
	d, err := ParseJSON([]byte(`{"a": 1, "b": {"a": 2, "a": 3}, "a": 4}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Duplicates) != 2 {
		t.Fatalf("duplicates = %+v", d.Duplicates)
	}
	if got := d.Root.Get("a").Raw; got != "4" {
		t.Errorf("Get returns the last value (as JSON.parse does), got %s", got)
	}
}

// toAny converts a Node to the value encoding/json would produce.
func toAny(n *Node) any {
	switch n.Kind {
	case KindNull:
		return nil
	case KindBool:
		return n.Bool
	case KindNumber:
		var f float64
		_ = json.Unmarshal([]byte(n.Raw), &f)
		return f
	case KindString:
		return n.Str
	case KindArray:
		out := make([]any, 0, len(n.Items))
		for _, it := range n.Items {
			out = append(out, toAny(it))
		}
		return out
	default:
		out := map[string]any{}
		for _, m := range n.Members {
			out[m.Key] = toAny(m.Value) // last wins, as in encoding/json
		}
		return out
	}
}

// FuzzParseJSON checks the reader against encoding/json: the same inputs
// are accepted, they decode to the same values, and ranges are exact.
func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{`{}`, `[]`, `{"a":[1,2,{"b":null}],"c":"\u00e9\/"}`, `"\ud83d\ude00"`, `-0.5e+3`, `{"a":1,"a":2}`, "\xff", `[1,]`, `"\ud800"`, `1e400`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := ParseJSON(b)
		valid := json.Valid(b)
		if (err == nil) != valid {
			t.Fatalf("ParseJSON err=%v, json.Valid=%v for %q", err, valid, b)
		}
		if err != nil {
			if err.Offset < 0 || err.Offset > len(b) {
				t.Fatalf("error offset %d outside [0,%d]", err.Offset, len(b))
			}
			d.Pos(err.Offset)
			return
		}
		var want any
		if json.Unmarshal(b, &want) != nil {
			return // valid syntax that encoding/json cannot hold (a huge number)
		}
		got := toAny(d.Root)
		if !reflect.DeepEqual(normalise(got), normalise(want)) {
			t.Fatalf("decoded %#v, encoding/json %#v", got, want)
		}
		if !json.Valid(b[d.Root.Start:d.Root.End]) {
			t.Fatalf("root range %d:%d is not the value", d.Root.Start, d.Root.End)
		}
	})
}

// normalise maps invalid UTF-8 replacements and NaN-free floats so the
// two decoders compare equal where they agree on meaning.
func normalise(v any) any {
	switch x := v.(type) {
	case string:
		return strings.ToValidUTF8(x, "\uFFFD")
	case float64:
		if math.IsInf(x, 0) {
			return "inf"
		}
		return x
	case []any:
		for i := range x {
			x[i] = normalise(x[i])
		}
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			out[strings.ToValidUTF8(k, "\uFFFD")] = normalise(e)
		}
		return out
	}
	return v
}

func BenchmarkParseJSON(b *testing.B) {
	src := []byte(fixtureFS(b)[fixtureDir+"/manifest.json"].Data)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := ParseJSON(src); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzPlainSchema: the fast path never accepts a schema the compiler
// rejects.
func FuzzPlainSchema(f *testing.F) {
	for _, s := range []string{
		`{"type": "object", "properties": {"a": {"type": "string", "pattern": "^a"}}, "required": ["a"]}`,
		`{"type": ["string", "null"], "enum": [1, 1], "minLength": 0}`,
		`{"items": {"type": "integer"}, "minItems": 1, "uniqueItems": true}`,
		`{"patternProperties": {"^x-": true}, "additionalProperties": false}`,
		`{"allOf": [{"type": "object"}], "dependentRequired": {"a": ["b"]}}`,
		`{"type": "object", "required": ["a", "a"]}`,
		`{"minLength": 1.5}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := ParseJSON(b)
		if err != nil || !plainSchemaOK(d.Root) {
			return
		}
		if p := compileUncached(rawOf(d, d.Root)); p != nil {
			t.Fatalf("fast path accepted %s; compiler says %s%s", b, p.msg, p.where())
		}
	})
}

// A document of hundreds of thousands of keys stops at the value cap
// instead of building a tree of them all (8.5 s and 757 MB before).
func TestParseJSONCapsValues(t *testing.T) {
	var b strings.Builder
	b.WriteString("{")
	for i := range 650_000 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"k%d":1`, i)
	}
	b.WriteString("}")
	_, err := ParseJSON([]byte(b.String()))
	if err == nil || !strings.Contains(err.Msg, "values") {
		t.Fatalf("err = %v", err)
	}
}

// TestParseJSONStringBytes: str's fast path (no escape) keeps plain and
// multi-byte UTF-8 as written and replaces each invalid byte with U+FFFD,
// as the escaped path and JSON.parse of the decoded text do; a control
// byte or escape still leaves it at the right place.
func TestParseJSONStringBytes(t *testing.T) {
	cases := []struct{ src, want string }{
		{`"plain"`, "plain"},
		{`""`, ""},
		{`"café ✓ 𝄞"`, "café ✓ 𝄞"},
		{"\"a\xffb\"", "a\uFFFDb"},
		{"\"\xe2\x82\"", "\uFFFD\uFFFD"},
		{"\"é\xc3\"", "é\uFFFD"},
		{`"a\nb"`, "a\nb"},
		{"\"\xff\\n\"", "\uFFFD\n"},
		{`"é\u00e9"`, "éé"},
	}
	for _, c := range cases {
		d, err := ParseJSON([]byte(c.src))
		if err != nil {
			t.Errorf("%q: %v", c.src, err)
			continue
		}
		if d.Root.Str != c.want {
			t.Errorf("%q decoded to %q, want %q", c.src, d.Root.Str, c.want)
		}
	}
	if _, err := ParseJSON([]byte("\"é\x01\"")); err == nil || !strings.Contains(err.Msg, "control character 0x01") {
		t.Errorf("a control byte after a multi-byte rune: %v", err)
	}
}
