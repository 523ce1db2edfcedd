package depmanifest

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/skillstudio/skillstudio/internal/typosquat"
)

// depFields are package.json's fields whose keys are registry names.
var depFields = map[string]bool{"dependencies": true, "devDependencies": true, "optionalDependencies": true, "peerDependencies": true}

// packageJSON reads the dependency fields of a package.json with the
// standard JSON decoder's token stream, which says where each key ends.
// "alias": "npm:real@1" names real; file:, link:, workspace:, git and
// URL specs and GitHub shorthands (user/repo) are not registry names.
func packageJSON(text []byte) []Dep {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	var deps []Dep
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return deps
		}
		if field, _ := k.(string); depFields[field] {
			if deps, err = readDepObject(dec, text, deps); err != nil {
				return deps
			}
			continue
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return deps
		}
	}
	return deps
}

func readDepObject(dec *json.Decoder, text []byte, deps []Dep) ([]Dep, error) {
	t, err := dec.Token()
	if err != nil {
		return deps, err
	}
	if t != json.Delim('{') {
		if d, ok := t.(json.Delim); ok && d == '[' {
			// Not an object: step over its elements.
			for dec.More() {
				var v json.RawMessage
				if err := dec.Decode(&v); err != nil {
					return deps, err
				}
			}
			_, err = dec.Token()
		}
		return deps, err
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return deps, err
		}
		keyEnd := int(dec.InputOffset())
		var spec json.RawMessage
		if err := dec.Decode(&spec); err != nil {
			return deps, err
		}
		specEnd := int(dec.InputOffset())
		name, _ := k.(string)
		keyOff, ok := rawStringAt(text, keyEnd, name)
		var value string
		if json.Unmarshal(spec, &value) != nil {
			continue
		}
		if real, ok := strings.CutPrefix(value, "npm:"); ok {
			// The key is a local alias; the registry name is real's.
			real = npmSpecName(real)
			if valOff, ok := rawStringAt(text, specEnd, value); ok && real != "" {
				deps = append(deps, Dep{typosquat.NPM, real, valOff + len("npm:")})
			}
			continue
		}
		if !ok || !registrySpec(value) {
			continue
		}
		deps = append(deps, Dep{typosquat.NPM, name, keyOff})
	}
	_, err = dec.Token()
	return deps, err
}

// rawStringAt returns where the JSON string s, which ends (closing quote
// included) at byte end of text, starts; false when it was written with
// escapes, which no registry name needs.
func rawStringAt(text []byte, end int, s string) (int, bool) {
	start := end - 1 - len(s)
	if start < 1 || end > len(text) || text[end-1] != '"' || text[start-1] != '"' || string(text[start:end-1]) != s {
		return 0, false
	}
	return start, true
}

// npmSpecName is the name of name@range, keeping a scope's @.
func npmSpecName(s string) string {
	at := strings.LastIndexByte(s, '@')
	if at > 0 {
		s = s[:at]
	}
	return s
}

// registrySpec: a dependency's version spec that the registry resolves
// (a range, a tag, *), not a path, tarball, git or workspace source.
func registrySpec(spec string) bool {
	spec = strings.TrimSpace(spec)
	for _, p := range []string{"file:", "link:", "workspace:", "portal:", "patch:", "git", "http:", "https:", "github:", "gitlab:", "bitbucket:", "gist:", ".", "/", "~/"} {
		if strings.HasPrefix(spec, p) {
			return false
		}
	}
	return !strings.Contains(spec, "/") // user/repo is GitHub
}
