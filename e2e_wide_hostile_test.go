package main

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
)

// TestRealBinaryHostileWideText: SKILL.md files in UTF-16 and UTF-32
// whose text decodes to terminal escapes (CSI, OSC 52, a C1 CSI), bidi
// overrides and isolates, with lone surrogates, an odd byte count, UTF-32
// values past U+10FFFF and a BOM followed by 100 MB of NULs. show and
// lint name the encoding or show the text, no control character reaches
// the terminal, and each ends promptly.
func TestRealBinaryHostileWideText(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary; skipped in -short mode")
	}
	root := t.TempDir()
	text := "---\nname: wide\ndescription: \"Wide \x1b[2J\x1b]52;c;ZXZpbA==\a \u202egnp.exe\u202c \u009b31m.\"\n---\n# Wide \x1b[31mred\n\nBody \u2066iso\u2069 \u009d0;title\a ok.\n"
	var le16 []byte
	le16 = append(le16, 0xFF, 0xFE)
	for _, u := range utf16.Encode([]rune(text)) {
		le16 = binary.LittleEndian.AppendUint16(le16, u)
	}
	le16 = append(le16, 0x00, 0xD8, 'x', 0, 0x00, 0xDC, 'A') // lone high, lone low, odd count
	le32 := []byte{0xFF, 0xFE, 0, 0}
	for _, r := range text {
		le32 = binary.LittleEndian.AppendUint32(le32, uint32(r))
	}
	for _, v := range []uint32{0x110000, 0xFFFFFFFF, 0xD800} {
		le32 = binary.LittleEndian.AppendUint32(le32, v)
	}
	le32 = append(le32, 1, 2)
	bomless := []byte{}
	for _, r := range "---\nname: nobom\n---\n\x1b]8;;http://x\a\u202e" + strings.Repeat("a", 40) {
		bomless = binary.BigEndian.AppendUint16(bomless, uint16(r))
	}
	for dir, data := range map[string][]byte{"utf16": le16, "utf32": le32, "nobom": bomless} {
		p := filepath.Join(root, "lib", dir, "SKILL.md")
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, data, 0o644)
	}
	flood := filepath.Join(root, "lib", "flood", "SKILL.md")
	os.MkdirAll(filepath.Dir(flood), 0o755)
	f, _ := os.Create(flood)
	f.Write([]byte{0xFF, 0xFE, '-', 0, '-', 0, '-', 0, '\n', 0})
	f.Truncate(100 << 20) // a BOM, then NULs to 100 MB
	f.Close()

	for _, dir := range []string{"utf16", "utf32", "nobom", "flood"} {
		for _, cmd := range []string{"show", "lint"} {
			start := time.Now()
			out, code := runBinary(t, root, cmd, filepath.Join("lib", dir))
			if took := time.Since(start); took > 10*time.Second {
				t.Errorf("%s %s took %s", cmd, dir, took)
			}
			if cmd == "lint" && (code != 1 || !strings.Contains(out, "skillmd/binary")) {
				t.Errorf("lint %s: status %d, want 1 naming skillmd/binary\n%s", dir, code, out)
			}
			if cmd == "show" && code != 0 {
				t.Errorf("show %s: status %d\n%s", dir, code, out)
			}
			for _, bad := range []string{"\x1b", "\a", "\u009b", "\u009d", "\u202e", "\u2066", "\u2069"} {
				if strings.Contains(out, bad) {
					t.Errorf("%s %s: %q reached the terminal\n%q", cmd, dir, bad, out)
				}
			}
		}
	}
}
