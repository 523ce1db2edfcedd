// Package jsonout is the one JSON encoder for everything a command
// prints as JSON. Every string in the output — keys and values, however
// deep — is passed through sanitize.String, so `jq -r` cannot turn a
// skill's "\u001b]52;…" back into a live escape: C0 and C1 controls
// (other than newline and tab), escape sequences and bidi overrides are
// removed the same way in every command.
package jsonout

import (
	"bytes"
	"encoding/json"
	"io"
	"unicode/utf8"

	"github.com/skillstudio/skillstudio/sanitize"
)

// Encode writes v as indented JSON (two spaces, HTML left unescaped)
// followed by a newline, every string sanitised.
func Encode(w io.Writer, v any) error {
	b, err := Indented(v, "")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// Indented is v as Encode writes it, without the newline, for a place in
// a bigger document whose lines start with prefix: its lines after the
// first start with prefix. Encoding the elements of a big array this way,
// each on its own, gives the bytes Encode gives for the whole, so they
// can be encoded on every core and joined.
func Indented(v any, prefix string) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent(prefix, "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return Clean(bytes.TrimSuffix(b.Bytes(), []byte("\n"))), nil
}

// Clean returns the JSON text js with every string literal sanitised,
// leaving layout and everything outside strings as it was. Text that is
// not valid JSON is returned with its strings cleaned as far as they can
// be decoded.
func Clean(js []byte) []byte {
	var out []byte
	last := 0
	for i := 0; i < len(js); i++ {
		if js[i] != '"' {
			continue
		}
		end := stringEnd(js, i)
		if end < 0 {
			break
		}
		lit := js[i:end]
		if needsClean(lit) {
			var s string
			if json.Unmarshal(lit, &s) == nil {
				if out == nil {
					out = make([]byte, 0, len(js))
				}
				out = append(out, js[last:i]...)
				out = appendString(out, sanitize.String(s))
				last = end
			}
		}
		i = end - 1
	}
	if out == nil {
		return js
	}
	return append(out, js[last:]...)
}

// stringEnd returns the index after the closing quote of the string
// literal opening at js[start], or -1.
func stringEnd(js []byte, start int) int {
	for i := start + 1; i < len(js); i++ {
		switch js[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return -1
}

// needsClean reports whether the literal may hold something to remove:
// an escape other than \n, \t, \", \\ and \/, or a non-ASCII byte (C1
// and bidi controls are not escaped by encoding/json).
func needsClean(lit []byte) bool {
	for i := 0; i < len(lit); i++ {
		c := lit[i]
		if c >= utf8.RuneSelf || c < 0x20 || c == 0x7f {
			return true
		}
		if c == '\\' && i+1 < len(lit) {
			switch lit[i+1] {
			case 'n', 't', '"', '\\', '/':
				i++
			default:
				return true
			}
		}
	}
	return false
}

func appendString(out []byte, s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return append(out, bytes.TrimSuffix(b.Bytes(), []byte("\n"))...)
}
