package main

import (
	"github.com/skillstudio/skillstudio/registry"
)

// Flags for remote sources (github:OWNER/REPO, https://…, a domain). They
// are persistent on the root so every command that takes SOURCE — the
// studio, list, lint, show, pull — honours them; registry reads them
// through RemoteDefaults when it opens a remote spec.
var remoteFlags struct {
	offline, insecureHTTP bool
}

func init() {
	pf := rootCmd.PersistentFlags()
	pf.BoolVar(&remoteFlags.offline, "offline", false, "use only cached copies of remote sources; never touch the network")
	pf.BoolVar(&remoteFlags.insecureHTTP, "insecure-http", false, "allow plain http:// remote sources on hosts other than this machine")
	registry.RemoteDefaults = func() registry.RemoteOptions {
		return registry.RemoteOptions{Offline: remoteFlags.offline, InsecureHTTP: remoteFlags.insecureHTTP}
	}
}
