package review

import (
	"encoding/base64"
	"fmt"
	"strings"
)

// Lengths above which a base64 or hex run is a blob: longer than any key,
// digest (SHA-512 hex is 128) or identifier a reader meets in a skill.
const (
	minBase64Blob = 120
	minHexBlob    = 160
)

// scanBlobs reports long base64 or hex runs, decoded when they hold text,
// and checks decoded text for instructions aimed at the agent.
func (r *reviewer) scanBlobs(f *source) {
	text := f.text
	for i := 0; i < len(text); {
		if !isBase64Byte(text[i]) {
			i++
			continue
		}
		start := i
		hex, upper, lower, digit := true, 0, 0, 0
		for i < len(text) && isBase64Byte(text[i]) {
			c := text[i]
			switch {
			case c >= 'A' && c <= 'Z':
				upper++
			case c >= 'a' && c <= 'z':
				lower++
			case c >= '0' && c <= '9':
				digit++
			}
			if !isHexByte(c) {
				hex = false
			}
			i++
		}
		run := text[start:i]
		switch {
		case hex && len(run) >= minHexBlob:
			r.report(f, start, "review/blob", fmt.Sprintf("a %d-character hex string: %s", len(run), clip(run, 40)),
				"Say in the text what this data is, or ship it as a named file.")
		case !hex && len(run) >= minBase64Blob && looksRandom(upper, lower, digit):
			r.reportBase64(f, start, run)
		}
	}
}

func (r *reviewer) reportBase64(f *source, off int, run string) {
	what := "binary data"
	decoded := decodeBase64(run)
	if decoded != "" && printable(decoded) {
		what = fmt.Sprintf("text: %q", clip(decoded, 120))
	}
	line, _ := f.lineAt(off)
	if i := strings.Index(line, "data:"); i >= 0 && strings.Contains(line[i:], ";base64,") {
		mime, _, _ := strings.Cut(line[i+5:], ";")
		what = "a data: URL of type " + clip(mime, 40)
	}
	r.report(f, off, "review/blob", fmt.Sprintf("a %d-character base64 string decodes to %s", len(run), what),
		"Say in the text what this data is, or ship it as a named file.")
	if decoded != "" {
		if inst := instructionIn(decoded); inst != "" {
			r.report(f, off, "review/hidden-instruction", fmt.Sprintf("text encoded in base64 %s: %q", inst, clip(decoded, 160)),
				"Remove the encoded text; it is aimed at the agent, not at the person reviewing the skill.")
		}
	}
}

func decodeBase64(s string) string {
	s = strings.TrimRight(s, "=")
	for _, enc := range []*base64.Encoding{base64.RawStdEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(s); err == nil {
			return string(b)
		}
	}
	return ""
}

func isBase64Byte(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/' || c == '=' || c == '-' || c == '_'
}

func isHexByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// looksRandom: base64 of data mixes cases and digits throughout; a long
// path or identifier is mostly one case with few digits.
func looksRandom(upper, lower, digit int) bool {
	letters := upper + lower
	return letters > 0 && upper*100 >= letters*15 && lower*100 >= letters*15 && digit*100 >= (letters+digit)*4
}
