package review

import (
	"fmt"
	"strings"

	"github.com/skillstudio/skillstudio/internal/lazyre"
)

// Packages a skill's Markdown tells the agent to run: npx pkg, uvx pkg,
// pipx run pkg, bunx pkg, pnpm/yarn dlx pkg, bun x pkg fetch a package
// from its registry and run it; python -m mod runs a module installed
// beside Python. A script under scripts/ is listed by review/script for
// a reviewer to read; these commands run code that is nowhere in the
// skill, so each is listed where it is written.
var packageRunCommand = lazyre.New(`(?i)(?:^|[\s;&|(` + "`" + `"'$])(` +
	`npx|pnpx|bunx|uvx|(?:pnpm|yarn)\s+dlx|bun\s+x|pipx\s+run|` +
	`(?:python(?:3(?:\.\d+)?)?|py(?:\s+-3(?:\.\d+)?)?)\s+-m)\s`)

var packageRunWords = []string{"npx", "pnpx", "bunx", "uvx", "dlx", "bun x", "pipx run", " -m "}

// pythonStdlib are the standard library's top-level modules people run
// with python -m: they come with Python, not from a registry.
var pythonStdlib = flagSet("venv ensurepip http json unittest doctest pdb cProfile profile timeit trace zipfile tarfile gzip " +
	"py_compile compileall site ast tokenize dis webbrowser base64 calendar uuid sqlite3 idlelib pydoc asyncio pickle " +
	"pickletools tabnanny platform sysconfig this zipapp encodings mimetypes filecmp code inspect tomllib smtpd " +
	"lib2to3 turtledemo unittest.mock random string textwrap sys os shutil locale")

// scanPackageRuns reports each package or module a Markdown or text file
// outside scripts/ runs, once per file.
func (r *reviewer) scanPackageRuns(f *source, text string) {
	if !containsAny(text, packageRunWords) {
		return
	}
	seen := map[string]bool{}
	forLines(text, func(pos int, logical, _ string) {
		if !containsAny(logical, packageRunWords) {
			return
		}
		for _, m := range packageRunCommand.Regexp().FindAllStringSubmatchIndex(logical, -1) {
			cmd := strings.Join(strings.Fields(logical[m[2]:m[3]]), " ")
			var what string
			var off int
			if strings.HasSuffix(cmd, "-m") {
				mod, at, ok := pythonModule(logical, m[1])
				if !ok || pythonStdlib[strings.SplitN(mod, ".", 2)[0]] || mod == "pip" || r.ownModule(mod) {
					continue
				}
				what, off = fmt.Sprintf("the Python module %q (%s %s), which is not part of the skill or of Python's standard library", clip(Visible(mod), 80), cmd, clip(Visible(mod), 80)), at
			} else {
				in := installers["npx"]
				if first := strings.ToLower(strings.Fields(cmd)[0]); first == "uvx" || first == "pipx" {
					in = installers["uvx"]
				}
				names := installedNames(in, logical, m[1])
				if len(names) == 0 {
					continue
				}
				p := names[0]
				what, off = fmt.Sprintf("the %s package %q (%s %s), fetched from the registry unless already installed, and run with the user's rights", p.reg, clip(Visible(p.name), 80), cmd, clip(Visible(p.name), 80)), p.off
			}
			if seen[what] || inFrontmatter(f.text, pos+off) {
				continue // allowed-tools' Bash(npx x:*) grants, it does not run
			}
			seen[what] = true
			r.report(f, pos+off, "review/package-run", fmt.Sprintf("%s runs %s.", f.rel, what),
				"Read what the package does, or pin a version (npx pkg@1.2.3, uvx pkg==1.2.3) so what runs is what was reviewed.")
		}
	})
}

// pythonModule reads the module name after python -m at byte from.
func pythonModule(line string, from int) (string, int, bool) {
	i := from
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	start := i
	for i < len(line) && (isAlnumByte(line[i]) || line[i] == '_' || line[i] == '.') {
		i++
	}
	mod := strings.TrimRight(line[start:i], ".")
	if mod == "" || mod[0] >= '0' && mod[0] <= '9' || mod[0] == '.' {
		return "", 0, false
	}
	return mod, start, true
}

func isAlnumByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// ownModule: python -m scripts.report runs the skill's own code, which
// the review reads as a file of the skill.
func (r *reviewer) ownModule(mod string) bool {
	top := strings.SplitN(mod, ".", 2)[0]
	for _, f := range r.files {
		if f.rel == top+".py" || strings.HasPrefix(f.rel, top+"/") || strings.Contains(f.rel, "/"+top+"/") || strings.HasSuffix(f.rel, "/"+top+".py") {
			return true
		}
	}
	return false
}
