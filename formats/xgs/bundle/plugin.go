package bundle

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/skillstudio/skillstudio/formats/xgs"
	"github.com/skillstudio/skillstudio/internal/safefs"
)

// Module ids inside the plugin's own namespace.
const (
	pluginNamespace = "xgoose"
	modEntry        = "xgoose:entry"  // the virtual entry (entry.go)
	modHeader       = "xgoose:header" // header facts for the runtime
	modSkillSource  = "xgoose:skill"  // the skill file itself
	modRuntime      = "@xgoose/skill"
)

// snapshot is what one build serves: the skill's current text and the
// modules generated from its header. The plugin reads it on every
// OnLoad, so Rebuild picks up new text without a new esbuild context.
type snapshot struct {
	source string
	entry  string
	header string
	// locales: the source names zod's locales (zod.go). Decided once per
	// build: zod has 63 locale modules and each OnLoad asks.
	locales bool
}

// sourceCell holds the snapshot a context's plugin serves.
type sourceCell struct {
	mu   sync.Mutex
	snap snapshot
}

func (c *sourceCell) set(s snapshot) {
	c.mu.Lock()
	c.snap = s
	c.mu.Unlock()
}

func (c *sourceCell) get() snapshot {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.snap
}

// skillPlugin resolves the runtime, zod (zod.go) and the skill file for the skill
// at absPath (an absolute OS path) and serves them from cell; minify picks
// the zod prelude (prelude.go) whose facade it serves.
func skillPlugin(absPath string, cell *sourceCell, minify bool) api.Plugin {
	dir := filepath.Dir(absPath)
	conf := newConfinement(dir)
	return api.Plugin{
		Name: "xgoose-skill",
		Setup: func(pb api.PluginBuild) {
			pb.OnResolve(api.OnResolveOptions{Filter: `^xgoose:`}, func(args api.OnResolveArgs) (api.OnResolveResult, error) {
				switch args.Path {
				case modSkillSource:
					return api.OnResolveResult{Path: absPath, Namespace: "file"}, nil
				case modEntry, modHeader:
					return api.OnResolveResult{Path: args.Path, Namespace: pluginNamespace}, nil
				}
				return api.OnResolveResult{}, nil
			})
			pb.OnResolve(api.OnResolveOptions{Filter: `^@xgoose/skill$`}, func(args api.OnResolveArgs) (api.OnResolveResult, error) {
				return api.OnResolveResult{Path: modRuntime, Namespace: pluginNamespace}, nil
			})
			// The spec forbids importing another skill; esbuild would inline a
			// second, unmounted copy. Refuse it with lint's own words.
			pb.OnResolve(api.OnResolveOptions{Filter: `(?i)\.xgs(\.js)?([?#].*)?$`}, func(args api.OnResolveArgs) (api.OnResolveResult, error) {
				if args.Kind == api.ResolveEntryPoint || !xgs.IsSkillImport(args.Path) {
					return api.OnResolveResult{}, nil
				}
				return api.OnResolveResult{}, errors.New(xgs.ImportSkillMessage(args.Path))
			})
			setupEmbeddedZod(pb, dir, func(entry string) (*prelude, error) {
				return zodPrelude(preludeKey{entry: entry, locales: cell.get().locales, minify: minify})
			})
			setupConfinement(pb, conf) // last: every import of a file on disk
			pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: pluginNamespace}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
				var text string
				switch args.Path {
				case modEntry:
					text = cell.get().entry
				case modHeader:
					text = cell.get().header
				case modRuntime:
					text = runtimeSkillJS
				default:
					return api.OnLoadResult{}, nil
				}
				return api.OnLoadResult{Contents: &text, Loader: api.LoaderJS, ResolveDir: dir}, nil
			})
			pb.OnLoad(api.OnLoadOptions{Filter: "^" + regexp.QuoteMeta(absPath) + "$", Namespace: "file"}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
				text := cell.get().source
				return api.OnLoadResult{Contents: &text, Loader: api.LoaderJS, ResolveDir: dir}, nil
			})
			// Every other file esbuild reads (a skill's own imports, a
			// node_modules package) passes the same gate as the skill:
			// regular files only, a size cap, and the nesting check
			// before esbuild's recursive parser sees it; and the
			// confinement again, on the path as it is when read.
			pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "file"}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
				if err := conf.loadCheck(args.Path); err != nil {
					return api.OnLoadResult{}, err
				}
				return guardedLoad(args.Path)
			})
		},
	}
}

// hasNodeModule reports whether dir or one of its parents has
// node_modules/name/package.json, the way Node looks a package up.
func hasNodeModule(dir, name string) bool {
	for {
		if _, err := os.Stat(filepath.Join(dir, "node_modules", name, "package.json")); err == nil {
			return true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return false
		}
		dir = parent
	}
}

// guardedLoad reads an imported file through internal/safefs and refuses
// text nested past the parser limit. Files esbuild reads by a loader of
// its own choosing (JSON, CSS, …) are checked and then left to it.
func guardedLoad(p string) (api.OnLoadResult, error) {
	data, err := safefs.ReadFile(p, xgs.MaxBodySize)
	if err != nil {
		return api.OnLoadResult{}, err
	}
	if at := xgs.NestingTooDeep(data); at >= 0 {
		return api.OnLoadResult{}, fmt.Errorf("%s nests more than %d levels deep, chains more than %d calls or too many joined strings, or holds more than %d tokens (at byte %d); it is not built", filepath.Base(p), xgs.MaxNesting, xgs.MaxChain, xgs.MaxTokens, at)
	}
	var loader api.Loader
	switch strings.ToLower(filepath.Ext(p)) {
	case ".js", ".mjs", ".cjs":
		loader = api.LoaderJS
	case ".ts", ".mts", ".cts":
		loader = api.LoaderTS
	case ".jsx":
		loader = api.LoaderJSX
	case ".tsx":
		loader = api.LoaderTSX
	case ".json":
		loader = api.LoaderJSON
	default:
		return api.OnLoadResult{}, nil // esbuild's own choice
	}
	// An installed package's own globs (require("./locale/" + l)) stay in
	// its folder and are the user's dependency; a skill's helper is not.
	if loader != api.LoaderJSON && !inNodeModules(p) {
		if at := computedImport(data); at >= 0 {
			line, col := lineCol(data, at)
			return api.OnLoadResult{}, fmt.Errorf("%s (line %d, column %d)", computedImportMessage(filepath.Base(p)), line, col)
		}
	}
	text := string(data)
	return api.OnLoadResult{Contents: &text, Loader: loader, ResolveDir: filepath.Dir(p)}, nil
}
