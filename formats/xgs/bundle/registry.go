package bundle

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/skillstudio/skillstudio/internal/safefs"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/skillstudio/skillstudio/internal/atomicfile"
	"github.com/skillstudio/skillstudio/model"
)

// RegistryFile is the name of the index written next to the bundles.
const RegistryFile = "registry.json"

// Registry is registry.json: every built skill, each listed after the
// skills it @requires, so a host can load them in order.
type Registry struct {
	Skills []RegistrySkill `json:"skills"`
}

// RegistrySkill is one built skill: its header facts and its functions.
type RegistrySkill struct {
	Name        string `json:"name"`
	Namespace   string `json:"namespace"`
	Version     string `json:"version"`
	Description string `json:"description"`
	// File is the built file, relative to registry.json.
	File      string             `json:"file"`
	Matches   []string           `json:"matches"`
	Includes  []string           `json:"includes"`
	Excludes  []string           `json:"excludes"`
	Keywords  []string           `json:"keywords"`
	Requires  []string           `json:"requires"`
	Primary   string             `json:"primary,omitempty"`
	Functions []RegistryFunction `json:"functions"`
}

// RegistryFunction is what __describe__ returns for one function.
type RegistryFunction struct {
	Name       string          `json:"name"`
	Summary    string          `json:"summary"`
	Signature  string          `json:"signature"`
	Invocation string          `json:"invocation"`
	Primary    bool            `json:"primary,omitempty"`
	Input      json.RawMessage `json:"input"`
	Output     json.RawMessage `json:"output,omitempty"`
	Examples   []model.Example `json:"examples"`
}

// OutputName is the file a built skill is written to: <@name>.xgs.js.
func OutputName(name string) string { return name + ".xgs.js" }

// NewRegistry lists the successful results, dependencies first. It also
// checks what only a whole build can see, appending the finding to the
// result it concerns and failing that result (Output = nil): two skills
// with one @name, and @require cycles. Skills keep their given order
// where @require does not decide it.
func NewRegistry(results []*Result) *Registry {
	byName := map[string]*Result{}
	var built []*Result
	for _, r := range results {
		if !r.OK() {
			continue
		}
		if first := byName[r.Name]; first != nil {
			fail(r, Rules.New("xgs/build-duplicate-name", r.Path, headerLine(r, "name"), 1,
				fmt.Sprintf("@name %s is also the name of %s", r.Name, first.Path),
				"Give every skill a unique @name: it names the built file and the registry entry."))
			continue
		}
		byName[r.Name] = r
		built = append(built, r)
	}
	ordered, cycles := orderByRequires(built, byName)
	for _, cyc := range cycles {
		names := make([]string, len(cyc))
		for i, r := range cyc {
			names[i] = r.Name
		}
		loop := strings.Join(append(names, names[0]), " → ")
		for _, r := range cyc {
			fail(r, Rules.New("xgs/build-require-cycle", r.Path, headerLine(r, "require"), 1,
				"@require cycle: "+loop,
				"Remove one @require of the cycle: the injector loads required skills first, which a cycle makes impossible."))
		}
	}
	reg := &Registry{Skills: []RegistrySkill{}}
	for _, r := range ordered {
		if r.OK() {
			reg.Skills = append(reg.Skills, registrySkill(r))
		}
	}
	return reg
}

func fail(r *Result, d model.Diagnostic) {
	r.Errors = append(r.Errors, d)
	r.Output = nil
}

func headerLine(r *Result, key string) int {
	if d := r.Header.Find(key); d != nil {
		return d.Line
	}
	return 1
}

// orderByRequires sorts depth-first so each skill follows what it
// requires (requires outside the build are ignored: the host resolves
// them), and returns every cycle found.
func orderByRequires(built []*Result, byName map[string]*Result) (ordered []*Result, cycles [][]*Result) {
	const (
		unvisited = iota
		visiting
		done
	)
	state := map[*Result]int{}
	var stack []*Result
	var visit func(r *Result)
	visit = func(r *Result) {
		state[r] = visiting
		stack = append(stack, r)
		for _, name := range r.Header.All("require") {
			dep := byName[name]
			if dep == nil {
				continue
			}
			switch state[dep] {
			case unvisited:
				visit(dep)
			case visiting:
				for i := len(stack) - 1; i >= 0; i-- {
					if stack[i] == dep {
						cycles = append(cycles, append([]*Result(nil), stack[i:]...))
						break
					}
				}
			}
		}
		stack = stack[:len(stack)-1]
		state[r] = done
		ordered = append(ordered, r)
	}
	for _, r := range built {
		if state[r] == unvisited {
			visit(r)
		}
	}
	return ordered, cycles
}

func registrySkill(r *Result) RegistrySkill {
	h := r.Header
	version := h.Get("version")
	if version == "" {
		version = "0.0.0" // the spec's default
	}
	s := RegistrySkill{
		Name: r.Name, Namespace: r.Namespace, Version: version,
		Description: h.Get("description"), File: OutputName(r.Name),
		Matches: list(h.All("match")), Includes: list(h.All("include")), Excludes: list(h.All("exclude")),
		Keywords: list(h.All("keyword")), Requires: list(h.All("require")),
		Primary: h.Get("primary"), Functions: []RegistryFunction{},
	}
	if r.Skill != nil {
		for _, f := range r.Skill.Functions {
			s.Functions = append(s.Functions, registryFunction(f))
		}
	}
	return s
}

func registryFunction(f model.Function) RegistryFunction {
	rf := RegistryFunction{
		Name: f.Name, Summary: f.Summary, Signature: f.Signature, Invocation: f.Invocation,
		Primary: f.Primary, Input: f.Input, Output: f.Output, Examples: f.Examples,
	}
	if len(rf.Input) == 0 {
		rf.Input = json.RawMessage("{}")
	}
	if rf.Examples == nil {
		rf.Examples = []model.Example{}
	}
	return rf
}

func list(v []string) []string {
	if v == nil {
		return []string{}
	}
	return v
}

// Marshal is registry.json's text: indented, without HTML escaping (the
// file is read by programs and people, never embedded in HTML).
func (r *Registry) Marshal() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// WriteDir writes each successful result as dir/<name>.xgs.js and then
// dir/registry.json, each through a temp file renamed into place, so a
// host reading the folder never sees half a file. It creates dir.
func WriteDir(dir string, results []*Result, reg *Registry) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	owned, err := OwnedFiles(dir)
	if err != nil {
		return err
	}
	var refused []error
	skip := map[string]bool{}
	for _, r := range results {
		if !r.OK() {
			continue
		}
		if err := writeOwned(dir, r, owned); err != nil {
			refused = append(refused, err)
			skip[OutputName(r.Name)] = true
			continue
		}
	}
	if len(skip) > 0 {
		kept := *reg
		kept.Skills = nil
		for _, e := range reg.Skills {
			if !skip[e.File] {
				kept.Skills = append(kept.Skills, e)
			}
		}
		reg = &kept
	}
	if err := WriteRegistry(dir, reg); err != nil {
		return err
	}
	return errors.Join(refused...)
}

// WriteBundle writes one built skill as dir/<name>.xgs.js, unless a file
// of that name is there that no build wrote (see OwnedFiles).
func WriteBundle(dir string, r *Result) error {
	owned, err := OwnedFiles(dir)
	if err != nil {
		return err
	}
	return writeOwned(dir, r, owned)
}

func writeOwned(dir string, r *Result, owned map[string]bool) error {
	name := OutputName(r.Name)
	p := filepath.Join(dir, name)
	if _, err := os.Lstat(p); err == nil && !owned[name] {
		return fmt.Errorf("%s is there and was not written by a build (registry.json does not list it); not replaced — move it away or choose another --out", p)
	}
	return atomicfile.Write(p, r.Output, 0o644)
}

// OwnedFiles names the files of dir a build wrote: the bundles its
// registry.json lists (the manifest of every build) and registry.json
// itself. A registry.json that is not one of ours is an error: the build
// would replace a file it did not write.
func OwnedFiles(dir string) (map[string]bool, error) {
	owned := map[string]bool{}
	b, err := safefs.ReadFile(filepath.Join(dir, RegistryFile), 64<<20)
	if errors.Is(err, fs.ErrNotExist) {
		return owned, nil
	}
	if err != nil {
		return nil, err
	}
	var reg Registry
	if json.Unmarshal(b, &reg) != nil || reg.Skills == nil && !bytes.Contains(b, []byte(`"skills"`)) {
		return nil, fmt.Errorf("%s is not a registry.json a build wrote; not replaced — move it away or choose another --out", filepath.Join(dir, RegistryFile))
	}
	owned[RegistryFile] = true
	for _, s := range reg.Skills {
		owned[s.File] = true
	}
	return owned, nil
}

// WriteRegistry writes dir/registry.json.
func WriteRegistry(dir string, reg *Registry) error {
	b, err := reg.Marshal()
	if err != nil {
		return err
	}
	return atomicfile.Write(filepath.Join(dir, RegistryFile), b, 0o644)
}
