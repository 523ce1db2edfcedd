package cli

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/config"
	"github.com/skillstudio/skillstudio/internal/sourcetrust"
	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/sanitize"
	"github.com/skillstudio/skillstudio/ui"
)

// A checkout's own .skillstudio.yaml may list sources: (registries, sibling
// folders); opening them is a beacon or a read outside the checkout, so
// they wait for consent (config.Pending). Sources the user named (SOURCE
// arguments, the user's config file, --config) need none.

const trustFlagUsage = "open the sources a checkout's own .skillstudio.yaml lists without asking (env " + sourcetrust.EnvVar + "=1)"

func addTrustFlag(cmd *cobra.Command) {
	cmd.Flags().Bool("trust-sources", false, trustFlagUsage)
}

// pendingTrusted reports whether cfg's pending sources may be opened: the
// flag or environment says so, or the user trusted this file with this
// content. err is a state file that cannot be read.
func pendingTrusted(cmd *cobra.Command, cfg *config.Config) (bool, error) {
	if cfg.Pending == nil {
		return true, nil
	}
	if flag, _ := cmd.Flags().GetBool("trust-sources"); flag || sourcetrust.EnvTrusts() {
		return true, nil
	}
	return sourcetrust.Trusted(sourcetrust.DefaultPath(), cfg.Pending.File, cfg.Pending.Digest)
}

// headlessConsent is the consent of a command that never prompts: trusted
// sources are added to cfg.Sources; untrusted ones are skipped with one
// line on stderr saying how to trust them. The exit status is unchanged.
func headlessConsent(cmd *cobra.Command, cfg *config.Config, stderr io.Writer) {
	p := cfg.Pending
	if p == nil {
		return
	}
	ok, err := pendingTrusted(cmd, cfg)
	if ok {
		cfg.AllowPending()
		return
	}
	fmt.Fprintln(stderr, untrustedNote(p, err))
}

func untrustedNote(p *config.ProjectSources, err error) string {
	file := sanitize.Line(p.File)
	n := len(p.Sources)
	what := "sources"
	if n == 1 {
		what = "source"
	}
	note := fmt.Sprintf("note: not opening the %d %s %s lists (it came with the checkout); to open them: skillstudio trust %s, or --trust-sources / %s=1",
		n, what, file, shellWord(filepath.Dir(p.File)), sourcetrust.EnvVar)
	if bad := sourcetrust.CanRemember(p.File); bad != nil {
		// The path shown is sanitised, so `trust` with it would name
		// another folder, and trust refuses this one anyway.
		note = fmt.Sprintf("note: not opening the %d %s %s lists (it came with the checkout; its path cannot be trusted by name: %s); to open them: --trust-sources / %s=1",
			n, what, file, sanitize.Line(bad.Error()), sourcetrust.EnvVar)
	}
	if err != nil {
		note += " (" + sanitize.Line(err.Error()) + ")"
	}
	return note
}

// shellWord quotes s for a shell when it is not plain.
func shellWord(s string) string {
	for _, r := range s {
		if !(r == '/' || r == '.' || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return "'" + sanitize.Line(stringsReplaceQuote(s)) + "'"
		}
	}
	return s
}

func stringsReplaceQuote(s string) string {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '\'' {
			out = append(out, `'\''`...)
			continue
		}
		out = append(out, s[i])
	}
	return string(out)
}

// studioConsent trusts cfg's pending sources when the flag, environment
// or state file says so, and otherwise returns the question the studio
// asks (nil: nothing to ask).
func studioConsent(cmd *cobra.Command, cfg *config.Config, remote registry.RemoteOptions) *ui.SourceConsent {
	p := cfg.Pending
	if p == nil {
		return nil
	}
	ok, err := pendingTrusted(cmd, cfg)
	if ok {
		cfg.AllowPending()
		return nil
	}
	c := &ui.SourceConsent{File: p.File}
	for i, s := range p.Sources {
		isRemote, what := registry.Reach(s, remote)
		c.Items = append(c.Items, ui.ConsentItem{Spec: p.Written[i], Reach: what, Remote: isRemote})
	}
	if bad := sourcetrust.CanRemember(p.File); bad != nil {
		c.StateErr = bad.Error() + " (--trust-sources opens it without asking)"
	} else if err != nil {
		c.StateErr = err.Error()
	} else if state := sourcetrust.DefaultPath(); state != "" {
		c.Remember = func() error { return sourcetrust.Allow(state, p.File, p.Digest) }
	}
	return c
}
