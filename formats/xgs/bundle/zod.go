package bundle

import (
	"bytes"
	"embed"
	"encoding/json"
	"io/fs"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/skillstudio/skillstudio/internal/lazyre"
	"github.com/skillstudio/skillstudio/internal/safefs"
)

// A skill whose folder has no node_modules/zod is bundled with a real,
// pinned Zod embedded in the binary (zodpkg/README.md says where the files
// come from). A documentation-only stand-in lacked zod 4's top-level
// constructors (z.email(), z.iso.date()…) and the bundle threw on mount;
// the real package has every API a skill can call, and its own
// toJSONSchema is what the runtime's __describe__ uses.
//
//go:embed all:zodpkg/v4 all:zodpkg/v3
var zodFiles embed.FS

// The embedded versions, and their entry modules inside zodFiles.
const (
	EmbeddedZod4 = "4.6.7"
	EmbeddedZod3 = "3.23.8"

	zodNamespace = "xgoose-zod"
	zod4Entry    = "zodpkg/v4/index.js"
	zod3Entry    = "zodpkg/v3/lib/index.mjs"
)

// zodEntryFor picks the embedded Zod for a skill in dir: zod 3 when the
// nearest package.json asks for it (dependencies, devDependencies or
// peerDependencies "zod": "^3…", "~3…", "3…"), zod 4 otherwise.
func zodEntryFor(dir string) string {
	if wantsZod3(dir) {
		return zod3Entry
	}
	return zod4Entry
}

var zod3Range = lazyre.New(`^\s*(?:[\^~=v]|>=\s*)?3(?:\.|$|\s)`)

func wantsZod3(dir string) bool {
	for {
		raw, err := safefs.ReadFile(filepath.Join(dir, "package.json"), 1<<20)
		if err == nil {
			var pkg map[string]json.RawMessage
			if json.Unmarshal(raw, &pkg) != nil {
				return false
			}
			for _, field := range []string{"dependencies", "devDependencies", "peerDependencies"} {
				var deps map[string]string
				if json.Unmarshal(pkg[field], &deps) == nil {
					if v, ok := deps["zod"]; ok {
						return zod3Range.MatchString(v)
					}
				}
			}
			return false // the nearest package.json decides, as npm would
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return false
		}
		dir = parent
	}
}

// setupEmbeddedZod serves `zod` (and `zod/v4` for zod 4) to a skill's
// build, unless the skill's folder has its own node_modules/zod: as a
// facade over the prelude (prelude.go) that prelude returns for the entry.
func setupEmbeddedZod(pb api.PluginBuild, dir string, prelude func(entry string) (*prelude, error)) {
	pb.OnResolve(api.OnResolveOptions{Filter: `^zod(/v4)?$`}, func(args api.OnResolveArgs) (api.OnResolveResult, error) {
		from := args.ResolveDir
		if from == "" || args.Namespace == pluginNamespace {
			from = dir
		}
		if hasNodeModule(from, "zod") {
			return api.OnResolveResult{}, nil // esbuild's own resolver finds the user's zod
		}
		entry := zodEntryFor(dir)
		if args.Path == "zod/v4" && entry != zod4Entry {
			return api.OnResolveResult{Errors: []api.Message{{Text: `"zod/v4" needs zod 4, but this skill's package.json asks for zod 3`}}}, nil
		}
		return api.OnResolveResult{Path: entry, Namespace: zodNamespace}, nil
	})
	pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: zodNamespace}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
		p, err := prelude(args.Path)
		if err != nil {
			return api.OnLoadResult{}, err
		}
		text := p.facade
		return api.OnLoadResult{Contents: &text, Loader: api.LoaderJS}, nil
	})
}

// serveEmbeddedZod loads zod's modules from zodFiles, for the prelude's
// build. usesLocales says whether the skill mentions zod's locales at
// all; only then are the 63 non-English locales bundled (see localeStub).
func serveEmbeddedZod(pb api.PluginBuild, usesLocales func() bool) {
	// Relative imports between the embedded modules.
	pb.OnResolve(api.OnResolveOptions{Filter: `^\.\.?/`, Namespace: zodNamespace}, func(args api.OnResolveArgs) (api.OnResolveResult, error) {
		return api.OnResolveResult{Path: path.Join(path.Dir(args.Importer), args.Path), Namespace: zodNamespace}, nil
	})
	pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: zodNamespace}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
		if lang, ok := otherLocale(args.Path); ok && !usesLocales() {
			text := localeStub(lang)
			return api.OnLoadResult{Contents: &text, Loader: api.LoaderJS}, nil
		}
		text, err := embeddedZodText(args.Path)
		if err != nil {
			return api.OnLoadResult{}, err
		}
		return api.OnLoadResult{Contents: &text, Loader: api.LoaderJS}, nil
	})
}

func embeddedZodText(p string) (string, error) {
	b, err := fs.ReadFile(zodFiles, p)
	return string(b), err
}

// Bundle size: `import { z } from "zod"` is zod's whole namespace, and
// with it z.locales — 63 error-message translations, about 500 KB of the
// 800 KB a small skill bundled to. zod 4 sets English itself (classic
// schemas.js imports locales/en.js and calls config(en()) on first use),
// so a skill that never names `locales` gets, for every other language, a
// stub with the same export that throws a clear error when called: the
// bundle never calls an API its Zod lacks without saying so. A skill that
// does mention locales (z.config(z.locales.fr())) gets them all.

var zod4Locale = lazyre.New(`^zodpkg/v4/v4/locales/([A-Za-z-]+)\.js$`)

// otherLocale: path is a zod 4 locale module other than en and the index.
func otherLocale(p string) (string, bool) {
	m := zod4Locale.FindStringSubmatch(p)
	if m == nil || m[1] == "en" || m[1] == "index" {
		return "", false
	}
	return m[1], true
}

func localeStub(lang string) string {
	return "export default function () {\n  throw new Error(" + strconv.Quote("zod locale \""+lang+"\" is not in this bundle: skillstudio bundles zod's locales only for a skill that names `locales` (e.g. z.config(z.locales."+jsIdent(lang)+"())), or install zod next to the skill (npm install zod)") + ");\n}\n"
}

// jsIdent is how a locale is named on z.locales (fr-CA → frCA).
func jsIdent(lang string) string { return strings.ReplaceAll(lang, "-", "") }

// mentionsLocales: the skill's code names zod's locales — z.locales,
// z?.locales, z["locales"], or destructured { locales } — not a word in a
// header such as @name zod-locales.
var mentionsLocales = lazyre.New(`[.{,]\s*locales\b|["'\x60]locales["'\x60]|\blocales\s*[,}:]`)

// namesLocales is mentionsLocales on a skill's source; the word test
// first keeps the regexp off the (usual) skill that never says it.
func namesLocales(src []byte) bool {
	return bytes.Contains(src, []byte("locales")) && mentionsLocales.Match(src)
}

// EmbeddedZodModule returns one embedded Zod file by its path inside
// zodpkg ("v4/index.js"), for tests and tools that run it outside a build.
func EmbeddedZodModule(name string) ([]byte, error) {
	return fs.ReadFile(zodFiles, "zodpkg/"+strings.TrimPrefix(name, "/"))
}
