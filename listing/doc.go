// Package listing estimates what an agent sees of a whole skill library:
// the one listing of every skill's name and description that Claude Code,
// Codex, GitHub Copilot and Gemini CLI put into the model's context, with
// each agent's per-skill cap, total budget and overflow behaviour taken
// from its documentation or source (see profile.go and AGENTS.md).
//
// Build simulates the listing, Render prints the text the agent would
// see, Check reports the library-level findings (budget overflow, cut
// descriptions, look-alike descriptions), Route ranks skills for a request
// by lexical relevance, and CheckEvals reads evals/evals.json and trigger
// query sets. Everything here is an estimate from public material, not a
// call to any agent.
package listing
