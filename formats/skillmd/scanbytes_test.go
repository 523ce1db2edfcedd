package skillmd

import "testing"

// FuzzHasControl: the eight-bytes-at-a-time hasControl is the plain loop.
func FuzzHasControl(f *testing.F) {
	for _, s := range []string{"", "plain text\n\twith tabs", "a\rb", "0123456\x7f", "\x1f", "\x80\xff\x9f text \x00"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := hasControl(b), isControlByteIn(b); got != want {
			t.Fatalf("hasControl(%q) = %v, the plain loop says %v", b, got, want)
		}
	})
}

// FuzzEstimateTokens: the unrolled sum is the plain one.
func FuzzEstimateTokens(f *testing.F) {
	for _, s := range []string{"", "a", "hello world 123\n", "日本語 🎉"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var sum uint64
		for i := 0; i < len(s); i++ {
			sum += byteWeight[s[i]] & weightMask
		}
		want := int((sum + 512) >> 10)
		if want == 0 && len(s) > 0 {
			want = 1
		}
		if got := EstimateTokens(s); got != want {
			t.Fatalf("EstimateTokens(%q) = %d, the plain sum gives %d", s, got, want)
		}
		if got := EstimateTokens([]byte(s)); got != want {
			t.Fatalf("EstimateTokens([]byte(%q)) = %d, the plain sum gives %d", s, got, want)
		}
	})
}

// FuzzNonLetters: the eight-bytes-at-a-time letter test is asciiClass's.
func FuzzNonLetters(f *testing.F) {
	f.Add(uint64(0x4142435a5b606162))
	f.Add(uint64(0x7a7b404180c1dafa))
	f.Fuzz(func(t *testing.T, w uint64) {
		got := nonLetters(w)
		for k := range 8 {
			b := byte(w >> (8 * k))
			if other := got>>(8*k+7)&1 == 1; other != (asciiClass[b] != clsLetter) {
				t.Fatalf("nonLetters(%#x): byte %d (%#x) marked %v", w, k, b, other)
			}
		}
	})
}

// TestNonLettersEveryByte: every byte value, next to every other, is
// marked as asciiClass says.
func TestNonLettersEveryByte(t *testing.T) {
	for a := range 256 {
		for b := range 256 {
			w := uint64(a) | uint64(b)<<8 | uint64(a)<<48 | uint64(b)<<56
			got := nonLetters(w)
			for k, c := range [4]int{a, b, a, b} {
				pos := [4]int{0, 1, 6, 7}[k]
				if other := got>>(8*pos+7)&1 == 1; other != (asciiClass[c] != clsLetter) {
					t.Fatalf("nonLetters(%#x): byte %d (%#x) marked %v", w, pos, c, other)
				}
			}
		}
	}
}

// FuzzEstimateUnsure: the eight-bytes-at-a-time skip over ASCII is the
// plain count of unsure bytes.
func FuzzEstimateUnsure(f *testing.F) {
	for _, s := range []string{"", "plain ASCII text here", "ეს უნარი", "text ✅ 🚀", "Příliš žluťoučký kůň", "日本語のテキスト", "\xc2", "abcdefgh\xe1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		unsure := 0
		for i := 0; i < len(s); i++ {
			switch b := s[i]; {
			case b >= 0xC2 && b <= 0xDF:
				unsure += 2
			case b == 0xE0 || b == 0xE1:
				unsure += 3
			case b >= 0xF0 && b <= 0xF4:
				unsure += 4
			}
		}
		want := unsure >= len(s)/32+1
		if got := estimateUnsure(s); got != want {
			t.Fatalf("estimateUnsure(%q) = %v, the plain count (%d of %d bytes) says %v", s, got, unsure, len(s), want)
		}
		if got := estimateUnsure([]byte(s)); got != want {
			t.Fatalf("estimateUnsure([]byte(%q)) = %v, want %v", s, got, want)
		}
	})
}
