package ui

import (
	"fmt"
	"os"

	tea "charm.land/bubbletea/v2"

	"path/filepath"
	"strings"
	"testing"
)

// The hostile sweep: a library whose every string a skill controls —
// names, descriptions, headings, folder and file names, quiz text,
// reference files, and so the findings that quote them — carries terminal
// escapes (OSC 52 clipboard, OSC 0/2 title, DCS, APC, CSI cursor moves,
// a forged OSC 8 link), C1 controls, bidi overrides, zero-width and tag
// characters. The studio is walked through every tab of every skill and
// every screen, and each frame must hold only the studio's own SGR and
// OSC 8 sequences (checkFrame → onlyOwnEscapes).

// hostileRaw is the payload as raw bytes, for Markdown bodies, JS
// comments and file names.
const hostileRaw = "\x1b]52;c;ZXZpbA==\x07\x1b]0;pwned\x07\x1b]2;title\x1b\\\x1bP1$qm\x1b\\\x1b_apc\x1b\\" +
	"\u009b31m\x9b2J\x1b[2J\x1b[10;10H\u202egnp.exe\u202c\u2066iso\u2069\u200b\u200d\u2063\u200c\u2063\U000E0041\U000E0042" +
	"\x1b]8;;http://evil.example\x1b\\click\x1b]8;;\x1b\\\x1bc\x07\x08\x7f"

// hostileYAML is the payload in YAML double-quoted escapes (YAML refuses
// raw control characters).
const hostileYAML = `\e]52;c;ZXZpbA==\a\e]0;pwned\a\e]2;title\e\\\eP1$qm\e\\\e_apc\e\\\x9b31m\e[2J\e[10;10H\u202Egnp.exe\u202C\u2066iso\u2069\u200B\u200D\U000E0041\e]8;;http://evil.example\e\\click\e]8;;\e\\`

// hostileJSON is the payload in JSON string escapes.
const hostileJSON = `\u001b]52;c;ZXZpbA==\u0007\u001b]0;pwned\u0007\u009b31m\u001b[2J\u202egnp.exe\u202c\u200b\u001bP1$qm\u001b\\`

// wideRaw holds grapheme clusters whose width depends on how it is
// measured: by cluster (lipgloss, and terminals with mode 2027) a ZWJ
// family, a skin tone, a VS16 heart or keycap and a lone regional
// indicator are 2 cells; by code point (wcwidth: tmux, most terminals,
// and Bubble Tea's renderer when the terminal lacks 2027) 8, 4, 1, 1, 1.
const wideRaw = "👨‍👩‍👧‍👦 👍🏽 ❤️ #️⃣ 🇺 x" +
	"👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦"

// hostileLibrary is the fixture library with hostile text in all three
// formats, plus hostile SKILL.md folders.
func hostileLibrary(t testing.TB) string {
	t.Helper()
	lib := fixtureLibrary(t)
	write := func(rel, body string) { t.Helper(); writeFile(t, lib, rel, body) }
	edit := func(rel string, pairs ...string) {
		t.Helper()
		p := filepath.Join(lib, rel)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		s := string(data)
		for i := 0; i+1 < len(pairs); i += 2 {
			if !strings.Contains(s, pairs[i]) {
				t.Fatalf("%s lacks %q", rel, pairs[i])
			}
			s = strings.ReplaceAll(s, pairs[i], pairs[i+1])
		}
		write(rel, s)
	}

	// A SKILL.md folder whose folder name, references and links are hostile.
	dir := "skills/evil" + hostileRaw
	ref := "references/ref" + hostileRaw + ".md"
	write(dir+"/SKILL.md", "---\n"+
		`name: "sneaky`+hostileYAML+`"`+"\n"+
		`description: "Harmless `+hostileYAML+` text. Use when testing."`+"\n"+
		"metadata:\n"+
		`  author: "`+hostileYAML+`"`+"\n"+
		"quiz:\n"+
		`  - title: "Quiz `+hostileYAML+`"`+"\n"+
		"    gate: true\n"+
		"    questions:\n"+
		`      - question: "Which `+hostileYAML+`?"`+"\n"+
		"        options:\n"+
		`          - label: "Right `+hostileYAML+`"`+"\n"+
		"            correct: true\n"+
		`          - label: "Wrong `+hostileYAML+`"`+"\n"+
		`        explanation: "Because `+hostileYAML+`"`+"\n"+
		"---\n\n"+
		"# Heading "+hostileRaw+"\n\n"+
		"Body "+hostileRaw+" text.\n\n"+
		"## Second "+hostileRaw+"\n\n"+
		"- [the reference](<"+ref+">)\n"+
		"- [missing](<references/gone"+hostileRaw+".md>)\n"+
		"- <http://hostile.example/"+hostileRaw+">\n\n"+
		"```sh\necho "+hostileRaw+"\n```\n\n"+
		"| a "+hostileRaw+" | b |\n|---|---|\n| "+hostileRaw+" | c |\n")
	write(dir+"/"+ref, "# Ref "+hostileRaw+"\n\nReference "+hostileRaw+"\n")
	write(dir+"/scripts/run"+hostileRaw+".sh", "#!/bin/sh\necho '"+hostileRaw+"'\n")

	// A SKILL.md whose text is made of clusters of uncertain width.
	write("skills/wide/SKILL.md", "---\nname: wide\n"+
		`description: "Use when `+wideRaw+wideRaw+wideRaw+`"`+"\n"+
		`metadata: {author: "`+wideRaw+`"}`+"\n"+
		"---\n\n# "+wideRaw+"\n\n"+wideRaw+" "+wideRaw+"\n\n| "+wideRaw+" | b |\n|---|---|\n| "+wideRaw+" | c |\n\n[x](<references/"+wideRaw+".md>)\n")
	write("skills/wide/references/"+wideRaw+".md", "# "+wideRaw+"\n")

	// A SKILL.md whose name is plain, so the lint tab quotes the rest.
	write("skills/plain-name/SKILL.md", "---\nname: plain-name\n"+
		`description: "`+hostileYAML+`"`+"\n"+
		`compatibility: "`+hostileYAML+`"`+"\n"+
		`allowed-tools: "Read `+hostileYAML+`"`+"\n"+
		"---\n\n# "+hostileRaw+"\n\n[x](<nowhere"+hostileRaw+">)\n")

	// The xgs skill: description, summary and comments.
	edit("xgs/tide-tables.xgs.js",
		"High and low tides for a harbour", "High "+hostileRaw,
		"The next high and low tides for one harbour.", "Next "+strings.ReplaceAll(hostileRaw, `"`, ``),
		"// Failure modes", "// Failure "+hostileRaw)
	// The OS Loop package: description in the manifest and the index, docs.
	edit("osloop/skills/word-count/manifest.json",
		`"Counts words, sentences and reading time of a text"`, `"Counts `+hostileJSON+`"`,
		`"The text to measure"`, `"Text `+hostileJSON+`"`)
	edit("osloop/skills/index.json",
		`"Counts words, sentences and reading time of a text"`, `"Counts `+hostileJSON+`"`)
	docs, err := os.ReadFile(filepath.Join(lib, "osloop/skills/word-count/docs.md"))
	if err != nil {
		t.Fatal(err)
	}
	write("osloop/skills/word-count/docs.md", string(docs)+"\n## Docs "+hostileRaw+"\n\n"+hostileRaw+"\n")
	return lib
}

// TestHostileLibraryEveryTabEveryScreen walks the hostile library at two
// window sizes side by side, each studio on its own copy of the library
// (the walk opens forms and quizzes): the two walks use both cores, and
// under -race what the studios share (package variables, caches) is
// checked too.
func TestHostileLibraryEveryTabEveryScreen(t *testing.T) {
	t.Setenv("VISUAL", "")
	t.Setenv("EDITOR", "")
	for _, sz := range []struct{ w, h int }{{120, 40}, {80, 24}} {
		t.Run(fmt.Sprintf("%dx%d", sz.w, sz.h), func(t *testing.T) {
			t.Parallel()
			walkHostileLibrary(t, sz.w, sz.h)
		})
	}
}

func walkHostileLibrary(t *testing.T, w, h int) {
	lib := hostileLibrary(t)
	m := studio(t, Options{Sources: []string{lib}}, w, h)
	checkFrame(t, m)
	if len(m.lib.entries) < 6 {
		t.Fatalf("hostile library loaded %d skills, want at least 6", len(m.lib.entries))
	}
	sawHostile, tabsSeen := false, map[string]bool{}
	for _, e := range m.lib.entries {
		name := e.Skill.Name
		if strings.Contains(name, "sneaky") {
			sawHostile = true
		}
		selectSkill(t, m, name)
		checkFrame(t, m)
		press(t, m, "enter") // focus the skill pane
		for _, tab := range m.skill.tabs {
			if !tab.Applies(m.skill.entry) {
				continue
			}
			title := tab.Title()
			tabsSeen[title] = true
			openTab(t, m, title)
			checkFrame(t, m)
			// Move around inside the tab: the selection, the bottom,
			// and what enter opens (a file, a finding, a quiz).
			for _, k := range []string{"down", "down", "end", "home", "enter"} {
				press(t, m, k)
				checkFrame(t, m)
			}
			if title == "Quiz" {
				for _, k := range []string{"1", "enter", "2", "enter"} {
					press(t, m, k)
					checkFrame(t, m)
				}
			}
			press(t, m, "esc")
			press(t, m, "enter") // back into the pane if esc left it
		}
		press(t, m, "esc", "esc")
	}
	if !sawHostile {
		t.Error("the skill with the hostile name did not load")
	}
	for _, f := range tabList() {
		if title := f(m.c).Title(); !tabsSeen[title] {
			t.Errorf("the sweep never showed the %s tab", title)
		}
	}
	// The screens: help, the new-skill form, the add-source prompt.
	for _, keys := range [][]string{{"?"}, {"n"}, {"n", "down", "enter"}, {"a"}} {
		press(t, m, keys...)
		checkFrame(t, m)
		typeText(t, m, "x\u202ey")
		checkFrame(t, m)
		press(t, m, "esc", "esc")
		checkFrame(t, m)
	}
	// Filtering on a hostile name, and pasting hostile text into the
	// filter and the add-source prompt.
	press(t, m, "/")
	typeText(t, m, "sneaky")
	checkFrame(t, m)
	for _, keys := range [][]string{{}, {"esc", "esc", "a"}} {
		press(t, m, keys...)
		_, cmd := m.Update(tea.PasteMsg{Content: hostileRaw})
		drain(t, m, cmd)
		checkFrame(t, m)
	}
	press(t, m, "esc", "esc", "/")
	typeText(t, m, "sneaky")
	press(t, m, "enter")
	checkFrame(t, m)
}

// TestOnlyOwnEscapesRejects keeps the checker honest: each of these must
// be refused, and the studio's own styles and links accepted.
func TestOnlyOwnEscapesRejects(t *testing.T) {
	ok := []string{
		"plain", "\x1b[1;38;2;1;2;3mbold\x1b[m", "\x1b]8;id=1;https://example.org\x1b\\link\x1b]8;;\x1b\\",
		"\x1b]8;;https://example.org\alink\x1b]8;;\a", "zero\u200bwidth\U000E0041", "tab\there\nline",
	}
	bad := []string{
		"\x1b]52;c;ZXZpbA==\a", "\x1b]0;title\a", "\x1b]2;title\x1b\\", "\x1bP1$qm\x1b\\", "\x1b_apc\x1b\\",
		"\x1b^pm\x1b\\", "\x1b[2J", "\x1b[10;10H", "\x1b[?25l", "\x1bc", "\x1b]8;;http://evil.example\x1b\\x",
		"\x1b]8;;https://a.example/\u202e\x1b\\x", "\x1b]8;;unterminated", "\x1b", "\u009b31m", "\x9b31m",
		"\u202egnp", "\u2066iso", "\u200f", "bell\a", "back\bspace", "del\x7f", "cr\r",
	}
	for _, s := range ok {
		if why := onlyOwnEscapes(s); why != "" {
			t.Errorf("%q refused: %s", s, why)
		}
	}
	for _, s := range bad {
		if onlyOwnEscapes("text "+s+" text") == "" {
			t.Errorf("%q accepted", s)
		}
	}
}
