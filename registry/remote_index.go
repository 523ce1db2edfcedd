package registry

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/skillstudio/skillstudio/internal/lazyre"
)

// maxIndexEntries bounds one index so a hostile one cannot queue millions
// of fetches.
const maxIndexEntries = 10_000

// jsonItem is one element of an index's skills array with where it starts.
type jsonItem struct {
	raw          json.RawMessage
	line, column int
}

// indexError is an index that cannot be read at all, with its position.
type indexError struct {
	line, column int
	msg          string
}

func (e *indexError) Error() string {
	if e.line > 0 {
		return fmt.Sprintf("%d:%d: %s", e.line, e.column, e.msg)
	}
	return e.msg
}

// jsonItems reads the skills array of an index: the top-level array when
// key is "", else the array under the top-level object's key. top holds
// the object's other members. Positions are 1-based line and byte column.
func jsonItems(data []byte, key string) (items []jsonItem, top map[string]json.RawMessage, err error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	fail := func(err error) ([]jsonItem, map[string]json.RawMessage, error) {
		return nil, nil, positioned(data, dec.InputOffset(), err)
	}
	tok, err := dec.Token()
	if err != nil {
		return fail(err)
	}
	readArray := func() error {
		for dec.More() {
			if len(items) >= maxIndexEntries {
				return fmt.Errorf("more than %d entries", maxIndexEntries)
			}
			start := skipSeparators(data, int(dec.InputOffset()))
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil {
				return valueError{start: start, err: err}
			}
			line, col := lineCol(data, start)
			items = append(items, jsonItem{raw: raw, line: line, column: col})
		}
		_, err := dec.Token() // the closing ]
		return err
	}
	if key == "" {
		if tok != json.Delim('[') {
			return nil, nil, &indexError{line: 1, column: 1, msg: "expected a JSON array of skills"}
		}
		if err := readArray(); err != nil {
			return fail(err)
		}
		return items, nil, trailing(dec, data)
	}
	if tok != json.Delim('{') {
		return nil, nil, &indexError{line: 1, column: 1, msg: fmt.Sprintf("expected a JSON object with a %q array", key)}
	}
	top = map[string]json.RawMessage{}
	found := false
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return fail(err)
		}
		k, _ := kt.(string)
		if k == key {
			// A repeated key: the last array is used, as JSON.parse
			// reads it (noteDuplicateKeys says so).
			items = items[:0]
			at := skipSeparators(data, int(dec.InputOffset()))
			t, err := dec.Token()
			if err != nil {
				return fail(err)
			}
			if t != json.Delim('[') {
				line, col := lineCol(data, at)
				return nil, nil, &indexError{line: line, column: col, msg: fmt.Sprintf("%q must be an array", key)}
			}
			if err := readArray(); err != nil {
				return fail(err)
			}
			found = true
			continue
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return fail(err)
		}
		top[k] = raw
	}
	if _, err := dec.Token(); err != nil {
		return fail(err)
	}
	if !found {
		return nil, nil, &indexError{line: 1, column: 1, msg: fmt.Sprintf("no %q array", key)}
	}
	return items, top, trailing(dec, data)
}

func trailing(dec *json.Decoder, data []byte) error {
	if _, err := dec.Token(); err != io.EOF {
		line, col := lineCol(data, skipSeparators(data, int(dec.InputOffset())))
		return &indexError{line: line, column: col, msg: "unexpected data after the end of the index"}
	}
	return nil
}

// valueError is a Decode error inside one value: the decoder counts a
// syntax error's offset from the value's start.
type valueError struct {
	start int
	err   error
}

func (e valueError) Error() string { return e.err.Error() }
func (e valueError) Unwrap() error { return e.err }

// positioned turns a decoder error into an indexError at its offset.
func positioned(data []byte, fallback int64, err error) error {
	off := fallback
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	var ve valueError
	msg := err.Error()
	switch {
	case errors.As(err, &ve) && errors.As(err, &se):
		off, msg = int64(ve.start)+se.Offset-1, "invalid JSON: "+se.Error()
	case errors.As(err, &se):
		off, msg = se.Offset, "invalid JSON: "+se.Error()
	case errors.As(err, &te):
		off = te.Offset
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		off, msg = int64(len(data)), "invalid JSON: the index ends too early"
	}
	line, col := lineCol(data, int(max(0, min(off, int64(len(data))))))
	return &indexError{line: line, column: col, msg: msg}
}

func skipSeparators(data []byte, i int) int {
	for i < len(data) && strings.IndexByte(" \t\r\n,:", data[i]) >= 0 {
		i++
	}
	return i
}

func lineCol(data []byte, off int) (int, int) {
	off = min(max(off, 0), len(data))
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := off - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return line, col
}

// osloopIndexEntry is one entry of an OS Loop skills/index.json; only the
// fields this package needs (osloop.CheckIndex checks the rest).
type osloopIndexEntry struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Version     string `json:"version"`
	FolderPath  string `json:"folderPath"`
}

// discoveryEntry is one skill of a well-known discovery index: 0.2.0
// (type, url, digest) or the legacy 0.1.0 (files).
type discoveryEntry struct {
	Name        string            `json:"name"`
	Type        string            `json:"type"`
	Description string            `json:"description"`
	URL         string            `json:"url"`
	Digest      string            `json:"digest"`
	Files       []discoveryFileV1 `json:"files"`
}

// discoveryFileV1 is a 0.1.0 file: a plain path string, or (as a draft
// of 0.2.0 had it) an object with path and digest.
type discoveryFileV1 struct {
	Path   string
	Digest string
}

func (f *discoveryFileV1) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		return json.Unmarshal(b, &f.Path)
	}
	var o struct {
		Path   string `json:"path"`
		Digest string `json:"digest"`
	}
	if err := json.Unmarshal(b, &o); err != nil {
		return err
	}
	f.Path, f.Digest = o.Path, o.Digest
	return nil
}

// xgooseEntry is one built skill of an xgoose registry.json.
type xgooseEntry struct {
	Name        string `json:"name"`
	Namespace   string `json:"namespace"`
	Version     string `json:"version"`
	Description string `json:"description"`
	// Source, when given, is the skill's .xgs.js source relative to
	// registry.json; it is preferred to File, the built bundle (which
	// `skillstudio build` also names NAME.xgs.js). With neither,
	// NAME.xgs.js next to registry.json is read.
	Source string `json:"source"`
	File   string `json:"file"`
}

var (
	digestPattern = lazyre.New(`^sha256:[0-9a-f]{64}$`)
	// skillSegment is a name that can safely be one folder name.
	skillSegment = lazyre.New(`^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`)
)

// safeSegment reports whether name can be used as one path segment.
func safeSegment(name string) bool {
	return skillSegment.MatchString(name) && !strings.Contains(name, "..")
}

// shapeHint adds what the document should look like to a syntax error;
// an error that already says what was expected needs nothing more.
func shapeHint(err error, shape string) string {
	var ie *indexError
	if errors.As(err, &ie) && strings.HasPrefix(ie.msg, "expected") {
		return ""
	}
	return "; " + shape
}
