// Package lineend keeps a file's line endings when text is spliced into
// it: an edit written with "\n" goes into a CRLF file as "\r\n", so one
// fix does not leave a file with mixed endings.
package lineend

import (
	"bytes"
	"strings"
)

// CRLF reports whether content's first line ends with "\r\n".
func CRLF(content []byte) bool {
	i := bytes.IndexByte(content, '\n')
	return i > 0 && content[i-1] == '\r'
}

// Match returns text with its line endings made those of content: lone
// "\n" become "\r\n" in a CRLF file; text is unchanged otherwise.
func Match(content []byte, text string) string {
	if !CRLF(content) {
		return text
	}
	return ToCRLF(text)
}

// ToCRLF returns text with lone "\n" made "\r\n": Match for a content
// known to be CRLF (a caller splicing many edits asks CRLF once; it reads
// up to the first newline, the whole of a one-line file).
func ToCRLF(text string) string {
	if !strings.Contains(text, "\n") {
		return text
	}
	text = strings.ReplaceAll(text, "\r\n", "\n")
	return strings.ReplaceAll(text, "\n", "\r\n")
}
