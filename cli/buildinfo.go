package cli

import (
	"runtime/debug"
	"strings"
)

// buildVersion is the version to report: the one set at link time when
// there is one, else what the Go toolchain recorded in the binary — the
// module version for `go install …@vX`, plus the VCS revision (and
// "+dirty" for uncommitted changes) for a build from a checkout.
func buildVersion(linked string, info *debug.BuildInfo, ok bool) string {
	if linked != "" && linked != "dev" {
		return linked
	}
	if !ok || info == nil {
		return "dev"
	}
	v := info.Main.Version
	if v == "" || v == "(devel)" {
		v = "dev"
	}
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if modified == "true" {
			rev += "+dirty"
		}
		// A pseudo-version already names the revision.
		if v == "dev" || !strings.Contains(v, strings.TrimSuffix(rev, "+dirty")) {
			v += " (" + rev + ")"
		}
	}
	return v
}
