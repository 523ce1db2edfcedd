package review

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// typosquatsAt returns "line:col name" of each review/typosquat finding.
func typosquatsAt(ds []model.Diagnostic) []string {
	var out []string
	for _, d := range ds {
		if d.Rule == "review/typosquat" {
			out = append(out, fmt.Sprintf("%d:%d", d.Line, d.Column))
		}
	}
	return out
}

func TestTyposquatCommands(t *testing.T) {
	for _, c := range []struct {
		name, file, text string
		want             []string // line:col of each finding
	}{
		{"prose code span", "SKILL.md", "---\nname: s\ndescription: d\n---\nFirst `pip install reqeusts`.\n", []string{"5:20"}},
		{"several names, flags skipped", "scripts/a.sh", "npm install --save-dev --registry https://r.example crossenv lodash lodahs@4\n", []string{"1:53", "1:69"}},
		{"a continuation line", "scripts/a.sh", "pip3 install -r requirements.txt \\\n  colourama\n", []string{"2:3"}},
		{"python -m pip and extras", "scripts/a.sh", "python3 -m pip install 'reqeusts[socks]>=2'\n", []string{"1:25"}},
		{"npx: only the package, not its arguments", "scripts/a.sh", "npx -y expres lodahs\n", []string{"1:8"}},
		{"npx -p names a package", "scripts/a.sh", "npx -p crossenv cross-env-shell\n", []string{"1:8"}},
		{"cargo --git is no registry name", "scripts/a.sh", "cargo install --git https://git.example/tokoi tokoi\n", nil},
		{"separators end the command", "scripts/a.sh", "pip install requests && echo reqeusts; go get coffee\n", nil},
		{"placeholders, paths, files, URLs", "scripts/a.sh", "pip install <reqeusts> $PKG ./reqeusts reqeusts-1.0.tar.gz git+https://h.example/reqeusts\n", nil},
		{"aliased npm names and GitHub shorthands", "scripts/a.sh", "npm i lodash-alias@npm:lodash user/lodahs @types/node @anthropic-ai/sdk@0.30\n", nil},
		{"scope squats", "scripts/a.sh", "npm i @typse/node @anthropic/sdk@1 && npx -y @modelcontextprotocoll/server-github\n", []string{"1:7", "1:19", "1:46"}},
		{"combosquats, not honest suffixed names", "SKILL.md", "---\nname: s\ndescription: d\n---\nRun `pip install requests-toolbelt requests-secure` and `npm i lodash-es lodash-fix`.\n", []string{"5:36", "5:74"}},
		{"Go module suffixed owner", "scripts/a.sh", "go install github.com/spf31/cobra/cmd@latest\n", []string{"1:12"}},
		{"npm i, pnpm i and bun i", "scripts/a.sh", "npm i lodash expresss\npnpm i crossenv\nbun i lodahs\n", []string{"1:14", "2:8", "3:7"}},
		{"gem with version flag", "scripts/a.sh", "gem install -v 2.1 rest-cliet\n", []string{"1:20"}},
	} {
		got := typosquatsAt(Skill(md(c.file, c.text), nil))
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: %q: findings at %v, want %v", c.name, c.text, got, c.want)
		}
	}
}

func FuzzInstalledNames(f *testing.F) {
	for _, s := range []string{"npm i crossenv", "pip install -r x --index-url", "npx -p", "npx --package=", "cargo add --git", "go get a/b/c@v1 \\\n x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		for _, in := range installers {
			for _, n := range installedNames(in, line, 0) {
				if n.off < 0 || n.off+len(n.name) > len(line) || line[n.off:n.off+len(n.name)] != n.name {
					t.Fatalf("%q: name %q not at its offset %d", line, n.name, n.off)
				}
			}
		}
	})
}

func TestTyposquatManifests(t *testing.T) {
	for _, c := range []struct {
		file, text string
		want       []string
	}{
		{"requirements.txt", "# pinned\nreqeusts==2.31 \\\n  --hash=sha256:00\nrequests-toolbelt\ngit+https://h.example/colourama.git\n", []string{"2:1"}},
		{"scripts/requirements-dev.txt", "pytest\ncolourama\n", []string{"2:1"}},
		{"package.json", "{\n  \"dependencies\": {\n    \"lodash-es\": \"^4\",\n    \"@type/node\": \"*\",\n    \"x\": \"npm:expres@4\",\n    \"crossenv\": \"file:./vendor\"\n  }\n}\n", []string{"4:6", "5:15"}},
		{"pyproject.toml", "[project]\ndependencies = [\"requests-fix>=1\"]\n", []string{"2:18"}},
		{"Cargo.toml", "[dependencies]\ntokoi = \"1\"\n", []string{"2:1"}},
		{"Gemfile", "gem 'rest-cliet'\n", []string{"1:6"}},
		{"go.mod", "module m\n\nrequire github.com/spf31/cobra v1.0.0\n", []string{"3:9"}},
		{"Pipfile", "[packages]\nreqeusts = \"*\"\n", []string{"2:1"}},
		{"notes/deps.txt", "reqeusts\n", nil},
		{"requirements.txt", "-r deps/base.in\nrequests\n", nil}, // the included file is checked below

	} {
		got := typosquatsAt(Skill(md(c.file, c.text), nil))
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: findings at %v, want %v", c.file, got, c.want)
		}
	}
	d := Skill(md("requirements.txt", "reqeusts\n"), nil)
	for _, x := range d {
		if x.Rule == "review/typosquat" && !strings.Contains(x.Message, `"requests"`) {
			t.Errorf("message does not name the real package: %s", x.Message)
		}
	}
}

func TestTyposquatRequirementsInclude(t *testing.T) {
	s := md("requirements.txt", "-r deps/base.in\n--constraint=../outside.txt\nrequests\n", "deps/base.in", "# shared\ncolourama>=0.4\n")
	var got []string
	for _, d := range Skill(s, nil) {
		if d.Rule == "review/typosquat" {
			got = append(got, fmt.Sprintf("%s:%d:%d", d.File, d.Line, d.Column))
		}
	}
	if want := []string{"s/deps/base.in:2:1"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
