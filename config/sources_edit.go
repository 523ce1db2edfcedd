package config

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/skillstudio/skillstudio/internal/atomicfile"
	"github.com/skillstudio/skillstudio/internal/safefs"
	"github.com/skillstudio/skillstudio/internal/sourcespec"
)

// AddSource adds spec to the sources: list of the config file at path (the
// studio's "add source"), creating the file and its folder when needed. It
// reports false, writing nothing, when spec is already listed. The rest of
// the file is kept byte for byte where the list is in block style: only the
// new line is inserted. The result is checked with Parse and written
// atomically, so a failed edit leaves the file as it was.
func AddSource(path, spec string) (bool, error) {
	if strings.TrimSpace(spec) == "" {
		return false, errors.New("a source is empty")
	}
	if !utf8.ValidString(spec) || strings.ContainsFunc(spec, unicode.IsControl) {
		return false, fmt.Errorf("source %q holds control characters or invalid UTF-8; name a folder or URL", spec)
	}
	data, perm, err := readForEdit(path)
	if err != nil {
		return false, err
	}
	doc, root, err := editRoot(path, data)
	if err != nil {
		return false, err
	}
	item := strings.TrimRight(string(mustYAML(spec)), "\n")
	// Listed already, as written or as ReadFile resolves it.
	dir, _ := filepath.Abs(filepath.Dir(path))
	listed := func(v string) bool {
		return v == spec || sourcespec.ResolveIn(dir, v) == sourcespec.ResolveIn(dir, spec)
	}
	k, v := findKey(root, "sources")
	var out []byte
	switch {
	case root == nil || k == nil:
		out = appendText(data, "sources:\n  - "+item+"\n")
	case v.Kind == yaml.ScalarNode && v.Tag == "!!null" && v.Line == k.Line:
		// "sources:" with nothing after it.
		out = insertLines(data, k.Line, "  - "+item)
	case v.Kind == yaml.SequenceNode && v.Style&yaml.FlowStyle == 0 && len(v.Content) > 0:
		for _, it := range v.Content {
			if listed(it.Value) {
				return false, nil
			}
		}
		last := v.Content[len(v.Content)-1]
		if last.Kind != yaml.ScalarNode || last.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
			out, err = reencode(doc, v, spec)
			break
		}
		out = insertLines(data, last.Line, dashIndent(data, last.Line)+"- "+item)
	case v.Kind == yaml.SequenceNode:
		for _, it := range v.Content {
			if listed(it.Value) {
				return false, nil
			}
		}
		out, err = reencode(doc, v, spec)
	default:
		return false, fmt.Errorf("%s:%d:%d: sources must be a list of folders or URLs; fix it before adding one", path, v.Line, v.Column)
	}
	if err != nil {
		return false, err
	}
	return true, writeChecked(path, out, perm)
}

// RemoveSource removes spec from the sources: list of the config file at
// path. It reports false, writing nothing, when the file or the entry is
// not there (the source came from the command line or a project file).
func RemoveSource(path, spec string) (bool, error) {
	data, perm, err := readForEdit(path)
	if err != nil || len(data) == 0 {
		return false, err
	}
	doc, root, err := editRoot(path, data)
	if err != nil {
		return false, err
	}
	_, v := findKey(root, "sources")
	if v == nil || v.Kind != yaml.SequenceNode {
		return false, nil
	}
	// The studio names a source as it opened it: a relative folder in the
	// file resolved against the file's folder (ReadFile).
	dir, _ := filepath.Abs(filepath.Dir(path))
	idx := -1
	for i, it := range v.Content {
		if it.Kind == yaml.ScalarNode && (it.Value == spec || sourcespec.ResolveIn(dir, it.Value) == spec) {
			idx = i
			break
		}
	}
	if idx < 0 {
		return false, nil
	}
	it := v.Content[idx]
	var out []byte
	if v.Style&yaml.FlowStyle == 0 && it.Style&(yaml.LiteralStyle|yaml.FoldedStyle) == 0 && onlyItemOnLine(v, idx) {
		out = deleteLine(data, it.Line)
	} else {
		v.Content = append(v.Content[:idx:idx], v.Content[idx+1:]...)
		if out, err = encode(doc); err != nil {
			return false, err
		}
	}
	return true, writeChecked(path, out, perm)
}

func readForEdit(path string) ([]byte, fs.FileMode, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0o644, nil
	}
	if err != nil {
		return nil, 0, fmt.Errorf("cannot read config %s: %w", path, safefs.Cause(err))
	}
	perm := fs.FileMode(0o644)
	if info, err := os.Stat(path); err == nil {
		perm = info.Mode().Perm()
	}
	return data, perm, nil
}

// editRoot parses the file (which must already be a valid config) and
// returns its document and top-level map (nil for an empty file).
func editRoot(path string, data []byte) (*yaml.Node, *yaml.Node, error) {
	if _, err := Parse(path, data, nil); err != nil {
		return nil, nil, fmt.Errorf("%w; fix the file before the studio changes it", err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, nil, err
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return &doc, nil, nil
	}
	return &doc, doc.Content[0], nil
}

func findKey(root *yaml.Node, name string) (k, v *yaml.Node) {
	if root == nil {
		return nil, nil
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == name {
			return root.Content[i], root.Content[i+1]
		}
	}
	return nil, nil
}

func mustYAML(v any) []byte {
	b, err := yaml.Marshal(v)
	if err != nil {
		panic(err) // a string always marshals
	}
	return b
}

// splitLines keeps each line's newline.
func splitLines(data []byte) [][]byte { return bytes.SplitAfter(data, []byte("\n")) }

func appendText(data []byte, text string) []byte {
	out := bytes.Clone(data)
	if len(out) > 0 && out[len(out)-1] != '\n' {
		out = append(out, '\n')
	}
	return append(out, text...)
}

// insertLines puts line after the 1-based line after.
func insertLines(data []byte, after int, line string) []byte {
	lines := splitLines(data)
	var b bytes.Buffer
	for i, l := range lines {
		b.Write(l)
		if i+1 == after {
			if len(l) == 0 || l[len(l)-1] != '\n' {
				b.WriteByte('\n')
			}
			b.WriteString(line + "\n")
		}
	}
	return b.Bytes()
}

func deleteLine(data []byte, n int) []byte {
	lines := splitLines(data)
	var b bytes.Buffer
	for i, l := range lines {
		if i+1 != n {
			b.Write(l)
		}
	}
	return b.Bytes()
}

// dashIndent is the whitespace before the "-" on a list item's line.
func dashIndent(data []byte, line int) string {
	lines := splitLines(data)
	if line < 1 || line > len(lines) {
		return "  "
	}
	l := string(lines[line-1])
	if i := strings.Index(l, "-"); i >= 0 && strings.TrimSpace(l[:i]) == "" {
		return l[:i]
	}
	return "  "
}

func onlyItemOnLine(seq *yaml.Node, idx int) bool {
	line := seq.Content[idx].Line
	for i, it := range seq.Content {
		if i != idx && it.Line == line {
			return false
		}
	}
	return true
}

// reencode appends spec to a list yaml.v3 cannot edit in place (flow
// style) and writes the document again.
func reencode(doc, seq *yaml.Node, spec string) ([]byte, error) {
	seq.Content = append(seq.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: spec})
	return encode(doc)
}

func encode(doc *yaml.Node) ([]byte, error) {
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	enc.Close()
	return b.Bytes(), nil
}

func writeChecked(path string, data []byte, perm fs.FileMode) error {
	if _, err := Parse(path, data, nil); err != nil {
		return fmt.Errorf("editing %s would break it (%v); change it by hand", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.Write(path, data, perm)
}
