package depmanifest

import (
	"slices"
	"strings"
	"testing"
)

// names returns "name@line:col" of each dependency, col in bytes.
func names(text string, deps []Dep) []string {
	var out []string
	for _, d := range deps {
		line := strings.Count(text[:d.Off], "\n") + 1
		col := d.Off - strings.LastIndexByte(text[:d.Off], '\n')
		out = append(out, d.Name+"@"+itoa(line)+":"+itoa(col))
	}
	return out
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

func TestParse(t *testing.T) {
	for _, c := range []struct {
		file, text string
		want       []string
	}{
		{"requirements.txt", "# tools\nreqeusts[socks]>=2.0 ; python_version>'3.8' \\\n    --hash=sha256:abc\n-r other.txt\n-e ./local\n  colorama==0.4 # pinned\ngit+https://h.example/x.git#egg=x\nname @ https://h.example/n.whl\n./dist/pkg.whl\n--index-url https://i.example\n",
			[]string{"reqeusts@2:1", "colorama@6:3"}},
		{"requirements-dev.txt", "pytest\n", []string{"pytest@1:1"}},
		{"package.json", `{"name": "x", "scripts": {"dependencies": "no"},
  "dependencies": {"lodahs": "^4", "local": "file:../l", "gh": "user/repo", "g": "git+https://h.example/g.git"},
  "devDependencies": {"@type/node": "*", "alias": "npm:expres@4"},
  "optionalDependencies": {"esc\u0061ped": "1"}, "peerDependencies": {"react": ">=18"}}`,
			[]string{"lodahs@2:21", "@type/node@3:24", "expres@3:56", "react@4:72"}},
		{"pyproject.toml", "[project]\nname = \"x\"\ndependencies = [\"reqeusts>=2\", 'colorama ; os_name == \"nt\"', \"x @ https://h.example/x.whl\"]\n[project.optional-dependencies]\ndev = [\"pytset\"]\n[tool.poetry.dependencies]\npython = \"^3.11\"\nhttpx = \"^0.27\"\nlocal = {path = \"../l\"}\n[tool.poetry.group.dev.dependencies]\nmypy = \"*\"\n[tool.poetry.dependencies.rich]\nversion = \"13\"\n",
			[]string{"reqeusts@3:18", "colorama@3:33", "pytset@5:9", "httpx@8:1", "mypy@11:1", "rich@12:27"}},
		{"Pipfile", "[packages]\nreqeusts = \"*\"\n\"flask\" = {version = \"*\"}\nlocal = {path = \".\", editable = true}\n[dev-packages]\npytest = \"*\"\n[requires]\npython_version = \"3.11\"\n",
			[]string{"reqeusts@2:1", "flask@3:2", "pytest@6:1"}},
		{"Cargo.toml", "[package]\nname = \"x\"\n[dependencies]\ntokoi = \"1\"\nmine = { path = \"../mine\" }\nrenamed = { package = \"serde-jsn\", version = \"1\" }\n[target.'cfg(unix)'.dependencies]\nlibc = \"0.2\"\n[dev-dependencies.reqwets]\nversion = \"0.12\"\n[build-dependencies.local]\npath = \"x\"\n",
			[]string{"tokoi@4:1", "serde-jsn@6:24", "libc@8:1", "reqwets@9:19"}},
		{"Gemfile", "source 'https://rubygems.org'\ngem 'rails', '~> 7'\n  gem \"rest-cliet\"\ngem 'mine', path: 'vendor/mine'\ngem 'x', git: 'https://h.example/x'\n# gem 'commented'\n",
			[]string{"rails@2:6", "rest-cliet@3:8"}},
		{"go.mod", "module example.com/x\n\ngo 1.22\n\nrequire github.com/spf31/cobra v1.8.0\n\nrequire (\n\tgithub.com/stretchr/testify v1.9.0 // indirect\n)\n",
			[]string{"github.com/spf31/cobra@5:9", "github.com/stretchr/testify@8:2"}},
		{"README.md", "pip install reqeusts\n", nil},
		{"package.json", "{not json", nil},
		{"pyproject.toml", "[project\ndependencies = [\"x\"]", nil},
	} {
		got := names(c.text, Parse("skill/"+c.file, []byte(c.text)))
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: got %q, want %q", c.file, got, c.want)
		}
	}
}

func TestKind(t *testing.T) {
	for name, want := range map[string]string{
		"requirements.txt": "requirements.txt", "a/requirements-dev.txt": "requirements.txt", "requirements/base.txt": "requirements.txt",
		"constraints.txt": "requirements.txt", "x/PACKAGE.JSON": "package.json", "Pipfile.lock": "", "notes.txt": "", "go.sum": "",
	} {
		if got := Kind(name); got != want {
			t.Errorf("Kind(%q) = %q, want %q", name, got, want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"reqeusts>=2\n", `{"dependencies":{"a":"1"}}`, "[dependencies]\nserde = \"1\"\n", "[project]\ndependencies=[\"a\"]", "gem 'a'\n", "require x.y/z v1\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, inc := range Includes([]byte(text)) {
			if inc == "" || !strings.Contains(text, inc) {
				t.Fatalf("include %q is not in %q", inc, text)
			}
		}
		for _, name := range []string{"requirements.txt", "package.json", "pyproject.toml", "Pipfile", "Cargo.toml", "Gemfile", "go.mod"} {
			for _, d := range Parse(name, []byte(text)) {
				if d.Off < 0 || d.Off+len(d.Name) > len(text) || text[d.Off:d.Off+len(d.Name)] != d.Name {
					t.Fatalf("%s: %q not at its offset %d of %q", name, d.Name, d.Off, text)
				}
			}
		}
	})
}

// A million nested arrays overflowed go-toml's recursive parser: Go's
// stack limit is a fatal error that no recover catches.
func TestDeepTOMLIsRefusedNotOverflowed(t *testing.T) {
	s := "[project]\ndependencies = " + strings.Repeat("[", 1<<20)
	if deps := Parse("pyproject.toml", []byte(s)); deps != nil {
		t.Errorf("got %v", deps)
	}
	ok := "[project]\ndependencies = [\"reqeusts\"]\n" + "x = " + strings.Repeat("[", 200) + strings.Repeat("]", 200) + "\n"
	if got := names(ok, Parse("pyproject.toml", []byte(ok))); !slices.Equal(got, []string{"reqeusts@2:18"}) {
		t.Errorf("moderate nesting: got %v", got)
	}
}

func TestKindDoesNotAllocate(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { Kind("skills/x/SKILL.md"); Kind("a/Requirements-Dev.TXT") }); n != 0 {
		t.Errorf("Kind allocates %v times", n)
	}
}

func TestIncludes(t *testing.T) {
	got := Includes([]byte("-r base.txt\n  --requirement dev.in\n-cconstraints.txt\n--constraint=c2.txt\n-r https://h.example/r.txt\n-e .\nrequests\n"))
	if want := []string{"base.txt", "dev.in", "constraints.txt", "c2.txt"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
