// Package review gathers the evidence a person needs before installing a
// skill: where its code reaches on the network, what it is allowed to do,
// what it hides from a reader, what it tells the agent behind the user's
// back, and what secrets it ships. Nothing is executed: every finding comes
// from reading the skill's files.
package review

import "github.com/skillstudio/skillstudio/model"

// Severities mean: error = will harm at run time; warning = a likely
// problem to look at; info = evidence a reviewer should read.
var Rules = model.RuleSet{
	// Reach: the network.
	{ID: "review/host", Severity: model.SeverityInfo, Doc: "A network host the code contacts (fetch, XMLHttpRequest.open, new URL, sendBeacon, WebSocket, EventSource, host.network.fetch) that the skill declares (@match/@connect, sandbox.networkRules)."},
	{ID: "review/undeclared-host", Severity: model.SeverityWarning, Doc: "The code contacts a host the skill does not declare (.xgs.js @match/@connect, OS Loop sandbox.networkRules); a reviewer cannot see it from the metadata alone."},
	{ID: "review/dynamic-url", Severity: model.SeverityInfo, Doc: "The code contacts a URL built at run time, so the host cannot be read from the source; read the call."},
	{ID: "review/sends-page-data", Severity: model.SeverityError, Doc: "A request to a host the skill does not declare carries the user's cookies (credentials: \"include\", document.cookie) or page storage (localStorage, sessionStorage): the user's session leaves the page."},
	{ID: "review/cross-origin-credentials", Severity: model.SeverityWarning, Doc: "A request to a declared host other than the pages the skill runs on carries cookies or page storage; check that the destination is the site's own API."},

	// Capabilities: what the skill may do.
	{ID: "review/capability", Severity: model.SeverityInfo, Doc: "A capability the skill asks for (OS Loop permission, secret binding, OAuth scope, LLM purpose, bridge or system tool, MCP server, WASM module; SKILL.md allowed-tools or context: fork), with one sentence of what it allows."},
	{ID: "review/unrestricted-shell", Severity: model.SeverityWarning, Doc: "SKILL.md allowed-tools grants Bash without a command pattern (Bash or Bash(*)): the agent may run any shell command without asking."},
	{ID: "review/hook", Severity: model.SeverityInfo, Doc: "A SKILL.md hook runs a shell command automatically when an agent event fires, without the agent choosing to."},
	{ID: "review/script", Severity: model.SeverityInfo, Doc: "A file under scripts/ that the agent may run, with its interpreter (from the #! line or the extension)."},
	{ID: "review/remote-exec", Severity: model.SeverityError, Doc: "The skill downloads code and runs it unseen (curl … | sh, wget -O- … | bash, iex (iwr …), eval \"$(curl …)\", bash <(curl …)): what runs is whatever the server sends that day."},

	// Hidden content.
	{ID: "review/bidi", Severity: model.SeverityError, Doc: "A bidirectional override or isolate (U+202A–U+202E, U+2066–U+2069) reorders how text displays, so what a reviewer reads differs from what the agent or interpreter gets (Trojan Source)."},
	{ID: "review/tag-characters", Severity: model.SeverityError, Doc: "Unicode tag characters (U+E0000–U+E007F) are invisible but spell ASCII that language models read; the message decodes them. Emoji subdivision flags are allowed."},
	{ID: "review/invisible", Severity: model.SeverityWarning, Doc: "An invisible or formatting character (zero-width space, word joiner, soft hyphen, …) sits in the text where no script needs it; it can split words to evade review or hide content."},
	{ID: "review/homoglyph", Severity: model.SeverityWarning, Doc: "A word mixes Latin letters with look-alike Cyrillic or Greek ones, so it reads as one word but is another (a spoofed name, host or command)."},
	{ID: "review/blob", Severity: model.SeverityInfo, Doc: "A long base64 or hex string: data a reviewer cannot read; the message says what it decodes to when that is text."},
	{ID: "review/html-comment", Severity: model.SeverityInfo, Doc: "An HTML comment in Markdown: invisible when rendered, but read by the agent. The message shows its text."},

	// Instructions aimed at the agent.
	{ID: "review/instruction", Severity: model.SeverityWarning, Doc: "Visible text tells the agent to override its user or system (\"ignore previous instructions\", \"do not tell the user\") or to send files, keys or credentials elsewhere."},
	{ID: "review/hidden-instruction", Severity: model.SeverityError, Doc: "Such an instruction sits where a person reading the rendered skill cannot see it: an HTML comment, tag characters, zero-width-split text or an encoded blob."},

	// Secrets.
	{ID: "review/secret", Severity: model.SeverityError, Doc: "A credential in a well-known format (AWS AKIA…, GitHub ghp_/github_pat_, Slack xox…, Stripe sk_live_, Google AIza…, OpenAI sk-…, a private key block) ships with the skill; shown masked."},
	{ID: "review/secret-like", Severity: model.SeverityWarning, Doc: "A random-looking string is assigned to a secret-ish name (token, api_key, password, secret…); it may be a real credential. Placeholders and obvious fakes are ignored."},
}
