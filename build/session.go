package build

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/formats/xgs"
	"github.com/skillstudio/skillstudio/formats/xgs/bundle"
	"github.com/skillstudio/skillstudio/internal/display"
	"github.com/skillstudio/skillstudio/internal/safefs"
	"github.com/skillstudio/skillstudio/internal/watch"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/sanitize"
)

// session is one run: the skills it found, the builder that keeps an
// esbuild context per skill, and each skill's last good build.
type session struct {
	stdout, stderr io.Writer
	cwd, out       string // out is absolute
	builder        *bundle.Builder
	order          []string // absolute skill paths, in discovery order
	skills         map[string]*builtSkill
	roots          []string // folders the user named (new skills appear there)
	rootFiles      map[string]sourceFile
	watcher        *watch.Watcher
	watched        map[string]bool
	relevant       relevantFiles // the files whose events count (relevant.go)
}

type builtSkill struct {
	display string
	src     sourceFile
	good    *bundle.Result // the last successful build, or nil
}

// sourceFile is where a skill's text is read from: the FS its source was
// opened with (registry.OpenLocal), whose links stay inside the folder
// the user named. Every build reads through it, not by path: a skill
// file replaced by a link leading out while build --watch ran was read
// from wherever the link pointed, which the first search refuses.
type sourceFile struct {
	fsys fs.FS
	rel  string // slash path in fsys
}

func (f sourceFile) read() ([]byte, error) {
	file, err := f.fsys.Open(f.rel)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	info, err := file.Stat()
	if err != nil {
		return nil, err
	}
	if info.IsDir() {
		return nil, errors.New("a folder, not a file")
	}
	return safefs.ReadSized(file, f.rel, info.Size(), xgs.MaxBodySize)
}

// rebuild builds sk from the text its source FS gives.
func (s *session) rebuild(sk *builtSkill) bundle.Result {
	data, err := sk.src.read()
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return bundle.Result{Path: sk.display, Errors: []model.Diagnostic{bundle.Rules.New("xgs/build-error", sk.display, 0, 0,
			"cannot read the skill: "+err.Error(), "Check that the file exists and is readable.")}}
	}
	return s.builder.RebuildSource(sk.display, data)
}

// sourceOf is the source file of p, a new .xgs.js in a folder being
// watched: in a folder the user named, or beside a skill found before.
func (s *session) sourceOf(p string) (sourceFile, bool) {
	dir, name := filepath.Dir(p), filepath.Base(p)
	if r, ok := s.rootFiles[dir]; ok {
		return sourceFile{r.fsys, path.Join(r.rel, name)}, true
	}
	for _, abs := range s.order {
		if filepath.Dir(abs) == dir {
			sk := s.skills[abs].src
			return sourceFile{sk.fsys, path.Join(path.Dir(sk.rel), name)}, true
		}
	}
	return sourceFile{}, false
}

// find collects the .xgs.js skills under each path, skipping the bundles
// an earlier build wrote into the output folder, and refusing an output
// folder that holds sources (their bundles would overwrite them). ex
// (nil: none) leaves paths out of the search, and so do the exclude: of
// the project files folders finds below the paths.
func (s *session) find(paths []string, ex model.PathFilter, folders model.FolderConfigs) error {
	built := builtFiles(s.out)
	// The output folder is compared by identity, not by name: --out may
	// be a symlink to (or another spelling of) a source folder.
	outInfo, _ := os.Stat(s.out)
	isOut := func(dir string) bool {
		if dir == s.out {
			return true
		}
		info, err := os.Stat(dir)
		return err == nil && outInfo != nil && os.SameFile(info, outInfo)
	}
	for _, p := range paths {
		o, err := registry.OpenLocal(p)
		if err != nil {
			return err
		}
		if info, err := os.Stat(p); err == nil && info.IsDir() {
			abs, _ := filepath.Abs(p)
			s.roots = append(s.roots, abs)
			if s.rootFiles == nil {
				s.rootFiles = map[string]sourceFile{}
			}
			s.rootFiles[abs] = sourceFile{o.Base.FS, o.Root}
		}
		found := 0
		src := formats.Source{Base: o.Base, Root: o.Root, Exclude: ex, Folders: folders}
		for _, c := range formats.Search(src, nil).Found.Candidates {
			if c.Format != model.FormatXGS {
				continue
			}
			abs := filepath.Join(o.Base.Root, filepath.FromSlash(c.Path))
			if isOut(filepath.Dir(abs)) {
				if built[filepath.Base(abs)] {
					continue // a bundle an earlier build wrote, not a source
				}
				return fmt.Errorf("--out %s holds the skills being built; the bundles would replace their sources (choose another folder)", display.Path(s.cwd, s.out))
			}
			found++
			s.add(abs, sourceFile{o.Base.FS, c.Path})
		}
		if found == 0 && len(paths) > 1 {
			// With one PATH the error below says it.
			fmt.Fprintf(s.stderr, "%s: no .xgs.js skills here\n", sanitize.Line(p))
		}
	}
	if len(s.order) == 0 {
		return fmt.Errorf("no .xgs.js skills to build in %s (name a folder or .xgs.js file that holds some)", strings.Join(paths, ", "))
	}
	return nil
}

// builtFiles names the bundles an earlier build listed in out's
// registry.json.
func builtFiles(out string) map[string]bool {
	files := map[string]bool{}
	b, err := safefs.ReadFile(filepath.Join(out, bundle.RegistryFile), 64<<20)
	if err != nil {
		return files
	}
	var reg bundle.Registry
	if json.Unmarshal(b, &reg) == nil {
		for _, s := range reg.Skills {
			files[s.File] = true
		}
	}
	return files
}

func (s *session) add(abs string, src sourceFile) {
	if s.skills[abs] != nil {
		return
	}
	s.order = append(s.order, abs)
	s.skills[abs] = &builtSkill{display: display.Path(s.cwd, abs), src: src}
}

// buildAll builds every skill once, writes what built, and returns how
// many failed.
func (s *session) buildAll() (failed int) {
	results := make([]*bundle.Result, 0, len(s.order))
	for _, abs := range s.order {
		r := s.rebuild(s.skills[abs]) // findings name the path as shown
		results = append(results, &r)
	}
	reg := bundle.NewRegistry(results) // may fail duplicates and cycles
	for i, r := range results {
		s.report(r, false, "")
		if r.OK() {
			s.skills[s.order[i]].good = r
		} else {
			failed++
		}
	}
	if err := bundle.WriteDir(s.out, results, reg); err != nil {
		fmt.Fprintf(s.stderr, "cannot write %s: %v\n", display.Path(s.cwd, s.out), err)
		return failed + 1
	}
	fmt.Fprintf(s.stdout, "built %d of %d skills into %s (%s lists %d)\n",
		len(results)-failed, len(results), display.Path(s.cwd, s.out), bundle.RegistryFile, len(reg.Skills))
	return failed
}
