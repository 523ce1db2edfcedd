package config

import "github.com/skillstudio/skillstudio/formats"

// The tests check rule ids against the real catalogue, as the program does.
func init() { KnownRules = formats.Rules }
