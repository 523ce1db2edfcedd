package skillmd

import "testing"

func TestIsPathByteMatchesItsDefinition(t *testing.T) {
	for b := 0; b < 256; b++ {
		c := byte(b)
		want := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.' || c == '/'
		if isPathByte(c) != want {
			t.Errorf("isPathByte(%q) = %v, want %v", c, !want, want)
		}
	}
}
