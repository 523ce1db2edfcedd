package lineend

import "testing"

func TestMatch(t *testing.T) {
	if got := Match([]byte("a\r\nb\r\n"), "x\ny\r\nz"); got != "x\r\ny\r\nz" {
		t.Errorf("CRLF file: %q", got)
	}
	if got := Match([]byte("a\nb\n"), "x\ny"); got != "x\ny" {
		t.Errorf("LF file: %q", got)
	}
	if got := Match([]byte("\ufeffa\r\n"), "x\n"); got != "x\r\n" {
		t.Errorf("BOM + CRLF file: %q", got)
	}
}
