package review

import (
	"fmt"
	"path"
	"strings"

	"github.com/skillstudio/skillstudio/formats/osloop"
)

// npm lifecycle scripts: npm (and pnpm, yarn, bun for dependencies they
// trust) runs a package.json's preinstall, install and postinstall
// scripts on `npm install` in its folder, with the user's rights and no
// prompt; the 2025 npm worms and most malicious packages run from one. A
// skill that tells the agent to run npm install in its folder runs them.
// prepare, a build step of many honest TypeScript packages, runs on a
// plain `npm install` in the folder as well, so it is named too.
var lifecycleScripts = []string{"preinstall", "install", "postinstall", "prepare"}

const installScriptHint = "Read the command and every file it runs before anyone runs npm install here; install with --ignore-scripts when the skill does not need it."

// scanInstallScripts reports each lifecycle script of a package.json.
func (r *reviewer) scanInstallScripts(f *source) {
	if path.Base(f.rel) != "package.json" || !strings.Contains(f.text, "install") && !strings.Contains(f.text, "prepare") {
		return
	}
	doc, err := osloop.ParseJSON([]byte(f.text))
	if err != nil || doc.Root == nil {
		return
	}
	scripts := doc.Root.Get("scripts")
	for _, name := range lifecycleScripts {
		m := scripts.Member(name)
		if m == nil || m.Value.Kind != osloop.KindString || strings.TrimSpace(m.Value.Str) == "" {
			continue
		}
		r.report(f, m.KeyStart, "review/install-script", fmt.Sprintf("package.json's %q script runs on npm install in this folder, unasked: %s", name, clip(Visible(m.Value.Str), 200)), installScriptHint)
	}
}
