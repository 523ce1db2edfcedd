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
			sum += uint64(byteWeight[s[i]])
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
