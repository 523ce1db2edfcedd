package bundle

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/skillstudio/skillstudio/formats/xgs"
)

// A build bundles the files a skill imports, so an import is where a
// skill can reach the builder's disk: `import cfg from
// "../../../.docker/config.json"` in a pulled skill put the user's
// registry token in the bundle they then published. The spec's skill is
// one file whose body imports @xgoose/skill and zod (both served by the
// plugin), and its publisher bundles that one file, so what a build may
// read is narrow: files in the skill's own folder and below, and
// installed packages (a node_modules folder there or in a folder above,
// where Node and esbuild look packages up). Every other file esbuild
// resolves — a relative path climbing out, an absolute path, a link
// whose target is outside, a tsconfig "paths" or package.json "browser"
// entry pointing out — is refused at the import that names it.

// confineMarker tags the resolve the confinement callback asks esbuild
// for, so that callback lets it through instead of asking again.
type confineMarker struct{}

// outsideMessage is the start of every refusal; hintFor keys on it.
const outsideMessage = "import leads outside the skill's folder"

// OutsideHint says what to do instead, in lint's words.
const OutsideHint = xgs.ImportOutsideHint

// confinement is the skill's folder as written and with its links
// resolved; a file is inside when its real path is under either.
type confinement struct {
	dirs []string
}

func newConfinement(dir string) confinement {
	c := confinement{dirs: []string{filepath.Clean(dir)}}
	if real, err := filepath.EvalSymlinks(dir); err == nil && real != c.dirs[0] {
		c.dirs = append(c.dirs, real)
	}
	return c
}

// check returns "" when p may be bundled, or why not. p is judged by
// its real path: a link inside the folder leading out is out. named is
// the path the import spelled, joined to its folder ("" for a package
// name), to tell a link from a plain path; pkg says the import names a
// package or comes from a package's own file, which may then live in any
// node_modules folder (a node_modules that is itself a link to a shared
// one, pnpm's store): an installed package, not the user's other files.
func (c confinement) check(p, named string, pkg bool) string {
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		// esbuild found the file a moment ago; gone or unreadable now,
		// it is judged by its name and the read reports the rest.
		real = filepath.Clean(p)
	}
	if c.allows(real) || (pkg && inNodeModules(real)) {
		return ""
	}
	if clean := filepath.Clean(p); (real != clean && c.allows(clean)) || (named != "" && c.allows(named)) {
		return "through a link to " + real
	}
	return "to " + real
}

// allows: p is in the skill's folder, or in the node_modules of that
// folder or of one above it.
func (c confinement) allows(p string) bool {
	for _, d := range c.dirs {
		if within(p, d) {
			return true
		}
		for a := d; ; {
			if within(p, filepath.Join(a, "node_modules")) {
				return true
			}
			parent := filepath.Dir(a)
			if parent == a {
				break
			}
			a = parent
		}
	}
	return false
}

// inNodeModules: a folder on p's way is named node_modules.
func inNodeModules(p string) bool {
	sep := string(filepath.Separator)
	return strings.Contains(p, sep+"node_modules"+sep)
}

// isPackageName: an import that is not a path (./, ../, /, C:\).
func isPackageName(spec string) bool {
	return !strings.HasPrefix(spec, ".") && !strings.HasPrefix(spec, "/") && !filepath.IsAbs(spec) && !strings.HasPrefix(spec, "\\")
}

// within: p is dir or below it (both clean and absolute).
func within(p, dir string) bool {
	if p == dir {
		return true
	}
	if !strings.HasSuffix(dir, string(filepath.Separator)) {
		dir += string(filepath.Separator)
	}
	return strings.HasPrefix(p, dir)
}

// setupConfinement resolves every import of a file on disk with
// esbuild's own resolver and refuses a result outside the confinement.
// Registered after the plugin's other resolvers, so @xgoose/skill,
// xgoose: modules and the embedded zod never reach it.
func setupConfinement(pb api.PluginBuild, c confinement) {
	var configs tsconfigCheck // tsconfig.go
	pb.OnStart(func() (api.OnStartResult, error) {
		configs.reset()
		return api.OnStartResult{}, nil
	})
	pb.OnResolve(api.OnResolveOptions{Filter: `.*`}, func(args api.OnResolveArgs) (api.OnResolveResult, error) {
		if _, again := args.PluginData.(confineMarker); again || args.Kind == api.ResolveEntryPoint {
			return api.OnResolveResult{}, nil
		}
		// esbuild reads the configs of the folders it resolves in, and
		// what they extend, before it answers: judged first.
		if args.ResolveDir != "" {
			if err := configs.folderAndAbove(args.ResolveDir); err != nil {
				return api.OnResolveResult{}, err
			}
		}
		for _, d := range foldersNamed(args.ResolveDir, args.Path) {
			if err := configs.folderAndAbove(d); err != nil {
				return api.OnResolveResult{}, err
			}
			if isPackageName(args.Path) {
				if err := configs.packageFolders(d); err != nil {
					return api.OnResolveResult{}, err
				}
			}
		}
		r := pb.Resolve(args.Path, api.ResolveOptions{
			Importer: args.Importer, Namespace: args.Namespace, ResolveDir: args.ResolveDir,
			Kind: args.Kind, PluginData: confineMarker{}, With: args.With,
		})
		if len(r.Errors) > 0 || r.External || r.Namespace != "file" || r.Path == "" {
			// esbuild's default resolver, run again after this, reports the
			// error itself; nothing external or virtual is read from disk.
			return api.OnResolveResult{}, nil
		}
		named := ""
		if strings.HasPrefix(args.Path, "./") || strings.HasPrefix(args.Path, "../") {
			named = filepath.Join(args.ResolveDir, filepath.FromSlash(args.Path))
		}
		pkg := isPackageName(args.Path) || inNodeModules(args.Importer)
		if why := c.check(r.Path, named, pkg); why != "" {
			return api.OnResolveResult{}, fmt.Errorf("%s (%q leads %s)", outsideMessage, args.Path, why)
		}
		side := api.SideEffectsTrue
		if !r.SideEffects {
			side = api.SideEffectsFalse // a package.json "sideEffects": false, kept for tree shaking
		}
		return api.OnResolveResult{Path: r.Path, Namespace: r.Namespace, SideEffects: side, Suffix: r.Suffix}, nil
	})
}

// foldersNamed lists the folders an import's spelling leads esbuild to
// visit, besides its own folder: a relative path's folder, or for a
// package name each node_modules/NAME (and the folders of a subpath)
// above dir. The folders a package's own manifest leads to (its main,
// module, browser, exports) are judged by packageFolders.
func foldersNamed(dir, spec string) []string {
	if dir == "" {
		return nil
	}
	if strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../") {
		return []string{filepath.Dir(filepath.Join(dir, filepath.FromSlash(spec)))}
	}
	if !isPackageName(spec) || strings.ContainsAny(spec, ":") {
		return nil
	}
	if i := strings.IndexAny(spec, "?#"); i >= 0 {
		spec = spec[:i]
	}
	var out []string
	for d := dir; ; {
		nm := filepath.Join(d, "node_modules")
		for p := filepath.Join(nm, filepath.FromSlash(spec)); within(p, nm) && p != nm; p = filepath.Dir(p) {
			out = append(out, p)
		}
		parent := filepath.Dir(d)
		if parent == d {
			return out
		}
		d = parent
	}
}

// loadCheck is the judgement again at load time, for a path a resolver
// other than setupConfinement's produced; who imported it is not known
// here, so any node_modules passes.
func (c confinement) loadCheck(p string) error {
	if why := c.check(p, "", true); why != "" {
		return fmt.Errorf("%s (%s leads %s)", outsideMessage, filepath.Base(p), why)
	}
	return nil
}
