package report

import (
	"bytes"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/skillstudio/skillstudio/internal/jsonout"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// bigLibrary has n skills, in no path order, whose names and findings
// carry what the JSON encoder escapes or jsonout cleans (HTML characters,
// quotes, a terminal escape, a bidi override, non-ASCII), some skills
// with no finding and one library finding.
func bigLibrary(n int) *model.Library {
	lib := &model.Library{Diagnostics: []model.Diagnostic{
		{Rule: "library/duplicate-name", Severity: model.SeverityError, File: "/work/repo/a", Message: "two <skills> & \"one\" name"},
	}}
	for i := range n {
		j := (i * 7919) % n // out of order, so sortedSkills has work
		dir := fmt.Sprintf("skills/s-%05d", j)
		s := &model.Skill{Format: model.FormatSkillMD, Name: fmt.Sprintf("s<%d>&\x1b[31m\u202eé", j),
			Location: model.Location{Source: ".", Root: "/work/repo", Local: true, Dir: dir, File: dir + "/SKILL.md"}}
		for k := range j % 3 {
			s.Diagnostics = append(s.Diagnostics, model.Diagnostic{Rule: "skillmd/name-format", Severity: model.Severity(1 + k%3),
				File: dir + "/SKILL.md", Line: 3 - k, Column: 1, Message: fmt.Sprintf("finding %d \"quoted\" \x07 <b>", k), Hint: "tab\there"})
		}
		lib.Skills = append(lib.Skills, s)
	}
	return lib
}

// wholeJSON is the report encoded in one piece, as JSON did before its
// skills were encoded on every core: the bytes JSON must keep giving.
func wholeJSON(t *testing.T, lib *model.Library, opts Options) []byte {
	t.Helper()
	d := displayer{opts.BaseDir}
	r := jsonReport{Skills: []jsonSkill{}, Library: jsonDiagnostics(d.libraryFindings(lib)), Summary: Summarize(lib)}
	for _, s := range d.sortedSkills(lib) {
		r.Skills = append(r.Skills, jsonSkill{Path: sanitize.Line(d.skillPath(s)), Format: s.Format, Name: sanitize.Line(s.Name), Diagnostics: jsonDiagnostics(d.skillFindings(s))})
	}
	var b bytes.Buffer
	if err := jsonout.Encode(&b, r); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestJSONInPiecesIsTheWholeEncoding(t *testing.T) {
	for _, n := range []int{0, 1, 2, 63, 64, 65, 257, 3000} {
		lib := bigLibrary(n)
		var got bytes.Buffer
		if err := JSON(&got, lib, opts()); err != nil {
			t.Fatal(err)
		}
		if want := wholeJSON(t, lib, opts()); !bytes.Equal(got.Bytes(), want) {
			i := 0
			for i < min(got.Len(), len(want)) && got.Bytes()[i] == want[i] {
				i++
			}
			t.Errorf("%d skills: output differs from the whole encoding at byte %d: got %.80q, want %.80q", n, i, got.Bytes()[i:], want[i:])
		}
	}
}

// TestInPiecesUsesEveryCore holds that the pieces are made at once: each
// piece waits until another one is being made too, which never happens
// when they are made one after another.
func TestInPiecesUsesEveryCore(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	var (
		mu      sync.Mutex
		running int
		both    = make(chan struct{})
		once    sync.Once
	)
	pieces := inPieces(8, 1, func(lo, hi int) []byte {
		mu.Lock()
		running++
		if running == 2 {
			once.Do(func() { close(both) })
		}
		mu.Unlock()
		select {
		case <-both:
		case <-time.After(2 * time.Second):
		}
		mu.Lock()
		running--
		mu.Unlock()
		return []byte{byte('a' + lo)}
	})
	select {
	case <-both:
	default:
		t.Error("no two pieces were made at the same time")
	}
	if got := string(bytes.Join(pieces, nil)); got != "abcdefgh" {
		t.Errorf("pieces = %q, want them in order", got)
	}
}

// TestTextInPiecesIsTheSerialText holds Text, whose findings are gathered
// and formatted on every core, to the text of doing it all on one.
func TestTextInPiecesIsTheSerialText(t *testing.T) {
	for _, n := range []int{0, 1, 255, 257, 3000} {
		lib := bigLibrary(n)
		var got bytes.Buffer
		if err := Text(&got, lib, opts()); err != nil {
			t.Fatal(err)
		}
		d := displayer{opts().BaseDir}
		st := newTextStyles(false)
		all := d.libraryFindings(lib)
		for _, s := range d.sortedSkills(lib) {
			all = append(all, d.skillFindings(s)...)
		}
		sortFindings(all)
		var want bytes.Buffer
		for _, f := range all {
			writeFinding(&want, st, f)
		}
		want.WriteString(st.paint(st.summary, SummaryLine(Summarize(lib))) + "\n")
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("%d skills: Text differs from the serial text", n)
		}
	}
}
