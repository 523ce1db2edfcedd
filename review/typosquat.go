package review

import (
	"fmt"
	"strings"

	"github.com/skillstudio/skillstudio/internal/lazyre"
	"github.com/skillstudio/skillstudio/internal/typosquat"
)

// Typosquatted installs: a skill's script, hook or prose tells someone to
// install a package whose name is a near miss of a very popular one
// (pip install reqeusts, npm i crossenv). The install commands of each
// registry's usual clients are read; each package name they name is
// checked against that registry's popular names (internal/typosquat).
var installCommand = lazyre.New(`(?i)(?:^|[\s;&|(` + "`" + `"'$])(` +
	`(?:npm|pnpm|cnpm|bun)\s+(?:install|i|add)|yarn\s+(?:global\s+)?add|(?:npx|pnpx|bunx)|(?:pnpm|yarn)\s+dlx|` +
	`(?:pip3?(?:\.\d+)?|python3?(?:\.\d+)?\s+-m\s+pip|uv\s+pip|pipx)\s+install|uv\s+(?:add|tool\s+install)|uvx|pipx\s+run|(?:poetry|pdm|rye)\s+add|` +
	`cargo\s+(?:add|install)|` +
	`go\s+(?:get|install)|` +
	`gem\s+install|bundle\s+add)\s`)

// " i " admits npm i, pnpm i and bun i, the short spellings most READMEs use.
var installWords = []string{"install", " add", " i ", "npx", "uvx", "bunx", "pnpx", "dlx", "go get"}

// installer is what an install command's words mean.
type installer struct {
	reg typosquat.Registry
	// runs: the command runs one package (npx, uvx): its first name is
	// the package, the rest are that package's own arguments.
	runs bool
	// valueFlags take the next word as their value.
	valueFlags map[string]bool
	// packageFlags take a package name as their value (npx -p).
	packageFlags map[string]bool
	// only is a flag after which no registry name follows (cargo --git).
	stopFlags map[string]bool
}

func flagSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, f := range strings.Fields(s) {
		m[f] = true
	}
	return m
}

var (
	npmValue   = flagSet("--registry --prefix -w --workspace --tag --cache -C --cwd --userconfig --omit --include")
	pipValue   = flagSet("-r --requirement -c --constraint -e --editable -i --index-url --extra-index-url -f --find-links -t --target --prefix --root --python -p --platform --trusted-host --proxy --group --optional --extra --index --package --with --from --python-version --implementation --abi --src --log --cert --client-cert --cache-dir --default-index")
	installers = map[string]installer{
		"npm":   {reg: typosquat.NPM, valueFlags: npmValue},
		"npx":   {reg: typosquat.NPM, runs: true, valueFlags: npmValue, packageFlags: flagSet("-p --package"), stopFlags: flagSet("-c --call")},
		"pip":   {reg: typosquat.PyPI, valueFlags: pipValue},
		"uvx":   {reg: typosquat.PyPI, runs: true, valueFlags: pipValue, packageFlags: flagSet("--from --with")},
		"cargo": {reg: typosquat.Crates, valueFlags: flagSet("--version --vers --features -F --rename --registry --branch --tag --rev --target --root -j --jobs --manifest-path --index --profile --bin --example"), stopFlags: flagSet("--git --path")},
		"go":    {reg: typosquat.Go, valueFlags: flagSet("-tags -ldflags -gcflags -o -C -modfile -mod -pkgdir -exec")},
		"gem":   {reg: typosquat.RubyGems, valueFlags: flagSet("-v --version -s --source -i --install-dir -n --bindir --platform -g --file --document -N --gemfile --group")},
	}
)

// installerOf names the installer table entry of a matched command.
func installerOf(cmd string) installer {
	word := strings.ToLower(strings.Fields(cmd)[0])
	switch {
	case word == "npx" || word == "pnpx" || word == "bunx" || strings.HasSuffix(strings.ToLower(cmd), "dlx"):
		return installers["npx"]
	case word == "uvx" || strings.HasSuffix(strings.ToLower(cmd), "run"):
		return installers["uvx"]
	case strings.HasPrefix(word, "pip") || strings.HasPrefix(word, "python") || word == "uv" || word == "poetry" || word == "pdm" || word == "rye":
		return installers["pip"]
	case word == "cargo", word == "go":
		return installers[word]
	case word == "gem" || word == "bundle":
		return installers["gem"]
	}
	return installers["npm"]
}

const typosquatHint = "Check the name against the registry before installing: a near miss of a popular package is how typosquats are installed. If the name is right, say so in the skill."

// scanTyposquats reports each package an install command names that is a
// near miss of a popular package of its registry.
func (r *reviewer) scanTyposquats(f *source) {
	if !containsAny(f.text, installWords) {
		return
	}
	forLines(f.text, func(pos int, logical, joined string) {
		if !containsAny(logical, installWords) {
			return
		}
		for _, m := range installCommand.Regexp().FindAllStringSubmatchIndex(logical, -1) {
			cmd := logical[m[2]:m[3]]
			for _, p := range installedNames(installerOf(cmd), logical, m[1]) {
				match, ok := typosquat.Near(p.reg, p.name)
				if !ok {
					continue
				}
				r.report(f, pos+p.off, "review/typosquat", fmt.Sprintf("%s names the %s package %q, a near miss of the popular %q (%s): a typosquat's usual name.",
					clip(Visible(strings.Join(strings.Fields(cmd), " ")), 40), p.reg, clip(Visible(p.name), 80), match.Popular, match.How), typosquatHint)
			}
		}
	})
}

// installedName is a registry package name an install command names, at
// byte offset off of the line.
type installedName struct {
	reg  typosquat.Registry
	name string
	off  int
}

// installedNames reads the words of line from byte from, up to the end of
// the command (a shell separator, a closing code span), and returns the
// registry names among them: flags and their values, paths, URLs, files
// and placeholders are not names.
func installedNames(in installer, line string, from int) []installedName {
	var out []installedName
	skipNext := false
	pkgNext := false
	for i := from; i < len(line); {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '\\' || line[i] == '\r' || line[i] == '\n') {
			i++
		}
		start := i
		for i < len(line) && !strings.ContainsRune(" \t\r\n\\;&|)`<>#", rune(line[i])) {
			i++
		}
		if start == i {
			break // a separator ends the command
		}
		word := line[start:i]
		trimmed := strings.Trim(word, `"'`)
		off := start + strings.Index(word, trimmed)
		trimmed = strings.TrimRight(trimmed, ",.:")
		switch {
		case skipNext:
			skipNext = false
			continue
		case strings.HasPrefix(trimmed, "-") && !pkgNext:
			flag, _, hasValue := strings.Cut(trimmed, "=")
			if in.stopFlags[flag] {
				return out
			}
			if in.packageFlags[flag] {
				if hasValue {
					if n, ok := registryName(in.reg, trimmed[len(flag)+1:]); ok {
						out = append(out, installedName{in.reg, n, off + len(flag) + 1})
					}
				} else {
					pkgNext = true
				}
				continue
			}
			skipNext = in.valueFlags[flag] && !hasValue
			continue
		}
		pkgNext = false
		if n, ok := registryName(in.reg, trimmed); ok {
			out = append(out, installedName{in.reg, n, off})
		}
		if in.runs {
			return out // the rest are the package's own arguments
		}
		if len(out) >= 32 {
			return out
		}
	}
	return out
}

// registryName returns the registry name a word names, without its
// version or extras, or false for a path, URL, file or placeholder.
func registryName(reg typosquat.Registry, word string) (string, bool) {
	if word == "" || strings.ContainsAny(word, "$<>{}*%\\") || strings.Contains(word, "://") ||
		strings.HasPrefix(word, ".") || strings.HasPrefix(word, "/") || strings.HasPrefix(word, "~") ||
		strings.HasPrefix(word, "git+") {
		return "", false
	}
	lower := strings.ToLower(word)
	for _, ext := range []string{".whl", ".tar.gz", ".tgz", ".zip", ".gem", ".crate", ".txt", ".toml", ".json", ".lock"} {
		if strings.HasSuffix(lower, ext) {
			return "", false
		}
	}
	name := word
	switch reg {
	case typosquat.NPM:
		if strings.Contains(name, ":") {
			return "", false // an aliased or git-hosted package
		}
		scope := ""
		if strings.HasPrefix(name, "@") {
			// @scope/name@range: the scope is compared (scope squats).
			s, rest, ok := strings.Cut(name, "/")
			if !ok || len(s) < 2 {
				return "", false
			}
			scope, name = s+"/", rest
		}
		name, _, _ = strings.Cut(name, "@")
		if strings.Contains(name, "/") || (scope != "" && name == "") {
			return "", false // a GitHub shorthand or a path
		}
		name = scope + name
	case typosquat.PyPI:
		if i := strings.IndexAny(name, "[=<>!~;@ "); i >= 0 {
			name = name[:i]
		}
		if strings.Contains(name, "/") {
			return "", false
		}
	case typosquat.Crates, typosquat.RubyGems:
		if i := strings.IndexAny(name, "@:"); i >= 0 {
			name = name[:i]
		}
		if strings.Contains(name, "/") {
			return "", false
		}
	case typosquat.Go:
		name, _, _ = strings.Cut(name, "@")
		if !strings.Contains(name, "/") {
			return "", false
		}
	}
	if name == "" || !isPackageName(name) {
		return "", false
	}
	return name, true
}

// isPackageName: the letters registries allow in a name (ASCII letters,
// digits, - _ . and / for Go); prose words with other marks are not names.
func isPackageName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == '/' || c == '@' && i == 0) {
			return false
		}
	}
	return true
}
