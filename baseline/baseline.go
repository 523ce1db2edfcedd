// Package baseline records today's findings in a file so that CI reports
// only new ones. A finding is identified by its rule, its file and a
// fingerprint of its content (the trimmed text of its line, and its
// message with numbers taken out), never by line number: an edit above a
// finding moves it without making it new.
package baseline

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/skillstudio/skillstudio/internal/atomicfile"
	"github.com/skillstudio/skillstudio/internal/lazyre"
	"github.com/skillstudio/skillstudio/model"
)

// Version is the file format's version.
const Version = 1

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

var numbers = lazyre.New(`[0-9]+`)

// Fingerprint is f's content identity.
func Fingerprint(f Finding) string {
	h := sha256.New()
	for _, part := range []string{f.Diag.Rule, f.File, strings.TrimSpace(f.LineText), numbers.ReplaceAllString(f.Diag.Message, "#")} {
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

// Write saves b to path atomically.
func Write(path string, b File) error {
	data, err := json.MarshalIndent(b, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(path, append(data, '\n'), 0o644)
}

// Read loads a baseline file, saying what is wrong with a bad one.
func Read(path string) (File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return File{}, err
	}
	var b File
	if err := json.Unmarshal(data, &b); err != nil {
		return File{}, fmt.Errorf("%s: not a baseline file: %v (write one with lint --write-baseline %s)", path, err, filepath.Base(path))
	}
	if b.Version != Version {
		return File{}, fmt.Errorf("%s: baseline version %d, this skillstudio reads version %d (write it again with --write-baseline)", path, b.Version, Version)
	}
	return b, nil
}

// New returns which of findings are not in b: each entry of b absorbs
// one matching finding, so a second copy of a baselined problem is new.
func (b File) New(findings []Finding) []bool {
	left := map[key]int{}
	for _, e := range b.Findings {
		left[e.key()]++
	}
	fresh := make([]bool, len(findings))
	for i, f := range findings {
		k := key{f.Diag.Rule, f.File, Fingerprint(f)}
		if left[k] > 0 {
			left[k]--
			continue
		}
		fresh[i] = true
	}
	return fresh
}
