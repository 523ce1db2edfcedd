package bundle

import (
	"embed"
	"encoding/json"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/skillstudio/skillstudio/internal/lazyre"
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
		raw, err := os.ReadFile(filepath.Join(dir, "package.json"))
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

// setupEmbeddedZod serves `zod` (and `zod/v4` for zod 4) from zodFiles,
// unless the skill's folder has its own node_modules/zod.
func setupEmbeddedZod(pb api.PluginBuild, dir string) {
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
	// Relative imports between the embedded modules.
	pb.OnResolve(api.OnResolveOptions{Filter: `^\.\.?/`, Namespace: zodNamespace}, func(args api.OnResolveArgs) (api.OnResolveResult, error) {
		return api.OnResolveResult{Path: path.Join(path.Dir(args.Importer), args.Path), Namespace: zodNamespace}, nil
	})
	pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: zodNamespace}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
		b, err := fs.ReadFile(zodFiles, args.Path)
		if err != nil {
			return api.OnLoadResult{}, err
		}
		text := string(b)
		return api.OnLoadResult{Contents: &text, Loader: api.LoaderJS}, nil
	})
}

// EmbeddedZodModule returns one embedded Zod file by its path inside
// zodpkg ("v4/index.js"), for tests and tools that run it outside a build.
func EmbeddedZodModule(name string) ([]byte, error) {
	return fs.ReadFile(zodFiles, "zodpkg/"+strings.TrimPrefix(name, "/"))
}
