package semverstrict

import (
	"testing"

	masterminds "github.com/Masterminds/semver/v3"
)

// cases lists inputs where a strict parser is easy to get wrong.
var cases = []string{
	"1.2.3", "0.0.0", "10.20.30", "1.2.3-alpha", "1.2.3-alpha.1", "1.2.3+build.5",
	"1.2.3-rc.1+build.5", "1.0.0-0.3.7", "1.0.0-x-y-z.--", "1.0.0+21AF26D3----117B344092BD",
	"", "v1.2.3", "1", "1.2", "1.2.3.4", "01.2.3", "1.02.3", "1.2.03", "1.2.3-01",
	"1.2.3-", "1.2.3+", "1.2.3-a..b", "1.2.3+a..b", "1.2.3+a+b", "1.2-3.4", "1..3", ".1.2",
	"1.2.3 ", " 1.2.3", "1.2.3-ä", "18446744073709551615.0.0", "18446744073709551616.0.0",
	"1.2.3-99999999999999999999999", "1.2.3+001", "1.2.3-a+b-c", "-1.2.3", "1.2.x",
}

func TestMatchesMasterminds(t *testing.T) {
	for _, s := range cases {
		compare(t, s)
	}
	long := "1.2.3-"
	for len(long) < MaxLen+2 {
		long += "a"
		compare(t, long)
	}
}

func TestStringRoundTrips(t *testing.T) {
	for _, s := range cases {
		if v, err := Parse(s); err == nil && v.String() != s {
			t.Errorf("Parse(%q).String() = %q", s, v.String())
		}
	}
}

func FuzzMatchesMasterminds(f *testing.F) {
	for _, s := range cases {
		f.Add(s)
	}
	f.Fuzz(compare)
}

// compare fails when Parse and Masterminds' StrictNewVersion disagree on s.
func compare(t *testing.T, s string) {
	got, err := Parse(s)
	want, werr := masterminds.StrictNewVersion(s)
	if (err == nil) != (werr == nil) {
		t.Fatalf("%q: Parse err = %v, Masterminds err = %v", s, err, werr)
	}
	if err != nil {
		return
	}
	if got.Major != want.Major() || got.Minor != want.Minor() || got.Patch != want.Patch() ||
		got.Prerelease != want.Prerelease() || got.Build != want.Metadata() {
		t.Fatalf("%q: Parse = %+v, Masterminds = %v (pre %q, build %q)", s, got, want, want.Prerelease(), want.Metadata())
	}
}
