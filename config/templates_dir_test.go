package config

import (
	"path/filepath"
	"testing"
)

func TestTemplatesDirFollowsXDG(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", "/x/config")
	if got := TemplatesDir(); got != filepath.Join("/x/config", "skillstudio", "templates") {
		t.Errorf("TemplatesDir = %s", got)
	}
	t.Setenv("XDG_CONFIG_HOME", "relative")
	t.Setenv("HOME", "/home/u")
	if got := TemplatesDir(); got != filepath.Join("/home/u", ".config", "skillstudio", "templates") {
		t.Errorf("TemplatesDir with a relative XDG_CONFIG_HOME = %s", got)
	}
}
