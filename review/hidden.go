package review

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// scanHidden reports what a reader of f cannot see: bidi controls, tag
// characters, other invisible characters, homoglyph words and blobs.
func (r *reviewer) scanHidden(f *source, kind fileKind) {
	text := f.text
	lineDone := map[hiddenClass]int{bidi: -1, invisible: -1} // line start already reported
	for i := 0; i < len(text); {
		c := text[i]
		if c >= 0x20 && c < 0x7f || c == '\n' || c == '\t' || c == '\r' {
			i++
			continue
		}
		ch, n := utf8.DecodeRuneInString(text[i:])
		class := classAt(text, i)
		switch class {
		case tags:
			r.reportTags(f, i)
			_, end := decodeTags(text, i)
			i = end
			continue
		case bidi, invisible:
			if isVariationSelector(ch) && r.reportSelectorRun(f, i) {
				i = skipSelectors(text, i)
				continue
			}
			_, start := f.lineAt(i)
			if lineDone[class] != start {
				lineDone[class] = start
				r.reportLine(f, i, class)
			}
		}
		i += n
	}
	r.scanHomoglyphs(f)
	r.scanBlobs(f)
}

// reportLine reports one line's bidi or invisible characters once, naming
// each distinct code point, and looks for an instruction the characters
// split apart.
func (r *reviewer) reportLine(f *source, off int, class hiddenClass) {
	line, start := f.lineAt(off)
	seen := map[rune]int{}
	var stripped strings.Builder
	for j := 0; j < len(line); {
		ch, n := utf8.DecodeRuneInString(line[j:])
		if c := classAt(f.text, start+j); c == class {
			seen[ch]++
		} else if c == clean {
			stripped.WriteString(line[j : j+n])
		}
		j += n
	}
	names := make([]string, 0, len(seen))
	for ch, k := range seen {
		s := fmt.Sprintf("U+%04X %s", ch, runeName(ch))
		if k > 1 {
			s += fmt.Sprintf(" ×%d", k)
		}
		names = append(names, s)
	}
	sort.Strings(names)
	ctx := excerpt(f, off, 40)
	if class == bidi {
		r.report(f, off, "review/bidi", fmt.Sprintf("bidirectional control %s reorders how this line displays: %s", strings.Join(names, ", "), ctx),
			"Remove the control characters; what the reader sees is not what the agent or interpreter reads.")
		return
	}
	r.report(f, off, "review/invisible", fmt.Sprintf("invisible %s: %s", strings.Join(names, ", "), ctx),
		"Remove the invisible characters unless the script needs them.")
	if what := instructionIn(stripped.String()); what != "" && instructionIn(line) == "" {
		r.report(f, off, "review/hidden-instruction", fmt.Sprintf("with the invisible characters removed, this line %s: %q", what, clip(stripped.String(), 160)),
			"Invisible characters split the words so that a filter misses them; the agent still reads the instruction.")
	}
}

// reportTags decodes a run of tag characters to the ASCII it spells.
func (r *reviewer) reportTags(f *source, off int) {
	text, end := decodeTags(f.text, off)
	count := utf8.RuneCountInString(f.text[off:end])
	r.report(f, off, "review/tag-characters", fmt.Sprintf("%d invisible tag characters spell %q: %s", count, clip(text, 200), excerpt(f, off, 30)),
		"Remove them: a person sees nothing, a language model reads the text.")
	if what := instructionIn(text); what != "" {
		r.report(f, off, "review/hidden-instruction", fmt.Sprintf("text hidden in tag characters %s: %q", what, clip(text, 160)),
			"Remove the hidden text; it is aimed at the agent, not at the person reviewing the skill.")
	}
}

// reportSelectorRun handles two or more variation selectors in a row,
// which no script uses and which can carry one byte each ("emoji
// smuggling"). It returns false for a single selector.
func (r *reviewer) reportSelectorRun(f *source, off int) bool {
	end := skipSelectors(f.text, off)
	var data []byte
	for j := off; j < end; {
		ch, n := utf8.DecodeRuneInString(f.text[j:])
		if ch <= 0xFE0F {
			data = append(data, byte(ch-0xFE00))
		} else {
			data = append(data, byte(ch-0xE0100+16))
		}
		j += n
	}
	if len(data) < 2 {
		return false
	}
	msg := fmt.Sprintf("%d variation selectors in a row", len(data))
	decoded := string(data)
	if printable(decoded) {
		msg += fmt.Sprintf(" encode %q", clip(decoded, 200))
	}
	r.report(f, off, "review/invisible", msg+": "+excerpt(f, off, 30), "Remove them: they draw nothing and can carry hidden bytes.")
	if what := instructionIn(decoded); what != "" {
		r.report(f, off, "review/hidden-instruction", fmt.Sprintf("text hidden in variation selectors %s: %q", what, clip(decoded, 160)),
			"Remove the hidden text; it is aimed at the agent, not at the person reviewing the skill.")
	}
	return true
}

func skipSelectors(s string, i int) int {
	for i < len(s) {
		ch, n := utf8.DecodeRuneInString(s[i:])
		if !isVariationSelector(ch) {
			break
		}
		i += n
	}
	return i
}

// printable: mostly readable ASCII text, worth showing decoded.
func printable(s string) bool {
	if len(s) == 0 || !utf8.ValidString(s) {
		return false
	}
	good := 0
	for _, ch := range s {
		if ch >= 0x20 && ch < 0x7f || ch == '\n' || ch == '\t' || ch == '\r' || ch > 0xa0 && !isHiddenRune(ch) {
			good++
		}
	}
	return good*10 >= utf8.RuneCountInString(s)*9
}

// runeName names the invisible characters a reviewer is likely to meet.
func runeName(r rune) string {
	if name, ok := runeNames[r]; ok {
		return name
	}
	switch {
	case isVariationSelector(r):
		return "VARIATION SELECTOR"
	case r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0:
		return "CONTROL"
	}
	return "FORMAT CHARACTER"
}

var runeNames = map[rune]string{
	0x00AD: "SOFT HYPHEN", 0x034F: "COMBINING GRAPHEME JOINER", 0x061C: "ARABIC LETTER MARK",
	0x115F: "HANGUL CHOSEONG FILLER", 0x1160: "HANGUL JUNGSEONG FILLER", 0x180E: "MONGOLIAN VOWEL SEPARATOR",
	0x200B: "ZERO WIDTH SPACE", 0x200C: "ZERO WIDTH NON-JOINER", 0x200D: "ZERO WIDTH JOINER",
	0x200E: "LEFT-TO-RIGHT MARK", 0x200F: "RIGHT-TO-LEFT MARK",
	0x202A: "LEFT-TO-RIGHT EMBEDDING", 0x202B: "RIGHT-TO-LEFT EMBEDDING", 0x202C: "POP DIRECTIONAL FORMATTING",
	0x202D: "LEFT-TO-RIGHT OVERRIDE", 0x202E: "RIGHT-TO-LEFT OVERRIDE",
	0x2060: "WORD JOINER", 0x2061: "FUNCTION APPLICATION", 0x2062: "INVISIBLE TIMES", 0x2063: "INVISIBLE SEPARATOR", 0x2064: "INVISIBLE PLUS",
	0x2066: "LEFT-TO-RIGHT ISOLATE", 0x2067: "RIGHT-TO-LEFT ISOLATE", 0x2068: "FIRST STRONG ISOLATE", 0x2069: "POP DIRECTIONAL ISOLATE",
	0x3164: "HANGUL FILLER", 0xFEFF: "ZERO WIDTH NO-BREAK SPACE", 0xFFA0: "HALFWIDTH HANGUL FILLER",
}
