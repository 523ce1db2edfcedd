// Package termout is the one way out to the terminal: every byte a
// command prints passes through a Writer that lets through text, newline,
// tab and SGR colour sequences (CSI … m) and drops everything else a
// terminal would act on — OSC (title, clipboard, hyperlinks), DCS/APC/PM
// strings, cursor movement, C0 and C1 controls, bidi overrides and
// invalid UTF-8 (shown as U+FFFD).
//
// Commands still sanitise skill text where they print it (see package
// sanitize); this writer is the net under them, so a print statement
// added later cannot hand a skill's escape to the terminal. SGR is kept
// because it is how our own output is coloured and it cannot change the
// terminal's state beyond the colour of the text that follows.
package termout

import (
	"io"
	"os"
	"unicode"
	"unicode/utf8"
)

// maxSeq bounds a buffered CSI sequence; a longer one is dropped whole.
const maxSeq = 64

type state uint8

const (
	ground       state = iota
	escape             // after ESC
	escInter           // ESC followed by intermediates, waiting for the final byte
	csi                // inside CSI, collecting into seq
	ctlString          // inside OSC/DCS/SOS/PM/APC, dropping until BEL or ST
	ctlStringEsc       // ESC seen inside a control string (ESC \ ends it)
)

// Writer filters what is written to w. It is not safe for concurrent
// use; commands write from one goroutine.
type Writer struct {
	w       io.Writer
	st      state
	seq     []byte // CSI bytes so far (including ESC [), kept while deciding
	partial []byte // an incomplete UTF-8 sequence held across writes
	out     []byte
	ci      ciState
}

// ciState follows what a CI runner would read as a command in the line
// being written (see emit).
type ciState struct {
	lead    bool // the line so far is white space (and SGR), or that and one ':'
	colon   bool // ... and one ':'
	held    bool // a second ':' after the lead, not written yet (see emit)
	hashes  int  // '#' run just before (at least 2 is a command prefix)
	word    bool // letters after a run of at least two '#' ("##vso")
	trusted bool // writing through Trusted: our own workflow commands
}

// New returns a Writer filtering into w.
func New(w io.Writer) *Writer { return &Writer{w: w, ci: ciState{lead: true}} }

// zwsp is put between the characters that would make a CI runner read a
// line as a command. It is invisible and not white space to the runners
// (.NET's TrimStart keeps it), so the line reads as it was written.
const zwsp = "\u200b"

// Trusted returns a view of w (a Writer from New or Wrap) whose lines may
// start with "::": the GitHub printer's own workflow commands, which
// escape what they quote. Any other writer is returned as it is.
func Trusted(w io.Writer) io.Writer {
	switch v := w.(type) {
	case *Writer:
		return trusted{v}
	case *File:
		return trusted{v.f}
	}
	return w
}

type trusted struct{ t *Writer }

func (tw trusted) Write(p []byte) (int, error) {
	tw.t.ci.trusted = true
	defer func() { tw.t.ci.trusted = false }()
	return tw.t.Write(p)
}

// emit appends a printable ASCII byte or newline, defusing CI commands:
// GitHub Actions acts on a line that starts with "::" and a command name
// after white space (and on "##[" anywhere), Azure Pipelines on "##vso[",
// TeamCity on "##teamcity[". A skill's folder name at the start of a lint
// line, or a name indented in a listing, must not become one; a zero-width
// space goes between the two colons or before the '['. The second colon
// is held until the next byte: command names start with a letter, so
// ":::note", ":: comment" (a batch file's) or "::" alone stay as written.
func (t *Writer) emit(c byte) {
	ci := &t.ci
	if ci.held {
		ci.held = false
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			t.out = append(t.out, zwsp...)
		}
		t.out = append(t.out, ':')
	}
	if c == '\n' {
		*ci = ciState{lead: true, trusted: ci.trusted}
		t.out = append(t.out, c)
		return
	}
	if ci.lead {
		switch {
		case ci.colon:
			ci.lead, ci.colon = false, false
			if c == ':' && !ci.trusted {
				ci.held = true
				return
			}
		case c == ' ' || c == '\t':
		case c == ':':
			ci.colon = true
		default:
			ci.lead = false
		}
	}
	switch {
	case c == '[' && ci.hashes >= 2:
		t.out = append(t.out, zwsp...)
		ci.hashes, ci.word = 0, false
	case c == '#':
		if ci.word {
			ci.hashes, ci.word = 0, false
		}
		ci.hashes++
	case ci.hashes >= 2 && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'):
		ci.word = true
	default:
		ci.hashes, ci.word = 0, false
	}
	t.out = append(t.out, c)
}

// release writes a held colon before anything but a printable byte (an
// SGR sequence, the end of a write), defused, since what follows it is
// not known.
func (t *Writer) release() {
	if t.ci.held {
		t.ci.held = false
		t.out = append(t.out, zwsp...)
		t.out = append(t.out, ':')
	}
}

// emitRune appends a printable non-ASCII rune: white space keeps a line's
// lead (the runners trim Unicode white space too), anything else ends it.
func (t *Writer) emitRune(b []byte, r rune) {
	ci := &t.ci
	if ci.held {
		ci.held = false
		t.out = append(t.out, ':')
	}
	if ci.lead && (ci.colon || !unicode.IsSpace(r)) {
		ci.lead, ci.colon = false, false
	}
	ci.hashes, ci.word = 0, false
	t.out = append(t.out, b...)
}

// File is a Writer that keeps the *os.File underneath it reachable, so
// colour detection (which asks for Fd) still sees the real terminal.
type File struct {
	*os.File
	f *Writer
}

// Wrap returns w wrapped in the filter. An *os.File keeps its Fd.
func Wrap(w io.Writer) io.Writer {
	switch v := w.(type) {
	case *Writer, *File:
		return w
	case *os.File:
		return &File{File: v, f: New(v)}
	}
	return New(w)
}

// Write filters p through the Writer of the file.
func (f *File) Write(p []byte) (int, error) { return f.f.Write(p) }

// WriteString filters s through the Writer of the file.
func (f *File) WriteString(s string) (int, error) { return f.f.Write([]byte(s)) }

// WriteString filters s.
func (t *Writer) WriteString(s string) (int, error) { return t.Write([]byte(s)) }

// Write filters p and always reports len(p) written unless w fails.
func (t *Writer) Write(p []byte) (int, error) {
	t.out = t.out[:0]
	in := p
	if len(t.partial) > 0 {
		// Complete a rune split across writes.
		in = append(append([]byte{}, t.partial...), p...)
		t.partial = t.partial[:0]
	}
	t.feed(in)
	t.release()
	if len(t.out) == 0 {
		return len(p), nil
	}
	if _, err := t.w.Write(t.out); err != nil {
		return 0, err
	}
	return len(p), nil
}

func (t *Writer) feed(p []byte) {
	t.feedFrom(p, true)
}

// feedFrom filters p; with fast, runs of plain text are copied whole
// (plainRun) instead of byte by byte. The byte-by-byte path alone
// (fast false) is the reference FuzzPlainRunMatchesByteByByte holds the
// fast one to.
func (t *Writer) feedFrom(p []byte, fast bool) {
	for i := 0; i < len(p); {
		c := p[i]
		if c < utf8.RuneSelf {
			if fast {
				if n := t.plainRun(p[i:]); n > 0 {
					i += n
					continue
				}
				if c == 0x1b {
					if n := t.sgrRun(p[i:]); n > 0 {
						i += n
						continue
					}
				}
			}
			t.byte(c)
			i++
			continue
		}
		if !utf8.FullRune(p[i:]) {
			t.partial = append(t.partial[:0], p[i:]...)
			return
		}
		r, size := utf8.DecodeRune(p[i:])
		t.rune(p[i:i+size], r, size)
		i += size
	}
}

// plainRun copies the longest run at the head of p of bytes that emit
// would append unchanged and that leave the CI state as it is, and
// returns its length (0 when the state is not the plain one). Most of
// what commands print (a rendered document, lint's lines) is such runs;
// byte by byte, the filter cost about 80 instructions a byte.
func (t *Writer) plainRun(p []byte) int {
	ci := &t.ci
	if t.st != ground || ci.colon || ci.held || ci.hashes != 0 || ci.word {
		return 0
	}
	n := 0
	if ci.lead {
		// A line's leading white space (glamour pads blank lines with
		// it) keeps the lead as it is.
		for n < len(p) && (p[n] == ' ' || p[n] == '\t') {
			n++
		}
	} else {
		for n < len(p) && plainByte(p[n]) {
			n++
		}
	}
	t.out = append(t.out, p[:n]...)
	return n
}

// sgrRun copies a whole SGR sequence (ESC [ parameters m) at the head of
// p, as the byte-by-byte path would pass it, and returns its length (0
// when p does not start with one that ends within p and maxSeq). A dark
// render is about a third SGR bytes; byte by byte, each cost the full
// state machine.
func (t *Writer) sgrRun(p []byte) int {
	if t.st != ground || len(p) < 3 || p[0] != 0x1b || p[1] != '[' {
		return 0
	}
	for n := 2; n < len(p) && n <= maxSeq; n++ {
		switch c := p[n]; {
		case c == 'm':
			t.release()
			t.out = append(t.out, p[:n+1]...)
			return n + 1
		case c >= '0' && c <= '9' || c == ';' || c == ':':
		default:
			return 0
		}
	}
	return 0
}

// plainByte reports whether emit passes c through without a CI state
// change once a line's lead is over: printable ASCII but '#' and '['
// (DEL is dropped).
func plainByte(c byte) bool { return c >= 0x20 && c < 0x7f && c != '#' && c != '[' }

// byte handles one ASCII byte in the current state.
func (t *Writer) byte(c byte) {
	switch t.st {
	case ground:
		switch {
		case c == 0x1b:
			t.st = escape
		case c == '\n' || c == '\t' || c >= 0x20 && c != 0x7f:
			t.emit(c)
		}
	case escape:
		switch c {
		case '[':
			t.st = csi
			t.seq = append(t.seq[:0], 0x1b, '[')
		case ']', 'P', 'X', '^', '_':
			t.st = ctlString
		default:
			if c >= 0x20 && c <= 0x2f {
				t.st = escInter
			} else {
				t.st = ground // a two-byte escape, dropped
			}
		}
	case escInter:
		if c < 0x20 || c > 0x2f {
			t.st = ground
		}
	case csi:
		switch {
		case c >= 0x40 && c <= 0x7e:
			t.st = ground
			if c == 'm' && t.seq[0] == 0x1b && sgrParams(t.seq[2:]) {
				t.release()
				t.out = append(t.out, t.seq...)
				t.out = append(t.out, c)
			}
		case c == 0x1b:
			t.st = escape
		case c < 0x20:
			// C0 inside CSI is executed by terminals; drop it.
		default:
			if len(t.seq) < maxSeq {
				t.seq = append(t.seq, c)
			} else {
				t.seq = append(t.seq[:2], 'x') // too long: never emitted
			}
		}
	case ctlString:
		switch c {
		case 0x07:
			t.st = ground
		case 0x1b:
			t.st = ctlStringEsc
		}
	case ctlStringEsc:
		if c == '\\' {
			t.st = ground
		} else if c != 0x1b {
			t.st = ctlString
		}
	}
}

// rune handles one non-ASCII rune (raw bytes b).
func (t *Writer) rune(b []byte, r rune, size int) {
	if r == utf8.RuneError && size <= 1 {
		r, b = utf8.RuneError, []byte(string(utf8.RuneError))
	}
	switch t.st {
	case ctlString, ctlStringEsc:
		if r == 0x9c { // C1 ST
			t.st = ground
		} else {
			t.st = ctlString
		}
		return
	case ground:
	default:
		// Non-ASCII inside an escape aborts it.
		t.st = ground
	}
	switch {
	case r == 0x9b: // C1 CSI: drop its parameters like a CSI we do not allow
		t.st = csi
		t.seq = append(t.seq[:0], 0, 0) // a NUL first parameter: never emitted
	case r == 0x9d || r == 0x90 || r == 0x98 || r == 0x9e || r == 0x9f:
		t.st = ctlString
	case r >= 0x80 && r <= 0x9f, isBidiControl(r):
	default:
		t.emitRune(b, r)
	}
}

// sgrParams reports whether p holds only SGR parameter bytes.
func sgrParams(p []byte) bool {
	for _, c := range p {
		if (c < '0' || c > '9') && c != ';' && c != ':' {
			return false
		}
	}
	return true
}

// isBidiControl: embeddings, overrides, isolates and marks (Trojan Source).
func isBidiControl(r rune) bool {
	return r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0x200e || r == 0x200f || r == 0x061c
}
