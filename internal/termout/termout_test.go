package termout

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

func filter(chunks ...string) string {
	var b bytes.Buffer
	w := New(&b)
	for _, c := range chunks {
		w.Write([]byte(c))
	}
	return b.String()
}

func TestWriterKeepsTextAndSGR(t *testing.T) {
	in := "plain \x1b[1;31mred\x1b[0m ünïcode\ttab\n"
	if got := filter(in); got != in {
		t.Fatalf("got %q, want %q", got, in)
	}
}

func TestWriterDropsForeignSequences(t *testing.T) {
	cases := map[string]string{
		"osc52 BEL": "a\x1b]52;c;aGk=\x07b",
		"osc title": "a\x1b]0;pwned\x1b\\b",
		"cursor":    "a\x1b[2Jb",
		"c1 csi":    "a\u009b2Jb",
		"c1 osc":    "a\u009d0;x\u009cb",
		"bidi":      "a\u202eb",
		"isolate":   "a\u2066b",
		"backspace": "a\bb",
		"cr":        "a\rb",
		"dcs":       "a\x1bPq#0\x1b\\b",
		"two byte":  "a\x1bcb",
		"invalid":   "a\xffb",
	}
	for name, in := range cases {
		got := filter(in)
		if strings.ContainsAny(got, "\x1b\x07\b\r\u009b\u009d\u202e\u2066") || !strings.HasPrefix(got, "a") || !strings.HasSuffix(got, "b") {
			t.Errorf("%s: %q -> %q", name, in, got)
		}
	}
}

func TestWriterSplitAcrossWrites(t *testing.T) {
	in := "x\x1b]52;c;aGk=\x07y\u202e\u00fcz\x1b[31mq"
	for i := 0; i <= len(in); i++ {
		got := filter(in[:i], in[i:])
		if got != "xy\u00fcz\x1b[31mq" {
			t.Fatalf("split at %d: %q", i, got)
		}
	}
}

func FuzzWriter(f *testing.F) {
	f.Add("a\x1b]52;c;x\x07b", 3)
	f.Add("\u009b\u202e\x1b[1m", 1)
	f.Add(" ::error::x\n:::note\n##vso[a]", 2)
	f.Fuzz(func(t *testing.T, s string, cut int) {
		if cut < 0 || cut > len(s) {
			cut = len(s) / 2
		}
		got := filter(s[:cut], s[cut:])
		for i := 0; i < len(got); i++ {
			c := got[i]
			if c == 0x1b {
				// only SGR may survive
				j := i + 2
				if j > len(got) || got[i+1] != '[' {
					t.Fatalf("non-CSI escape survived in %q", got)
				}
				for j < len(got) && (got[j] >= '0' && got[j] <= '9' || got[j] == ';' || got[j] == ':') {
					j++
				}
				if j >= len(got) || got[j] != 'm' {
					t.Fatalf("non-SGR escape survived in %q", got)
				}
				continue
			}
			if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f {
				t.Fatalf("control %#x survived in %q", c, got)
			}
		}
		for _, r := range got {
			if r >= 0x80 && r <= 0x9f || isBidiControl(r) {
				t.Fatalf("rune %U survived in %q", r, got)
			}
		}
		for _, line := range strings.Split(got, "\n") {
			if ciCommand(line) {
				t.Fatalf("CI command survived in %q", line)
			}
		}
	})
}

// slowFilter is filter through the byte-by-byte path alone.
func slowFilter(chunks ...string) string {
	var b bytes.Buffer
	w := New(&b)
	for _, c := range chunks {
		w.out = w.out[:0]
		in := []byte(c)
		if len(w.partial) > 0 {
			in = append(append([]byte{}, w.partial...), in...)
			w.partial = w.partial[:0]
		}
		w.feedFrom(in, false)
		w.release()
		b.Write(w.out)
	}
	return b.String()
}

func TestPlainRunKeepsCIDefusing(t *testing.T) {
	// Runs copied whole must still see a line's lead and "##" runs.
	for _, in := range []string{
		"text then\n  ::error::x\n", "a ##[group] b", "a ##vso[task] b",
		"lead: x\n::warning file=a::b", "##teamcity[x]", "note:: x\n \t::set-output",
	} {
		if got, want := filter(in), slowFilter(in); got != want {
			t.Errorf("%q: fast %q, byte by byte %q", in, got, want)
		}
	}
}

func FuzzPlainRunMatchesByteByByte(f *testing.F) {
	f.Add("plain text: a line\n  ::error::x ##[y] ##vso[z]\x1b[1mb\x1b[0m", 7)
	f.Add("é ## x\n\t::a", 2)
	// SGR sequences at the length bound, split, and one with a non-SGR byte.
	f.Add("a\x1b["+strings.Repeat("1", 62)+"mb\x1b["+strings.Repeat("1", 63)+"mc", 0)
	f.Add("x ::\x1b[38;5;252mq\x1b[0m\x1b[1", 9)
	f.Add("\x1b[1?m\x1b[;:m::a", 0)
	f.Fuzz(func(t *testing.T, in string, cut int) {
		if cut < 0 || cut > len(in) {
			cut = len(in) / 2
		}
		if got, want := filter(in[:cut], in[cut:]), slowFilter(in[:cut], in[cut:]); got != want {
			t.Fatalf("%q cut at %d: fast %q, byte by byte %q", in, cut, got, want)
		}
	})
}

// TestSGRCopiedWhole: the fast path takes an SGR sequence in one step
// (sgrRun), so a dark render is not filtered byte by byte; what it lets
// through is the byte-by-byte path's (FuzzPlainRunMatchesByteByByte).
func TestSGRCopiedWhole(t *testing.T) {
	for in, want := range map[string]int{
		"\x1b[38;5;252mtext":                    len("\x1b[38;5;252m"),
		"\x1b[m":                                3,
		"\x1b[" + strings.Repeat("1", 62) + "m": 65,
		"\x1b[" + strings.Repeat("1", 63) + "m": 0, // too long: dropped byte by byte
		"\x1b[?25l":                             0,
		"\x1b[1":                                0, // ends in the next write
	} {
		w := New(io.Discard)
		if got := w.sgrRun([]byte(in)); got != want {
			t.Errorf("sgrRun(%q) = %d, want %d", in, got, want)
		}
	}
}

func BenchmarkWriterDarkRender(b *testing.B) {
	line := "\x1b[38;5;252m\x1b[0m\x1b[38;5;252m  \x1b[0m\x1b[38;5;39;1mHeading\x1b[0m\x1b[38;5;252m some words\x1b[0m\x1b[38;5;252m \x1b[0m\n"
	p := []byte(strings.Repeat(line, 200))
	w := New(io.Discard)
	b.SetBytes(int64(len(p)))
	b.ReportAllocs()
	for b.Loop() {
		w.Write(p)
	}
}
