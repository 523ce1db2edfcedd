package config

import "github.com/skillstudio/skillstudio/formats"

// testRules: the tests check rule ids against the real catalogue, as the
// commands do.
var testRules = formats.Rules()
