package cli

import "github.com/spf13/cobra"

// addRemoteFlags gives cmd the flags for remote sources (github:OWNER/REPO,
// https://…, a domain). Only the commands that take SOURCE — the studio,
// list, lint, show, pull, and quiz (load-skill through the configured
// sources) — have them, so the help of rules, new or version does not
// offer flags that do nothing there. All bind the run's one RemoteOptions.
func (a *app) addRemoteFlags(cmd *cobra.Command) *cobra.Command {
	f := cmd.Flags()
	f.BoolVar(&a.remote.Offline, "offline", false, "use only cached copies of remote sources; never touch the network")
	f.BoolVar(&a.remote.InsecureHTTP, "insecure-http", false, "allow plain http:// remote sources on hosts other than this machine")
	f.BoolVar(&a.remote.AllowPrivateHosts, "allow-private-hosts", false, "fetch from a host name that resolves to this machine or a private network (10.x, 169.254.169.254, …), and, with pull --check, from a lock's private addresses")
	return cmd
}
