package config

import "path/filepath"

// TemplatesDir is where user templates live: Dir()/templates
// ($XDG_CONFIG_HOME/skillstudio/templates), or "" when there is no home.
func TemplatesDir() string {
	if d := Dir(); d != "" {
		return filepath.Join(d, "templates")
	}
	return ""
}
