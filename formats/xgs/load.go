package xgs

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/skillstudio/skillstudio/internal/pathname"
	"github.com/skillstudio/skillstudio/internal/sniff"
	"github.com/skillstudio/skillstudio/model"
)

// MaxBodySize is the largest file whose body is parsed. A skill's schemas
// and examples go into every prompt; a file this big is a mistake, and
// parsing it would stall the studio's live loop.
const MaxBodySize = 4 << 20

// headSize is how much of an oversized file is read for its header.
const headSize = 64 << 10

// Load reads the skill at file (its NAME.xgs.js) inside fsys. It never
// returns nil and never panics on bad input: a skill that cannot be read
// or parsed comes back with what could be read and diagnostics saying why.
func Load(fsys fs.FS, file string, opts model.Options) *model.Skill {
	s := &model.Skill{
		Format:   model.FormatXGS,
		Name:     strings.TrimSuffix(path.Base(file), ".xgs.js"),
		Version:  "0.0.0",
		Location: model.Location{File: file, Dir: path.Dir(file)},
		Files:    []string{path.Base(file)},
		BodyFile: file,
	}
	src, tooLarge, err := readSource(fsys, file)
	if err != nil {
		s.Diagnostics = append(s.Diagnostics, Rules.New("xgs/unreadable", file, 0, 0, err.Error(), "Check that the file exists and is readable."))
		return s
	}
	a := Analyze(file, src, tooLarge)
	fns, built := builtEntry(fsys, file, src)
	if built && !tooLarge {
		a.asBuilt(file)
	}
	a.fill(s, opts.FindingsOnly)
	s.Built = built && !tooLarge
	if s.Built && !opts.FindingsOnly {
		s.Functions = fns
	}
	return s
}

// readSource reads the file, or only its head when it is too large.
func readSource(fsys fs.FS, file string) (src []byte, tooLarge bool, err error) {
	f, err := fsys.Open(file)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, false, err
	}
	if info.IsDir() {
		return nil, false, fmt.Errorf("%s is a folder, not an .xgs.js file", file)
	}
	if info.Size() > MaxBodySize {
		head := make([]byte, headSize)
		n, err := io.ReadFull(f, head)
		if err != nil && err != io.ErrUnexpectedEOF {
			return nil, false, err
		}
		return head[:n], true, nil
	}
	// Sized from the stat (one allocation, where io.ReadAll doubles its
	// way up from 512 bytes) plus the byte that shows the file grew, and
	// done once the stat's size is read: the read that would only meet
	// the end was a second system call per file.
	size := info.Size()
	data := make([]byte, 0, size+1)
	r := io.LimitReader(f, MaxBodySize+1)
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF || size > 0 && int64(len(data)) == size {
			return data, len(data) > MaxBodySize, nil
		}
		if err != nil {
			return data, len(data) > MaxBodySize, err
		}
	}
}

// Analysis is everything read from one .xgs.js source: the parsed file,
// its functions and every finding. Load turns it into a model.Skill.
type Analysis struct {
	File        *File
	Diagnostics []model.Diagnostic

	lines *lineIndex
	prog  *program
	def   *skillDef
}

// Analyze parses and lints src as the .xgs.js file at path file (an FS
// path used in diagnostics). headOnly says src is only the head of a file
// too large to parse: the header is read, the body is not.
func Analyze(file string, src []byte, headOnly bool) *Analysis {
	a := &Analysis{File: &File{Path: file, Source: src}, lines: newLineIndex(src)}
	add := func(ds ...model.Diagnostic) {
		for _, d := range ds {
			d.File = file
			if d.Fix != nil {
				for i := range d.Fix.Edits {
					d.Fix.Edits[i].File = file
				}
			}
			a.Diagnostics = append(a.Diagnostics, d)
		}
	}
	if base := path.Base(file); base != "." && base != "/" {
		if p := pathname.WindowsProblem(base); p != "" {
			add(Rules.New("xgs/windows-name", file, 1, 1, fmt.Sprintf("the file name %q %s: git on Windows refuses to check it out (\"invalid path\"), so the skill is missing there", base, p),
				"Rename the file (lowercase letters, digits and hyphens, e.g. console-tools.xgs.js) and @name to match."))
		}
	}
	if w, ok := sniff.WideText(src); ok {
		add(Rules.New("xgs/encoding", file, 1, 1, "the file is "+w.Name+" text, not UTF-8: esbuild and userscript managers read UTF-8", "Save it as UTF-8 (PowerShell: Set-Content -Encoding utf8; an editor: Save with Encoding UTF-8)."))
		return a
	}
	if i := sniff.NULInHead(src); i >= 0 {
		line, col := a.lines.pos(i)
		add(Rules.New("xgs/encoding", file, line, col, "the file is binary (it holds a NUL byte), not JavaScript text", "Point skillstudio at the .xgs.js source, not a compiled or compressed file."))
		return a
	}
	h, hd := ParseHeader(src)
	a.File.Header = h
	add(hd...)
	add(h.Check()...)
	if base := path.Base(file); h != nil && h.Get("name") != "" && isKebab(h.Get("name")) && base != h.Get("name")+".xgs.js" && strings.HasSuffix(base, ".xgs.js") {
		add(Rules.New("xgs/file-name", file, h.Find("name").Line, h.Find("name").ValueColumn,
			fmt.Sprintf("the file is %s but @name is %s", base, h.Get("name")),
			"Rename the file to "+h.Get("name")+".xgs.js, or change @name to match."))
	}
	if name := h.Get("name"); h != nil && isKebab(name) && pathname.WindowsDevice(name) != "" && path.Base(file) != name+".xgs.js" {
		add(Rules.New("xgs/windows-name", file, h.Find("name").Line, h.Find("name").ValueColumn,
			fmt.Sprintf("@name %s is the Windows device name %s: the build emits %s.xgs.js, which git on Windows refuses to check out (\"invalid path\")", name, pathname.WindowsDevice(name), name),
			"Rename the skill, e.g. "+name+"-tool, in @name and the file name."))
	}
	if headOnly {
		add(Rules.New("xgs/too-large", file, 1, 1, fmt.Sprintf("the file is larger than %d MiB; its body is not checked", MaxBodySize>>20), "Move data out of the skill; a skill's code should be a few hundred lines."))
		return a
	}
	if !utf8.Valid(src) {
		off := firstInvalidUTF8(src)
		line, col := a.lines.pos(off)
		add(Rules.New("xgs/encoding", file, line, col, "the file is not valid UTF-8; its body is not checked", "Save the file as UTF-8."))
		return a
	}
	p, err := parseBody(file, src, a.lines)
	a.prog = p
	if err != nil {
		add(p.diags...)
		return a
	}
	a.def = p.findSkill()
	p.checkFunctions(a.def, h)
	p.checkCode()
	p.checkSkillImports()
	p.checkComputedImports()
	p.checkHeaderSecrets(h)
	add(p.diags...)
	model.SortDiagnostics(a.Diagnostics)
	return a
}

func firstInvalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return 0
}

// fill copies what was read into the skill.
// fill copies the analysis into s; findingsOnly skips what only viewers
// read (field table, functions with their schemas' JSON, body), which
// formats.Load drops under model.Options.FindingsOnly anyway.
func (a *Analysis) fill(s *model.Skill, findingsOnly bool) {
	s.Doc = a.File
	s.Diagnostics = append(s.Diagnostics, a.Diagnostics...)
	h := a.File.Header
	if h != nil {
		if v := h.Get("name"); v != "" {
			s.Name = v
		}
		s.Namespace = h.Get("namespace")
		if v := h.Get("version"); v != "" {
			s.Version = v
		}
		s.Description = h.Get("description")
		s.Author = h.Get("author")
		s.Homepage = h.Get("homepage")
		s.Keywords = h.All("keyword")
		s.Requires = h.All("require")
		declared := 0
		for _, d := range h.Directives {
			if isDeclaration(d.Key) {
				declared++
			}
		}
		if declared > 0 {
			s.Declared = make([]model.Declaration, 0, declared) // one allocation, not one per doubling
			for _, d := range h.Directives {
				if isDeclaration(d.Key) {
					s.Declared = append(s.Declared, model.Declaration{Key: d.Key, Value: d.Value, Line: d.Line, Column: d.ValueColumn})
				}
			}
		}
		if !findingsOnly {
			s.Fields = headerFields(h)
		}
	}
	if findingsOnly {
		return
	}
	s.Functions = a.Functions()
	s.Body, s.BodyLine = a.body(s)
}

// isDeclaration: the directives the library checks read back
// (model.Skill.Declared).
func isDeclaration(key string) bool {
	switch key {
	case "name", "namespace", "description", "require":
		return true
	}
	return false
}

// Functions returns the skill's functions in source order, with schemas,
// signatures and the examples whose literals are static.
func (a *Analysis) Functions() []model.Function {
	if a.def == nil {
		return nil
	}
	h := a.File.Header
	primary := h.Get("primary")
	ns := h.Get("namespace")
	var out []model.Function
	for _, f := range a.def.Fns {
		line, col := a.lines.pos(f.KeyOff)
		fn := model.Function{Name: f.Name, Summary: f.Summary, Primary: primary != "" && f.Name == primary, Line: line, Column: col}
		in := "{}"
		if f.Input != nil {
			fn.Input = f.inputSchemaJSON()
			in = TypeOf(fn.Input)
		} else {
			fn.Input = json.RawMessage("{}")
		}
		out2 := "unknown"
		if f.Output != nil {
			fn.Output = f.Output.JSON()
			out2 = TypeOf(fn.Output)
		}
		fn.Signature = Signature(f.Name, in, out2)
		fn.Invocation = Invocation(ns, f.Name)
		for _, ex := range f.Examples {
			if !ex.Static {
				continue
			}
			me := model.Example{Note: ex.Note}
			me.Args, _ = ex.ArgsVal.MarshalJSON()
			if ex.Returns != nil {
				me.Returns, _ = ex.Returns.MarshalJSON()
			}
			fn.Examples = append(fn.Examples, me)
		}
		out = append(out, fn)
	}
	return out
}

// Signature is the contract's `NAME(args: IN): Promise<OUT>`.
func Signature(name, in, out string) string {
	return name + "(args: " + in + "): Promise<" + out + ">"
}

// Invocation is the contract's copy-pasteable call.
func Invocation(namespace, name string) string {
	return "await xgoose.skills." + namespace + "." + name + "({...})"
}

// headerFields is the header as the studio's Info tab shows it.
func headerFields(h *Header) []model.Field {
	var fs []model.Field
	scalar := func(label, key, def string) {
		v := h.Get(key)
		if v == "" && !h.Has(key) {
			if def == "" {
				return
			}
			v = def + " (default)"
		}
		fs = append(fs, model.Field{Name: label, Value: v})
	}
	list := func(label, key string) {
		if vs := h.All(key); len(vs) > 0 {
			fs = append(fs, model.Field{Name: label, List: vs})
		}
	}
	scalar("name", "name", "")
	scalar("namespace", "namespace", "")
	scalar("version", "version", "0.0.0")
	scalar("description", "description", "")
	list("matches", "match")
	list("includes", "include")
	list("excludes", "exclude")
	scalar("detect", "detect", "")
	scalar("run-at", "run-at", "document_idle")
	scalar("all-frames", "all-frames", "false")
	list("requires", "require")
	list("connects", "connect")
	scalar("primary", "primary", "")
	list("keywords", "keyword")
	scalar("homepage", "homepage", "")
	scalar("author", "author", "")
	if ex := h.Extras(); len(ex) > 0 {
		f := model.Field{Name: "extras"}
		for _, d := range ex {
			f.Children = append(f.Children, model.Field{Name: d.Key, Value: d.Value})
		}
		fs = append(fs, f)
	}
	return fs
}
