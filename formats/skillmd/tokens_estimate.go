package skillmd

import "github.com/dustin/go-humanize"

// Token estimates, for lint's speed.
//
// Counting cl100k_base tokens exactly costs about 7 µs per KB (CountTokens
// runs at ~140 MB/s) plus ~20 ms to load the ranks once; over a corpus
// SKILL.md and its references that was more than everything else a Load
// does. Lint only needs sizes people can act on, so it estimates:
// EstimateTokens weighs each byte by its class, with weights fitted by least
// squares (relative error) to the exact counts of the 192 Markdown, text and
// code files of the shared corpus. There the estimate is within ±9% of the
// exact count for 90% of the files and within ±17% for all of them. The
// body-length rule counts exactly whenever an estimate could be on the
// wrong side of its limit (see tokenVerdict); the studio's Agent view
// counts exactly too.

// Weights per byte class, in 1/1024 token.
const (
	weightLetter  = 202 // ASCII letters: 0.1976
	weightDigit   = 614 // 0.6 (fixed: cl100k splits numbers into 1-3 digit pieces)
	weightSpace   = 147 // ' ' and '\t': 0.1436
	weightNewline = 480 // '\n' and '\r': 0.4687
	weightPunct   = 497 // other ASCII: 0.4850
	weightHigh    = 349 // each byte of a non-ASCII character: 0.3413
)

var byteWeight = func() (w [256]uint32) {
	for b := range w {
		switch {
		case b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z':
			w[b] = weightLetter
		case b >= '0' && b <= '9':
			w[b] = weightDigit
		case b == ' ' || b == '\t':
			w[b] = weightSpace
		case b == '\n' || b == '\r':
			w[b] = weightNewline
		case b >= 0x80:
			w[b] = weightHigh
		default:
			w[b] = weightPunct
		}
	}
	return w
}()

// EstimateTokens estimates how many cl100k_base tokens s encodes to (see
// the comment above for how close it is). It runs at memory speed and
// never loads the ranks.
func EstimateTokens[T string | []byte](s T) int {
	// Four sums, so that the additions overlap, eight bytes a round: a
	// round of four spent as many instructions on the loop and on slicing
	// the rest of s as on the bytes.
	var s0, s1, s2, s3 uint64
	i := 0
	for ; i+8 <= len(s); i += 8 {
		b := s[i : i+8]
		s0 += uint64(byteWeight[b[0]]) + uint64(byteWeight[b[4]])
		s1 += uint64(byteWeight[b[1]]) + uint64(byteWeight[b[5]])
		s2 += uint64(byteWeight[b[2]]) + uint64(byteWeight[b[6]])
		s3 += uint64(byteWeight[b[3]]) + uint64(byteWeight[b[7]])
	}
	for ; i < len(s); i++ {
		s0 += uint64(byteWeight[s[i]])
	}
	total := s0 + s1 + s2 + s3
	n := int((total + 512) >> 10)
	if n == 0 && len(s) > 0 {
		n = 1
	}
	return n
}

// Limits of the estimate's error the verdicts rely on: about one and a
// half times the worst error seen on the grown corpus (-32% on Norwegian
// and Chinese prose, +38% on dense English tables), so that a text would
// have to be very unlike any real skill to be judged on the wrong side.
// Wider bands only mean more exact counts near a limit, never a wrong
// verdict.
const (
	estimateMaxUnder = 0.45 // the estimate is at most 45% below the count
	estimateMaxOver  = 0.60 // and at most 60% above it
)

// tokenSize is a token count and whether it is exact or estimated.
type tokenSize struct {
	n     int
	exact bool
}

// String is the count as a message shows it: "1,234" or "about 1,234".
func (t tokenSize) String() string {
	if t.exact {
		return humanize.Comma(int64(t.n))
	}
	return "about " + humanize.Comma(int64(t.n))
}

// Tokens is String with its noun: "1 token", "about 1,234 tokens".
func (t tokenSize) Tokens() string {
	return t.String() + tokenNoun(t.n)
}

func tokenNoun(n int) string {
	if n == 1 {
		return " token"
	}
	return " tokens"
}

// tokensOver says whether text holds more than limit tokens, counting
// exactly only when the estimate cannot decide: a text of at most limit
// bytes cannot exceed limit tokens (a token is at least a byte), and an
// estimate far enough from the limit decides within the error bounds above.
//
// Text in a script the estimate is unsure of (estimateUnsure) is counted
// exactly whatever its size, so that its count is right in the message too.
func tokensOver(text string, limit int) (over bool, size tokenSize) {
	if estimateUnsure(text) {
		if n, exact := CountTokensExact(text); n >= 0 {
			return n > limit, tokenSize{n: n, exact: exact}
		}
	}
	est := EstimateTokens(text)
	size = tokenSize{n: est}
	switch {
	case len(text) <= limit:
		return false, size
	case float64(est) <= float64(limit)*(1-estimateMaxUnder):
		return false, size
	case float64(est) > float64(limit)*(1+estimateMaxOver):
		return true, size
	}
	if n, exact := CountTokensExact(text); n >= 0 {
		return n > limit, tokenSize{n: n, exact: exact}
	}
	return est > limit, size
}

// estimateUnsure: more than 1/32 of text's bytes are characters whose
// cost the weights above miss, so the bounds do not hold for it. The
// weights were fitted on English and Chinese; one cl100k token covers
// far less of other scripts, and of words with accented letters
// (measured on the same sentences written in 38 languages: Armenian
// -67%, Amharic -64%, Lao -54%, Georgian, Myanmar and Sinhala -51%,
// Czech -48%, Indic scripts -47%, Hebrew -39% below the exact count;
// Russian +53% above). Counted: characters of two bytes (accented Latin,
// Greek, Cyrillic, Armenian, Hebrew, Arabic), of three that start with
// 0xE0 or 0xE1 (Indic, Thai, Tibetan, Georgian, Myanmar, Ethiopic,
// Khmer) and of four (emoji). Not counted: punctuation and symbols
// (0xE2) and CJK, kana and Hangul (0xE3-0xED), within 13% there. One pass
// that stops once it has seen enough, and only for text the estimate
// would otherwise let go uncounted.
func estimateUnsure[T string | []byte](text T) bool {
	need := len(text)/32 + 1
	for i := 0; i < len(text); i++ {
		// Most skills are ASCII: skip eight plain bytes at a time.
		for i+8 <= len(text) && (text[i]|text[i+1]|text[i+2]|text[i+3]|text[i+4]|text[i+5]|text[i+6]|text[i+7])&0x80 == 0 {
			i += 8
		}
		if i >= len(text) {
			break
		}
		switch b := text[i]; {
		case b >= 0xC2 && b <= 0xDF:
			need -= 2
		case b == 0xE0 || b == 0xE1:
			need -= 3
		case b >= 0xF0 && b <= 0xF4:
			need -= 4
		default:
			continue
		}
		if need <= 0 {
			return true
		}
	}
	return false
}

// tokensOf is how many tokens text costs as a message shows it: the
// estimate, or the exact count where the estimate is unsure of the
// script (estimateUnsure) and the ranks load.
func tokensOf[T string | []byte](text T) tokenSize {
	if estimateUnsure(text) {
		if n, exact := CountTokensExact(string(text)); n >= 0 {
			return tokenSize{n: n, exact: exact}
		}
	}
	return tokenSize{n: EstimateTokens(text)}
}
