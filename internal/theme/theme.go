// Package theme decides, in one place, which palette skillstudio draws
// with: dark or light, and whether colour is used at all (NO_COLOR). The
// CLI and the studio both ask it, so a flag, SKILLSTUDIO_THEME, the config
// file's theme: and NO_COLOR mean the same thing everywhere.
package theme

import (
	"fmt"
	"strings"
)

// Env fixes the palette where the terminal does not report its
// background colour.
const Env = "SKILLSTUDIO_THEME"

// Choice is a resolved palette.
type Choice struct {
	// Dark is the palette to draw with; dark until the terminal answers
	// when not Fixed.
	Dark bool
	// Fixed is true when the user named dark or light: the terminal's
	// background colour is then not asked for or followed.
	Fixed bool
	// NoColor draws without colour (https://no-color.org).
	NoColor bool
}

// NoColor says whether NO_COLOR is set to a non-empty value in environ
// (os.Environ() form).
func NoColor(environ []string) bool {
	for _, kv := range environ {
		if v, ok := strings.CutPrefix(kv, "NO_COLOR="); ok && v != "" {
			return true
		}
	}
	return false
}

// Resolve picks the palette from the first of flag, SKILLSTUDIO_THEME in
// environ and the config file's value that is set. "dark" and "light" fix
// it; "auto" or nothing follows the terminal. Anything else is an error
// naming the accepted values.
func Resolve(flag, config string, environ []string) (Choice, error) {
	name := flag
	if name == "" {
		name = lookup(environ, Env)
	}
	if name == "" {
		name = config
	}
	c := Choice{Dark: true, NoColor: NoColor(environ)}
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "", "auto":
	case "dark":
		c.Fixed = true
	case "light":
		c.Dark, c.Fixed = false, true
	default:
		return c, fmt.Errorf("unknown theme %q (want dark, light or auto)", name)
	}
	return c, nil
}

// Name is the theme as Resolve accepts it: "dark", "light" or "" (auto).
func (c Choice) Name() string {
	switch {
	case !c.Fixed:
		return ""
	case c.Dark:
		return "dark"
	}
	return "light"
}

func lookup(environ []string, key string) string {
	for i := len(environ) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(environ[i], key+"="); ok {
			return v
		}
	}
	return ""
}
