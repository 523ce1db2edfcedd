package bundle

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/skillstudio/skillstudio/internal/safefs"
)

// esbuild reads the package.json and tsconfig.json (or jsconfig.json) of
// every folder an
// import is resolved in or below, and the files its "extends" names,
// itself: no plugin is asked. A checkout's `"extends": "/dev/zero"` ran
// the build out of memory (2 GB, then a Go fatal error), "/dev/stdin"
// waited on the terminal, and `"extends": "../../.secret-token"` printed
// the secret in esbuild's "Unexpected … in JSON" error, into a CI log.
// So before esbuild resolves anything in a folder, the config it would
// read there and the chain it extends are opened the way every build
// input is (safefs: regular files only, capped): a device, FIFO or a file
// too large is an error naming it. What esbuild then says about a file
// outside the skill's folder is not quoted (messages.go).

// configRefusal starts every refusal; hintFor keys on it.
const configRefusal = "the build does not read a tsconfig.json or jsconfig.json that leads to something other than a regular file"

// configHint says what to do instead.
const configHint = "Point \"extends\" at a regular JSON file of the project, or remove it."

// packageRefusal starts the refusal of a package.json; hintFor keys on it.
const packageRefusal = "the build does not read a package.json that is not a regular file of at most 16 MiB"

// maxPackageJSON caps a package.json (real ones are kilobytes).
const maxPackageJSON = 16 << 20

// kindOf names what a file is instead of a regular one.
func kindOf(info os.FileInfo) string {
	switch m := info.Mode(); {
	case m&os.ModeNamedPipe != 0:
		return "a FIFO"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	case m.IsRegular():
		return fmt.Sprintf("%d bytes", info.Size())
	}
	return "not a regular file"
}

// maxTSConfig caps a tsconfig.json and each file it extends.
const maxTSConfig = 1 << 20

// maxExtends bounds an extends chain (esbuild stops at cycles itself).
const maxExtends = 16

// tsconfigCheck remembers the folders judged during one build.
type tsconfigCheck struct {
	mu   sync.Mutex
	seen map[string]error
	// pkgs: the folders each package's manifest leads to (packageFolders).
	pkgs map[string][]string
}

// reset forgets the folders: a --watch rebuild judges them again.
func (tc *tsconfigCheck) reset() {
	tc.mu.Lock()
	tc.seen, tc.pkgs = nil, nil
	tc.mu.Unlock()
}

// packageFolders judges the folders an installed package's package.json
// leads esbuild into (main, module, browser, exports: dist/, esm/lib/…),
// where esbuild reads each folder's package.json while it resolves, before
// the plugin sees the result. dir is a folder an import names
// (node_modules/NAME); nothing is judged when it holds no package.json.
func (tc *tsconfigCheck) packageFolders(dir string) error {
	tc.mu.Lock()
	folders, ok := tc.pkgs[dir]
	if !ok {
		folders = manifestFolders(dir)
		if tc.pkgs == nil {
			tc.pkgs = map[string][]string{}
		}
		tc.pkgs[dir] = folders
	}
	tc.mu.Unlock()
	for _, d := range folders {
		if err := tc.folder(d); err != nil {
			return err
		}
	}
	return nil
}

// maxManifestTargets bounds the paths read from one package.json, and
// maxManifestFolders the folders judged for it (a path may be deep).
const (
	maxManifestTargets = 64
	maxManifestFolders = 256
)

// manifestFolders lists the folders inside the package at dir that its
// package.json's main, module, browser and exports values name, each
// with the folders between it and dir. A package.json that is not a
// regular file was refused already (checkFolderConfig); one that does not
// parse leads nowhere (esbuild reports it).
func manifestFolders(dir string) []string {
	data, err := safefs.ReadFile(filepath.Join(dir, "package.json"), maxPackageJSON)
	if err != nil {
		return nil
	}
	var m map[string]any
	if json.Unmarshal(data, &m) != nil {
		return nil
	}
	var targets []string
	for _, key := range []string{"main", "module", "browser", "exports"} {
		collectStrings(m[key], &targets, 0)
	}
	seen := map[string]bool{}
	var out []string
	for _, t := range targets {
		if i := strings.IndexByte(t, '*'); i >= 0 {
			t = t[:i] // an exports pattern: the folder before its wildcard
		}
		p := filepath.Join(dir, filepath.FromSlash(t))
		for d := p; within(d, dir) && d != dir && len(out) < maxManifestFolders; d = filepath.Dir(d) {
			if !seen[d] {
				seen[d] = true
				out = append(out, d)
			}
		}
	}
	return out
}

// collectStrings appends the strings of a decoded JSON value (an object's
// values, not its keys), up to maxManifestTargets.
func collectStrings(v any, out *[]string, depth int) {
	if len(*out) >= maxManifestTargets || depth > 8 {
		return
	}
	switch v := v.(type) {
	case string:
		*out = append(*out, v)
	case []any:
		for _, e := range v {
			collectStrings(e, out, depth+1)
		}
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			collectStrings(v[k], out, depth+1)
		}
	}
}

// folderAndAbove judges dir and every folder above it, where esbuild
// looks for the enclosing config, skipping node_modules folders (esbuild
// ignores their configs).
func (tc *tsconfigCheck) folderAndAbove(dir string) error {
	for d := filepath.Clean(dir); ; {
		if err := tc.folder(d); err != nil {
			return err
		}
		parent := filepath.Dir(d)
		if parent == d {
			return nil
		}
		d = parent
	}
}

func (tc *tsconfigCheck) folder(dir string) error {
	tc.mu.Lock()
	defer tc.mu.Unlock()
	if err, ok := tc.seen[dir]; ok {
		return err
	}
	if tc.seen == nil {
		tc.seen = map[string]error{}
	}
	err := checkFolderConfig(dir)
	tc.seen[dir] = err
	return err
}

// checkFolderConfig: the config esbuild would read in dir, as esbuild
// picks it (tsconfig.json, else jsconfig.json, when it is a file), and
// its extends chain.
func checkFolderConfig(dir string) error {
	// package.json is read in every folder esbuild visits, node_modules
	// included: a link in its place to /dev/zero ran the build out of
	// memory, one to a FIFO hung it.
	pj := filepath.Join(dir, "package.json")
	if info, err := os.Stat(pj); err == nil && !info.IsDir() && (!info.Mode().IsRegular() || info.Size() > maxPackageJSON) {
		return fmt.Errorf("%s: %s is %s", packageRefusal, pj, kindOf(info))
	}
	if inNodeModules(dir+string(filepath.Separator)) || filepath.Base(dir) == "node_modules" {
		return nil // esbuild ignores a package's own tsconfig.json
	}
	for _, name := range []string{"tsconfig.json", "jsconfig.json"} {
		p := filepath.Join(dir, name)
		info, err := os.Stat(p) // esbuild follows the link to judge the kind
		if err != nil {
			continue
		}
		if !info.Mode().IsRegular() {
			if info.IsDir() {
				continue
			}
			return nil // esbuild skips a config that is not a file
		}
		return checkConfigChain(p, p, 0)
	}
	return nil
}

// checkConfigChain reads the config at p through safefs and judges each
// file its "extends" names; root is the config esbuild found, for the
// message.
func checkConfigChain(p, root string, depth int) error {
	data, err := safefs.ReadFile(p, maxTSConfig)
	if err != nil {
		if p == root {
			return fmt.Errorf("%s: %s cannot be read: %v", configRefusal, root, err)
		}
		return fmt.Errorf("%s: %s extends %s, which cannot be read: %v", configRefusal, root, p, err)
	}
	if depth >= maxExtends {
		return nil
	}
	for _, ext := range tsconfigExtends(data) {
		for _, cand := range extendsCandidates(filepath.Dir(p), ext) {
			info, err := os.Stat(cand)
			if err != nil || info.IsDir() {
				continue
			}
			if err := checkConfigChain(cand, root, depth+1); err != nil {
				return err
			}
		}
	}
	return nil
}

// extendsCandidates lists the files esbuild may read for one "extends"
// value: the path and the path with .json for a relative or absolute
// one; for a package name, the same under each node_modules above dir
// and the package's own tsconfig.json.
func extendsCandidates(dir, ext string) []string {
	withJSON := func(p string) []string {
		return []string{p, p + ".json", filepath.Join(p, "tsconfig.json")}
	}
	if ext == "" {
		return nil
	}
	if filepath.IsAbs(ext) || strings.HasPrefix(ext, "./") || strings.HasPrefix(ext, "../") || ext == "." || ext == ".." {
		p := ext
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, filepath.FromSlash(ext))
		}
		return withJSON(p)
	}
	var out []string
	for d := dir; ; {
		if filepath.Base(d) != "node_modules" {
			out = append(out, withJSON(filepath.Join(d, "node_modules", filepath.FromSlash(ext)))...)
		}
		parent := filepath.Dir(d)
		if parent == d {
			return out
		}
		d = parent
	}
}

// tsconfigExtends returns every value an "extends" key holds (a string
// or an array of strings), every occurrence of the key counted, read from
// the tokens: JSON with comments and trailing commas as TypeScript and
// esbuild accept it, keys with escapes decoded. Reading tokens rather
// than a strict JSON document means no spelling esbuild accepts is
// passed over because this reader refused it.
func tsconfigExtends(data []byte) []string {
	toks := configTokens(data)
	var out []string
	for i := 0; i+2 < len(toks); i++ {
		if !toks[i].str || toks[i].text != "extends" || toks[i+1].text != ":" || toks[i+1].str {
			continue
		}
		if v := toks[i+2]; v.str {
			out = append(out, v.text)
			continue
		}
		if toks[i+2].text != "[" {
			continue
		}
		for _, v := range toks[i+3:] {
			if !v.str && v.text == "]" {
				break
			}
			if v.str {
				out = append(out, v.text)
			}
		}
	}
	return out
}

// configToken is a decoded string or one other byte of a config.
type configToken struct {
	text string
	str  bool
}

// configTokens splits a JSON-with-comments document into strings and
// punctuation, skipping white space, comments and anything else (numbers,
// true, false, null are one token per byte, which no caller mistakes for
// a string). Linear in the input.
func configTokens(data []byte) []configToken {
	var toks []configToken
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case c == '"':
			j := i + 1
			for j < len(data) && data[j] != '"' && data[j] != '\n' {
				if data[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j, len(data))
			raw := data[i:min(j+1, len(data))]
			var s string
			if json.Unmarshal(raw, &s) != nil {
				s = string(data[i+1 : j])
			}
			toks = append(toks, configToken{text: s, str: true})
			i = j
		case c == '/' && i+1 < len(data) && data[i+1] == '/':
			for i < len(data) && data[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(data) && data[i+1] == '*':
			end := bytes.Index(data[i+2:], []byte("*/"))
			if end < 0 {
				return toks
			}
			i += end + 3
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		default:
			toks = append(toks, configToken{text: string(c)})
		}
	}
	return toks
}
