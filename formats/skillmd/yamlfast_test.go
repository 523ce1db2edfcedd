package skillmd

import (
	"io/fs"
	"reflect"
	"testing"

	"gopkg.in/yaml.v3"
)

var yamlFastCases = []string{
	"name: demo-skill\ndescription: Reviews pull requests. Use when asked to review a PR.\nlicense: MIT\n",
	"name: x\nmetadata:\n  version: \"1.2.0\"\n  author: someone\n  tags: 'a, b'\nallowed-tools:\n  - Read\n  - Bash(git:*)\n",
	"tools:\n- Read\n- Grep\nnext: value  \n\n\nlast: é — “quoted” text\n",
	"user-invocable: true\nx: False\nn: null\nversion: 0.1.0\nv2: 1.2.3.4\n",
	"description: >\n  Folded text\n  on lines.\n\n  New paragraph.\nliteral: |\n    a\n    b\n\n    c\nstrip: >-\n  s\nx: y\n",
	"a: |\n  x\n    more\n", "a: >+\n  x\n", "a: |2\n  x\n", "a: >\n\n  x\n", "a: |\n  x", "a: >\n  x \n",
	"a: b\n  continued\n", "a: 1.0\n", "a: 1.2.\n", "a: 2024-01-02\n", "a: 0.1e.5\n", "a: true\n", "on: yes\n", "a:\n", "a: 'it''s'\n", "a: \"x\\ty\"\n",
	"a: b: c\n", "a: b # c\n", "- a\n", "a:\n  - b: c\n", "a:\n    b: c\n  d: e\n", "\na: b\n", "a: [b]\n", "a: >\n  b\n",
	// lists of mappings
	"quiz:\n  - title: \"Auth\"\n    gate: true\n    questions:\n      - question: \"Q?\"\n        options:\n          - label: \"A\"\n            correct: true\n          - label: B\n",
	"hooks:\n- matcher: x\n  hooks:\n  - type: command\n    command: run\n  next: y\nz: w\n",
	"a:\n  -   b: c\n      d: e\n  - f\n", "a:\n  - b:\n  - c: d\n", "a:\n  - b: c\n   d: e\n", "a:\n  - b: 1\n",
	// flow lists
	"tags: [testing, validation]\nx: y\n", "a: [Read, \"Write\", 'Edit', two words]\n", "a: []\n", "a: [ ]\n", "a: [x,y]  \n",
	"a: [Bash(git:*), b]\n", "a: [b,]\n", "a: [b] c\n", "a: [b, [c]]\n", "a: [1, b]\n", "a: [b\n", "a: [\"b\\\"\"]\n", "a: [true, null]\n", "a: ['it''s']\n",
	// plain values over several lines
	"description:\n  Use this skill to review code. It supports\n  both local changes.\nlicense: MIT\n",
	"description: Reviews code,\n  on two lines\n    and a third.\n",
	"a: b\n\n  c\n", "a:\n  b\n  - c\n", "a:\n  b\n  c: d\n", "a: b\n  c:\n", "a:\n  true\n", "a:\n  true\n  b\n", "a:\n  1.2.3\n  b\n", "a: b   \n  c  \n",
	"a: 'b'\n  c\n", "a: b:\n  c\n",
	// escapes, '#' that is text, decimals
	"a: \"say \\\"hi\\\" \\\\ a\\/b\\n\\t\"\n", "a: \"x\\\"\n", "a: \"x\\q\"\n", "a: \"x\" \\\n", "a: \"x\\\\\" y\n",
	"a: C# and F#\nb: https://x.y/z#readme\nc: \"#x\"\n", "a: b #c\n", "#c\na: b\n", "a: [b#c, \"#d\"]\n", "a: [#b]\n", "a: 'x#'\n", "a: b\n  #c\n",
	"timeout: 30\nz: 0\nb: 007\nc: 08\nd: 123456789012345678\ne: 1234567890123456789\nf: -1\ng: [1, 22]\n", "a:\n  30\n  b\n", "a: 0x1f\n",
}

// TestFastYAMLShapes: the shapes of the corpus fastYAML reads itself
// (lists of mappings, one-line flow lists, plain values over several
// lines), and the near misses it leaves to yaml.v3.
func TestFastYAMLShapes(t *testing.T) {
	for _, c := range []struct {
		text string
		fast bool
	}{
		{"a:\n  - b: c\n    d: e\n  - f: g\n", true},
		{"a: [b, \"c\", 'd']\n", true},
		{"a: []\n", true},
		{"a: [Ã, \"é\", 'ü', b]\n", true}, // columns in characters, not bytes
		{"description:\n  one\n  two\n", true},
		{"a: one\n  two\n", true},
		{"a: [Bash(git:*)]\n", false},      // ':' in a flow item
		{"a: [b, [c]]\n", false},           // nested flow
		{"a: [b?]\n", false},               // '?' ends a plain scalar in a flow list
		{"a: [b] c\n", false},              // text after the list
		{"a: b\n\n  c\n", false},           // a blank line inside the value
		{"a:\n  b\n  - c\n", false},        // an indicator starts a line
		{"a: 'b'\n  c\n", false},           // a quoted value over lines
		{"a:\n  - b: c\n   d: e\n", false}, // a key out of line
	} {
		if _, ok := fastYAML([]byte(c.text)); ok != c.fast {
			t.Errorf("%q: fast path %v, want %v", c.text, ok, c.fast)
		}
		compareFastYAML(t, []byte(c.text))
	}
}

// compareFastYAML: when fastYAML reads text, it gives yaml.v3's nodes.
func compareFastYAML(t *testing.T, text []byte) bool {
	t.Helper()
	got, ok := fastYAML(text)
	if !ok {
		return false
	}
	var want yaml.Node
	if err := yaml.Unmarshal(text, &want); err != nil {
		t.Fatalf("fastYAML read %q, which yaml.v3 rejects: %v", text, err)
	}
	if !reflect.DeepEqual(got, &want) {
		t.Fatalf("fastYAML and yaml.v3 differ on %q\nfast: %s\nyaml: %s", text, dumpNode(got), dumpNode(&want))
	}
	return true
}

func dumpNode(n *yaml.Node) string {
	if n == nil {
		return "nil"
	}
	s := "{" + n.Tag + " " + n.Value + " " + string(rune('0'+n.Kind)) + " style " + string(rune('0'+n.Style)) + " at " + itoa(n.Line) + ":" + itoa(n.Column)
	for _, c := range n.Content {
		s += " " + dumpNode(c)
	}
	return s + "}"
}

func itoa(i int) string {
	if i < 0 {
		return "-" + itoa(-i)
	}
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

func TestFastYAML(t *testing.T) {
	for _, c := range yamlFastCases {
		compareFastYAML(t, []byte(c))
	}
}

// TestFastYAMLCorpus compares on every corpus frontmatter and says how many
// the fast path reads.
func TestFastYAMLCorpus(t *testing.T) {
	fsys, dirs := corpusSkills(t)
	n, fast := 0, 0
	for _, d := range dirs {
		data, err := fs.ReadFile(fsys, d+"/SKILL.md")
		if err != nil {
			continue
		}
		fm := ParseFrontmatter(data)
		if !fm.Closed {
			continue
		}
		n++
		if compareFastYAML(t, data[fm.Start:fm.End]) {
			fast++
		}
	}
	t.Logf("fastYAML read %d of %d frontmatters", fast, n)
}

func FuzzFastYAML(f *testing.F) {
	for _, c := range yamlFastCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		compareFastYAML(t, text)
	})
}
