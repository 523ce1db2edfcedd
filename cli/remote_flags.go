package main

import (
	"slices"
	"sync"

	"github.com/spf13/pflag"

	"github.com/skillstudio/skillstudio/registry"
)

// Flags for remote sources (github:OWNER/REPO, https://…, a domain). Every
// command that takes SOURCE — the studio, list, lint, show, pull, and quiz
// (load-skill through the configured sources) — has them, and only those,
// so the help of rules, new or version does not offer flags that do
// nothing there; registry reads them through RemoteDefaults when it opens
// a remote spec.
var remoteFlags struct {
	offline, insecureHTTP bool
}

// remoteFlagCommands are the subcommands that read sources.
var remoteFlagCommands = []string{"lint", "list", "pull", "quiz", "show"}

var attachRemoteFlagsOnce sync.Once

func addRemoteFlags(f *pflag.FlagSet) {
	f.BoolVar(&remoteFlags.offline, "offline", false, "use only cached copies of remote sources; never touch the network")
	f.BoolVar(&remoteFlags.insecureHTTP, "insecure-http", false, "allow plain http:// remote sources on hosts other than this machine")
}

// attachRemoteFlags adds the flags to the subcommands that read sources;
// run calls it, after every command's init has registered it.
func attachRemoteFlags() {
	attachRemoteFlagsOnce.Do(func() {
		for _, c := range rootCmd.Commands() {
			if slices.Contains(remoteFlagCommands, c.Name()) {
				addRemoteFlags(c.Flags())
			}
		}
	})
}

func init() {
	addRemoteFlags(rootCmd.Flags())
	registry.RemoteDefaults = func() registry.RemoteOptions {
		return registry.RemoteOptions{Offline: remoteFlags.offline, InsecureHTTP: remoteFlags.insecureHTTP}
	}
}
