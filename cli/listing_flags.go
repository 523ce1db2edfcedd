package cli

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/config"
	"github.com/skillstudio/skillstudio/listing"
)

// listingFlags are --agent and --context, shared by lint (which agents'
// listings the library checks simulate) and listing (whose listing to
// show).
type listingFlags struct {
	agents  []string
	context string
}

// add registers the flags; many says whether --agent takes a list.
func (f *listingFlags) add(cmd *cobra.Command, many bool) {
	ids := strings.Join(listing.AgentIDs(), ", ")
	if many {
		cmd.Flags().StringSliceVar(&f.agents, "agent", nil, "agents whose skill listing budget to check: "+ids+", all or none (default claude-code, or the config's agents:)")
		cmd.RegisterFlagCompletionFunc("agent", cobra.FixedCompletions(append(listing.AgentIDs(), "all", "none"), cobra.ShellCompDirectiveNoFileComp))
	} else {
		cmd.Flags().StringSliceVar(&f.agents, "agent", nil, "the agent whose listing to show: "+ids+" (default claude-code, or the config's first agents: entry)")
		cmd.RegisterFlagCompletionFunc("agent", cobra.FixedCompletions(listing.AgentIDs(), cobra.ShellCompDirectiveNoFileComp))
	}
	cmd.Flags().StringVar(&f.context, "context", "", "the model's context window in tokens, which budgets scale with: 200000, 200k, 1m (default 200k, or the config's context:)")
}

// resolve picks the agents and context window: flags over the config over
// the defaults (claude-code, 200,000 tokens).
func (f *listingFlags) resolve(cmd *cobra.Command, cfg *config.Config) (agents []string, contextTokens int, err error) {
	agents, contextTokens = cfg.Agents, cfg.Context
	if cmd.Flags().Changed("agent") {
		agents = f.agents
	}
	if _, err := listing.AgentsFor(agents); err != nil {
		return nil, 0, usagef("--agent: %v", err)
	}
	if cmd.Flags().Changed("context") {
		n, ok := config.ParseTokens(f.context)
		if !ok {
			return nil, 0, usagef("--context %q is not a token count (write 200000, 200k or 1m)", f.context)
		}
		contextTokens = n
	}
	if contextTokens == 0 {
		contextTokens = listing.DefaultContext
	}
	return agents, contextTokens, nil
}
