package config

import (
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/skillstudio/skillstudio/model"
)

// agents reads `agents:`, the agents whose skill listing lint simulates:
// one id or a list (claude-code, codex, copilot, gemini, all or none).
func (p *parser) agents(n *yaml.Node, c *Config) error {
	items := []*yaml.Node{n}
	if n.Kind == yaml.SequenceNode {
		items = n.Content
	}
	known := append(model.AgentIDs(), "all", model.NoAgents)
	c.Agents = nil
	for _, item := range items {
		v, err := p.scalar(item, "agents")
		if err != nil {
			return err
		}
		if !slices.Contains(known, v) {
			return p.errorf(item, "unknown agent %q (want %s)", v, strings.Join(known, ", "))
		}
		c.Agents = append(c.Agents, v)
	}
	return nil
}

// context reads `context:`, the model's context window in tokens that
// agents' listing budgets scale with (200000, or 200k / 1m).
func (p *parser) context(n *yaml.Node, c *Config) error {
	v, err := p.scalar(n, "context")
	if err != nil {
		return err
	}
	tokens, ok := ParseTokens(v)
	if !ok {
		return p.errorf(n, "context %q is not a token count (write 200000, 200k or 1m)", v)
	}
	c.Context = tokens
	return nil
}

// ParseTokens reads a token count: digits, optionally with a k or m
// suffix (200k, 1m) or thousands separators (200,000). It must be
// positive and at most 100m.
func ParseTokens(s string) (int, bool) {
	s = strings.ToLower(strings.ReplaceAll(strings.TrimSpace(s), ",", ""))
	mult := 1
	switch {
	case strings.HasSuffix(s, "k"):
		mult, s = 1_000, strings.TrimSuffix(s, "k")
	case strings.HasSuffix(s, "m"):
		mult, s = 1_000_000, strings.TrimSuffix(s, "m")
	}
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 || n > 100_000_000/mult {
		return 0, false
	}
	return n * mult, true
}
