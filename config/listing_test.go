package config

import (
	"slices"
	"strings"
	"testing"
)

func TestParseAgentsAndContext(t *testing.T) {
	c, err := Parse("c.yaml", []byte("agents: [claude-code, codex]\ncontext: 1m\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(c.Agents, []string{"claude-code", "codex"}) || c.Context != 1_000_000 {
		t.Errorf("agents %v context %d", c.Agents, c.Context)
	}
	if c, err = Parse("c.yaml", []byte("agents: none\ncontext: 200,000\n"), nil); err != nil || !slices.Equal(c.Agents, []string{"none"}) || c.Context != 200_000 {
		t.Errorf("agents %v context %d err %v", c.Agents, c.Context, err)
	}
	for src, want := range map[string]string{
		"agents: [claude, codex]\n": `c.yaml:1:10: unknown agent "claude"`,
		"context: lots\n":           `c.yaml:1:10: context "lots" is not a token count`,
		"context: -5\n":             `c.yaml:1:10: context "-5"`,
	} {
		if _, err := Parse("c.yaml", []byte(src), nil); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %s", src, err, want)
		}
	}
}

func TestMergeAgentsAndContext(t *testing.T) {
	c := &Config{Agents: []string{"codex"}, Context: 100}
	c.Merge(&Config{Context: 200})
	if !slices.Equal(c.Agents, []string{"codex"}) || c.Context != 200 {
		t.Errorf("%v %d", c.Agents, c.Context)
	}
}
