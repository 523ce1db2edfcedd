// Package baseline records today's findings in a file so that CI reports
// only new ones. A finding is identified by its rule, its file and a
// fingerprint of its content (the trimmed text of its line), never by line
// number, so an edit above a finding moves it without making it new, nor
// by its message, so a reworded message or another --profile does not.
package baseline

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/skillstudio/skillstudio/internal/atomicfile"
	"github.com/skillstudio/skillstudio/internal/jsonout"
	"github.com/skillstudio/skillstudio/internal/lazyre"
	"github.com/skillstudio/skillstudio/internal/safefs"
	"github.com/skillstudio/skillstudio/model"
)

// Version is the format New writes: 2 fingerprints a finding's content
// without its message. Version 1 files (whose fingerprints include the
// message, numbers taken out) are still read and matched as written.
const Version = 2

// File is a baseline file.
type File struct {
	Version  int     `json:"version"`
	Tool     string  `json:"tool"`
	Findings []Entry `json:"findings"`
}

// Entry is one recorded finding. Message is kept for people reading the
// file; only Rule, File and Fingerprint match.
type Entry struct {
	Rule        string `json:"rule"`
	File        string `json:"file"`
	Fingerprint string `json:"fingerprint"`
	Message     string `json:"message,omitempty"`
}

type key struct{ rule, file, fingerprint string }

func (e Entry) key() key { return key{e.Rule, e.File, e.Fingerprint} }

// Finding is a finding located for the baseline: its file as the
// baseline records it (a slash path relative to the project) and the
// text of its line ("" when it has none).
type Finding struct {
	Diag     model.Diagnostic
	File     string
	LineText string
}

var (
	numbers = lazyre.New(`[0-9]+`)
	// quoted is what a message quotes from the skill (a field, a file, a
	// name): the anchor of a finding that has no line.
	quoted = lazyre.New("\"[^\"]*\"|`[^`]*`")
)

// Fingerprint is f's content identity (version 2): its rule, its file,
// and the trimmed text of its line; a finding with no line (about the
// whole file) is anchored by what its message quotes instead. Message
// wording is left out, so a reworded message or a profile that words it
// differently still matches.
func Fingerprint(f Finding) string {
	anchor := strings.TrimSpace(f.LineText)
	if anchor == "" && strings.ContainsAny(f.Diag.Message, "\"`") {
		anchor = "\x00" + strings.Join(quoted.Regexp().FindAllString(f.Diag.Message, -1), "\x00")
	}
	return digest(f.Diag.Rule, f.File, anchor)
}

// fingerprintV1 is a version 1 file's fingerprint: the line's text and
// the message with numbers taken out.
func fingerprintV1(f Finding) string {
	return digest(f.Diag.Rule, f.File, strings.TrimSpace(f.LineText), numbers.ReplaceAllString(f.Diag.Message, "#"))
}

func digest(parts ...string) string {
	h := sha256.New()
	for _, part := range parts {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)[:12])
}

// New records findings.
func New(findings []Finding, tool string) File {
	out := File{Version: Version, Tool: tool, Findings: []Entry{}}
	for _, f := range findings {
		out.Findings = append(out.Findings, Entry{Rule: f.Diag.Rule, File: f.File, Fingerprint: Fingerprint(f), Message: f.Diag.Message})
	}
	sort.SliceStable(out.Findings, func(i, j int) bool {
		a, b := out.Findings[i], out.Findings[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Rule != b.Rule {
			return a.Rule < b.Rule
		}
		return a.Fingerprint < b.Fingerprint
	})
	return out
}

// Write saves b to path atomically. It is JSON a person or jq reads, so
// it goes through jsonout like every JSON output: a file name or message
// quoting a skill's "\u001b]52;…" is stored without it.
func Write(path string, b File) error {
	var data bytes.Buffer
	if err := jsonout.Encode(&data, b); err != nil {
		return err
	}
	return atomicfile.Write(path, data.Bytes(), 0o644)
}

// MaxSize is the largest baseline file Read accepts (about 300,000
// findings).
const MaxSize = safefs.MaxFile

// Read loads a baseline file, saying what is wrong with a bad one and
// where (file:line:col). A relative path is in the repository under
// review, so it is read like a skill: a regular file only (a FIFO or a
// link to /dev/zero there is refused at once), at most MaxSize bytes. An
// absolute path is the user's own choice and may be a pipe
// (--baseline <(git show main:.skillstudio-baseline.json) names
// /dev/fd/63); it is read up to MaxSize bytes too.
func Read(path string) (File, error) {
	var data []byte
	var err error
	if filepath.IsAbs(path) {
		data, err = readNamed(path)
	} else {
		data, err = safefs.ReadFile(path, MaxSize)
	}
	if err != nil {
		return File{}, err
	}
	var b File
	if err := json.Unmarshal(data, &b); err != nil {
		line, col := jsonErrorAt(data, err)
		return File{}, fmt.Errorf("%s:%d:%d: not a baseline file: %v (write one with lint --write-baseline %s)", path, line, col, err, filepath.Base(path))
	}
	if b.Version != 1 && b.Version != Version {
		return File{}, fmt.Errorf("%s: baseline version %d, this skillstudio reads versions 1 and %d (write it again with --write-baseline)", path, b.Version, Version)
	}
	return b, nil
}

// readNamed reads what the user named, a file or a stream, up to MaxSize
// bytes.
func readNamed(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxSize {
		return nil, &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w: more than %d bytes", safefs.ErrTooLarge, MaxSize)}
	}
	return data, nil
}

// jsonErrorAt is the 1-based line and byte column where err, from
// json.Unmarshal(data), went wrong.
func jsonErrorAt(data []byte, err error) (line, col int) {
	off := int64(len(data))
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		off = syn.Offset
		if strings.HasPrefix(syn.Error(), "invalid character") {
			off-- // Offset is past the character
		}
	case errors.As(err, &typ):
		off = valueStart(data, typ.Offset)
	}
	off = min(max(off, 0), int64(len(data)))
	before := data[:off]
	line = bytes.Count(before, []byte("\n")) + 1
	col = int(off) - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return line, col
}

// valueStart is where the string or scalar ending at end begins (the
// decoder reports a value of the wrong type at its end).
func valueStart(data []byte, end int64) int64 {
	end = min(max(end, 0), int64(len(data)))
	i := end
	if i > 0 && data[i-1] == '"' {
		for i--; i > 0; {
			i--
			if data[i] != '"' {
				continue
			}
			bs := 0
			for j := i - 1; j >= 0 && data[j] == '\\'; j-- {
				bs++
			}
			if bs%2 == 0 {
				return i
			}
		}
		return end
	}
	for i > 0 && strings.IndexByte("0123456789.+-eEtrufalsn", data[i-1]) >= 0 {
		i--
	}
	return i
}

// New returns which of findings are not in b: each entry of b absorbs
// one matching finding, so a second copy of a baselined problem is new.
func (b File) New(findings []Finding) []bool {
	left := map[key]int{}
	for _, e := range b.Findings {
		left[e.key()]++
	}
	fp := Fingerprint
	if b.Version == 1 {
		fp = fingerprintV1 // matched as it was written; --write-baseline upgrades it
	}
	fresh := make([]bool, len(findings))
	for i, f := range findings {
		k := key{f.Diag.Rule, f.File, fp(f)}
		if left[k] > 0 {
			left[k]--
			continue
		}
		fresh[i] = true
	}
	return fresh
}
