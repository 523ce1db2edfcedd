package cli

import (
	"runtime/debug"
	"testing"
)

func TestBuildVersion(t *testing.T) {
	vcs := []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.modified", Value: "true"}}
	for _, c := range []struct {
		linked string
		info   *debug.BuildInfo
		want   string
	}{
		{"v1.2.3", &debug.BuildInfo{Main: debug.Module{Version: "v9"}}, "v1.2.3"},
		{"", &debug.BuildInfo{Main: debug.Module{Version: "v0.4.0"}}, "v0.4.0"},
		{"dev", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs}, "dev (0123456789ab+dirty)"},
		{"", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20260101000000-0123456789ab"}, Settings: vcs[:1]}, "v0.0.0-20260101000000-0123456789ab"},
		{"", nil, "dev"},
	} {
		if got := buildVersion(c.linked, c.info, c.info != nil); got != c.want {
			t.Errorf("buildVersion(%q, %+v) = %q, want %q", c.linked, c.info, got, c.want)
		}
	}
}
