// Package bundle builds .xgs.js skills into install-ready files with
// esbuild's Go API, in process (no Node.js): the original header block,
// byte for byte, followed by an IIFE that evaluates @detect and mounts the
// skill's default export on window.xgoose.skills[namespace]. It also
// writes the registry.json that lists every built skill.
//
// Builder keeps one esbuild context per skill, and the embedded zod is
// bundled once per process (prelude.go), so a rebuild after an edit
// costs a few milliseconds; Build is the one-shot form. Nothing here knows
// about terminals: the CLI and the studio print Results their own way.
package bundle

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/skillstudio/skillstudio/internal/safefs"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing/fstest"
	"time"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/skillstudio/skillstudio/formats/xgs"
	"github.com/skillstudio/skillstudio/model"
)

// Options tune a build.
type Options struct {
	// Minify shrinks the IIFE (the header is always kept as written).
	Minify bool
	// Lint tunes the static reader run on every build.
	Lint model.Options
	// Filter, when set, rewrites the static reader's findings before they
	// are used (a project's rule config: severities, rules turned off), so
	// a header rule a project turned off does not stop its builds.
	Filter func([]model.Diagnostic) []model.Diagnostic
}

// Builder builds skills incrementally: the first build of a path creates
// an esbuild context, later ones reuse it. It is safe for concurrent use;
// builds of one path are serialised.
type Builder struct {
	opts   Options
	mu     sync.Mutex
	skills map[string]*skillContext // by absolute path
	closed bool
}

// NewBuilder returns an empty builder. Close it to free esbuild's contexts.
func NewBuilder(opts Options) *Builder {
	return &Builder{opts: opts, skills: map[string]*skillContext{}}
}

// Build is a one-shot build of the skill at path. src, when non-nil, is
// used instead of the file's text (an editor's unsaved buffer).
func Build(path string, src []byte, opts Options) Result {
	b := NewBuilder(opts)
	defer b.Close()
	return b.RebuildSource(path, src)
}

// Rebuild builds the skill at path from the file's current text.
func (b *Builder) Rebuild(path string) Result { return b.RebuildSource(path, nil) }

// RebuildSource builds the skill at path from src (nil: read the file).
func (b *Builder) RebuildSource(path string, src []byte) Result {
	res := Result{Path: path}
	abs, err := filepath.Abs(path)
	if err != nil {
		res.Errors = []model.Diagnostic{Rules.New("xgs/build-error", path, 0, 0, err.Error(), "Name the skill file by a valid path.")}
		return res
	}
	if src == nil {
		// Regular files only, at most the size lint reads: a FIFO or a
		// link to /dev/zero must not hang or fill memory.
		src, err = safefs.ReadFile(abs, xgs.MaxBodySize)
		if err != nil {
			res.Errors = []model.Diagnostic{Rules.New("xgs/build-error", path, 0, 0, "cannot read the skill: "+safefs.Cause(err).Error(), "Check that the file exists and is readable.")}
			return res
		}
	}
	sc, err := b.context(abs)
	if err != nil {
		res.Errors = []model.Diagnostic{Rules.New("xgs/build-error", path, 0, 0, err.Error(), "This is a skillstudio bug: please report it.")}
		return res
	}
	return sc.build(path, src)
}

// Forget drops the context of path (the file was deleted or closed).
func (b *Builder) Forget(path string) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return
	}
	b.mu.Lock()
	sc := b.skills[abs]
	delete(b.skills, abs)
	b.mu.Unlock()
	if sc != nil {
		sc.dispose()
	}
}

// Close frees every context. The builder must not be used afterwards.
func (b *Builder) Close() {
	b.mu.Lock()
	skills := b.skills
	b.skills, b.closed = nil, true
	b.mu.Unlock()
	for _, sc := range skills {
		sc.dispose()
	}
}

func (b *Builder) context(abs string) (*skillContext, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return nil, fmt.Errorf("bundle: builder is closed")
	}
	if sc := b.skills[abs]; sc != nil {
		return sc, nil
	}
	sc, err := newSkillContext(abs, b.opts)
	if err != nil {
		return nil, err
	}
	b.skills[abs] = sc
	return sc, nil
}

// skillContext is one skill's esbuild context and the text its plugin
// serves.
type skillContext struct {
	mu   sync.Mutex // one build at a time
	abs  string
	opts Options
	cell *sourceCell
	ctx  api.BuildContext
}

func newSkillContext(abs string, opts Options) (*skillContext, error) {
	cell := &sourceCell{}
	ctx, cerr := api.Context(api.BuildOptions{
		EntryPoints:       []string{modEntry},
		Bundle:            true,
		Write:             false,
		Format:            api.FormatIIFE,
		Platform:          api.PlatformBrowser,
		Charset:           api.CharsetUTF8,
		Metafile:          true,
		AbsWorkingDir:     filepath.Dir(abs),
		LogLevel:          api.LogLevelSilent,
		MinifyWhitespace:  opts.Minify,
		MinifySyntax:      opts.Minify,
		MinifyIdentifiers: opts.Minify,
		Plugins:           []api.Plugin{skillPlugin(abs, cell, opts.Minify)},
	})
	if cerr != nil {
		return nil, cerr
	}
	return &skillContext{abs: abs, opts: opts, cell: cell, ctx: ctx}, nil
}

func (sc *skillContext) dispose() {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if sc.ctx != nil {
		sc.ctx.Dispose()
		sc.ctx = nil
	}
}

func (sc *skillContext) build(display string, src []byte) Result {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	res := Result{Path: display}

	// The static reader and esbuild read the same bytes and need nothing
	// from each other, so they run side by side: on two cores a save costs
	// the longer of the two, not their sum. A header the reader finds
	// broken still stops the build; esbuild's result is then dropped.
	linted := make(chan Result, 1)
	go func() {
		start := time.Now()
		var r Result
		r.Skill = lint(display, src, sc.opts.Lint)
		if sc.opts.Filter != nil {
			r.Skill.Diagnostics = sc.opts.Filter(r.Skill.Diagnostics)
		}
		r.LintTime = time.Since(start)
		linted <- r
	}()
	waitLint := func() {
		r := <-linted
		res.Skill, res.LintTime = r.Skill, r.LintTime
	}

	// esbuild's parser is recursive like sobek's: text nested past the
	// limit is refused here, before it can overflow the stack.
	if at := xgs.NestingTooDeep(src); at >= 0 {
		waitLint()
		line, col := lineCol(src, at)
		res.Errors = []model.Diagnostic{Rules.New("xgs/build-error", display, line, col,
			fmt.Sprintf("the code nests more than %d levels deep here, chains more than %d calls or too many joined strings, or holds more than %d tokens; it is not built", xgs.MaxNesting, xgs.MaxChain, xgs.MaxTokens),
			"Flatten the expression: split it into named consts or functions.")}
		return res
	}

	h, hdiags := xgs.ParseHeader(src)
	res.Header, res.Name, res.Namespace = h, h.Get("name"), h.Get("namespace")
	// esbuild walks the folders a computed import path can reach before
	// any plugin is asked (globimport.go): refused before it starts.
	if at := computedImport(src); at >= 0 {
		waitLint()
		line, col := lineCol(src, at)
		res.Errors = []model.Diagnostic{Rules.New("xgs/build-error", display, line, col,
			computedImportMessage("the skill"), computedImportHint)}
		return res
	}
	var snap snapshot
	var out api.BuildResult
	var bundleTime time.Duration
	built := false
	rebuild := func() {
		start := time.Now()
		snap = snapshot{source: string(src), entry: entryModule(h), header: headerModule(h), locales: namesLocales(src)}
		sc.cell.set(snap)
		out = sc.ctx.Rebuild()
		bundleTime = time.Since(start) // with the zod prelude's build, the first time (prelude.go)
		built = true
	}
	if h != nil && !hasError(hdiags) && sc.ctx != nil {
		rebuild() // while the reader runs
	}
	waitLint()
	if errs := headerErrors(display, h, hdiags, res.Skill); len(errs) > 0 {
		res.Errors = errs
		return res
	}
	if sc.ctx == nil {
		res.Errors = []model.Diagnostic{Rules.New("xgs/build-error", display, 0, 0, "the builder was closed", "Build again with a new builder.")}
		return res
	}
	if !built {
		rebuild()
	}
	res.BundleTime = bundleTime

	m := messageMapper{absPath: sc.abs, display: display, header: h, conf: newConfinement(filepath.Dir(sc.abs))}
	res.Errors = m.diagnostics(out.Errors, "xgs/build-error")
	res.Warnings = m.diagnostics(out.Warnings, "xgs/build-warning")
	if sc.opts.Filter != nil {
		res.Warnings = sc.opts.Filter(res.Warnings) // errors cannot be configured away
	}
	if len(res.Errors) > 0 || len(out.OutputFiles) == 0 {
		if len(res.Errors) == 0 {
			res.Errors = []model.Diagnostic{Rules.New("xgs/build-error", display, 0, 0, "esbuild produced no output", "This is a skillstudio bug: please report it.")}
		}
		return res
	}
	var zodEntry string
	res.Inputs, zodEntry = inputsOf(out.Metafile, filepath.Dir(sc.abs), sc.abs)
	prelude := ""
	if zodEntry != "" {
		// The bundle imports the embedded zod's facade: the prelude it
		// calls goes with it (prelude.go). Built when the facade was
		// loaded, so this is a map look-up.
		p, err := zodPrelude(preludeKey{entry: zodEntry, locales: snap.locales, minify: sc.opts.Minify})
		if err != nil {
			res.Errors = []model.Diagnostic{Rules.New("xgs/build-error", display, 0, 0, err.Error(), "This is a skillstudio bug: please report it.")}
			return res
		}
		prelude = p.code
	}
	res.Output = assemble(src[h.Start:h.End], prelude, out.OutputFiles[0].Contents, sc.opts.Minify)
	return res
}

// inputsOf lists the files on disk in esbuild's metafile (keys are
// relative to the working folder; plugin modules are "xgoose:…", the
// embedded zod's facade "xgoose-zod:ENTRY") and returns ENTRY, or "" when
// the bundle does not import the embedded zod.
func inputsOf(metafile, dir, skill string) (out []string, zodEntry string) {
	var meta struct {
		Inputs map[string]json.RawMessage `json:"inputs"`
	}
	if json.Unmarshal([]byte(metafile), &meta) != nil {
		return nil, ""
	}
	for p := range meta.Inputs {
		if e, ok := strings.CutPrefix(p, zodNamespace+":"); ok {
			zodEntry = e
			continue
		}
		if strings.HasPrefix(p, pluginNamespace+":") {
			continue
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, filepath.FromSlash(p))
		}
		if p != skill {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out, zodEntry
}

// assemble writes the header block exactly as written, then the IIFE; with
// a zod prelude, both inside one more IIFE (withPrelude). One allocation:
// the output is half a megabyte and is built on every save.
func assemble(header []byte, prelude string, iife []byte, minify bool) []byte {
	open, close := preludeWrapper(prelude, minify)
	out := make([]byte, 0, len(header)+1+len(open)+len(prelude)+len(iife)+len(close))
	out = append(out, header...)
	if len(header) > 0 && header[len(header)-1] != '\n' {
		out = append(out, '\n')
	}
	out = append(out, open...)
	out = append(out, prelude...)
	out = append(out, iife...)
	return append(out, close...)
}

// lint runs the static reader on src as the file at display, over a
// one-file in-memory FS (fstest.MapFS is plain fs.FS code; it does not
// pull package testing into the binary), so lint and bundle read the same
// bytes even while an editor is saving. A reader
// crash becomes a finding, never a crashed build (as in formats.Load,
// which this package does not import so it builds on xgs alone).
func lint(display string, src []byte, opts model.Options) (s *model.Skill) {
	base := filepath.Base(display)
	loc := model.Location{Source: display, Root: filepath.Dir(display), Local: true,
		Dir: ".", File: base, FS: fstest.MapFS{base: {Data: src, Mode: 0o644}}}
	defer func() {
		if r := recover(); r != nil {
			s = &model.Skill{Format: model.FormatXGS, Name: base, Diagnostics: []model.Diagnostic{
				Rules.New("xgs/build-warning", display, 0, 0, fmt.Sprintf("the xgs reader failed on this skill: %v", r),
					"This is a skillstudio bug: please report it with the file attached."),
			}}
		}
		s.Location = loc
	}()
	return xgs.Load(loc.FS, base, opts)
}

func hasError(diags []model.Diagnostic) bool {
	for _, d := range diags {
		if d.Severity == model.SeverityError {
			return true
		}
	}
	return false
}

// lineCol turns a byte offset into a 1-based line and byte column.
func lineCol(src []byte, at int) (line, col int) {
	line = 1 + bytes.Count(src[:at], []byte("\n"))
	return line, at - bytes.LastIndexByte(src[:at], '\n')
}
