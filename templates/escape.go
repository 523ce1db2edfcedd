package templates

import (
	"bytes"
	"encoding/json"
	"github.com/skillstudio/skillstudio/formats/skillmd"
	"strings"
	"text/template"
	"unicode"

	"gopkg.in/yaml.v3"
)

// funcs are what templates may call. Every value a person typed reaches a
// file through one of the quoting functions, chosen for where it lands.
var funcs = template.FuncMap{
	"js":    JSString,
	"json":  JSONString,
	"yaml":  YAMLScalar,
	"line":  OneLine,
	"md":    MarkdownText,
	"title": Title,
	"camel": Camel,
	"tags":  Tags,
}

// JSONString is s as a JSON string literal, quotes included. Non-ASCII
// text stays as it is (JSON is UTF-8); <, > and & are not escaped.
func JSONString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

// JSString is s as a JavaScript/TypeScript string literal in double
// quotes. A JSON string is one, as long as U+2028 and U+2029 are escaped
// (older engines end a line there), which encoding/json always does.
func JSString(s string) string { return JSONString(s) }

// YAMLScalar is s as a YAML scalar for a `key: value` line: plain when
// that reads back as the same string in every common YAML parser (YAML 1.2
// and 1.1: so yes, on, 0755 and 1e3 are quoted too), else double-quoted
// with escapes. It never yields a plain value holding ": " or " #".
func YAMLScalar(s string) string {
	if plainSafe(s) {
		return s
	}
	return skillmd.QuoteYAML(s)
}

// yaml11Words read as booleans or null in YAML 1.1 parsers (PyYAML,
// js-yaml's old schema) even though YAML 1.2 reads them as strings.
var yaml11Words = map[string]bool{
	"y": true, "n": true, "yes": true, "no": true, "on": true, "off": true,
	"true": true, "false": true, "null": true, "~": true,
}

// plainSafe: letters, digits, spaces and harmless punctuation, not
// starting with an indicator, not a word or number a parser would
// convert, and read back by yaml.v3 as the very same plain string.
func plainSafe(s string) bool {
	if s == "" || strings.TrimSpace(s) != s || yaml11Words[strings.ToLower(s)] {
		return false
	}
	for _, r := range s {
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == ' ' || strings.ContainsRune(".,;()/+=_'-", r)) {
			return false
		}
	}
	switch s[0] {
	case '-', '\'', '.', '+', '(', ')', ',', ';', '=', '/':
		return false
	}
	if unicode.IsDigit(rune(s[0])) {
		return false // 1e3, 0x10, 1_000, 2024-01-01 and friends
	}
	var n yaml.Node
	if err := yaml.Unmarshal([]byte("k: "+s), &n); err != nil || len(n.Content) == 0 {
		return false
	}
	m := n.Content[0]
	if len(m.Content) != 2 {
		return false
	}
	v := m.Content[1]
	return v.Kind == yaml.ScalarNode && v.Tag == "!!str" && v.Value == s && v.Style == 0
}

// OneLine folds line breaks, tabs and other control characters into
// single spaces and trims the ends: for an .xgs.js header directive, a
// Markdown heading or a // comment, where a newline would end the value.
func OneLine(s string) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		if unicode.IsControl(r) || unicode.IsSpace(r) || r == 0x2028 || r == 0x2029 || r == 0xFEFF {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}

// MarkdownText is s on one line as literal Markdown text: characters that
// would start emphasis, code, links, HTML or a heading are escaped.
func MarkdownText(s string) string {
	s = OneLine(s)
	var b strings.Builder
	for i, r := range s {
		switch {
		case strings.ContainsRune("\\`*_{}[]()<>#|~!", r):
			b.WriteByte('\\')
		case i == 0 && strings.ContainsRune("-+=", r):
			b.WriteByte('\\')
		case r == '.' && i > 0 && allDigits(s[:i]):
			b.WriteByte('\\') // "1." would start an ordered list
		}
		b.WriteRune(r)
	}
	return b.String()
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// Title turns a kebab-case name into words: "web-summary" → "Web Summary".
func Title(name string) string {
	words := strings.FieldsFunc(name, func(r rune) bool { return r == '-' || r == '_' || r == ' ' })
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

// Camel turns a kebab-case name into a camelCase JS identifier:
// "web-summary" → "webSummary". A name starting with a digit gets a
// "skill" prefix ("3d-viewer" → "skill3dViewer"); characters that cannot
// be in an identifier are dropped. "" when nothing is left.
func Camel(name string) string {
	var b strings.Builder
	upper := false
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			if upper && b.Len() > 0 {
				c = byte(unicode.ToUpper(rune(c)))
			} else if b.Len() == 0 {
				c = byte(unicode.ToLower(rune(c)))
			}
			b.WriteByte(c)
			upper = false
		case c >= '0' && c <= '9':
			if b.Len() == 0 {
				b.WriteString("skill")
			}
			b.WriteByte(c)
			upper = false
		default:
			upper = true
		}
	}
	return b.String()
}

// Tags makes a comma-separated tag list from a kebab-case name's words
// ("web-summary" → "web, summary"), each once, at most 20 (skillmd/tags).
func Tags(name string) string {
	var out []string
	seen := map[string]bool{}
	for _, w := range strings.FieldsFunc(name, func(r rune) bool { return r == '-' || r == '_' || r == ' ' }) {
		if !seen[w] && len(out) < 20 {
			seen[w] = true
			out = append(out, w)
		}
	}
	return strings.Join(out, ", ")
}
