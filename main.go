// Command skillstudio is a terminal studio for AI-agent skills: browse,
// read, lint, quiz, build and scaffold .xgs.js, SKILL.md and OS Loop skills.
// The commands live in package cli.
package main

import (
	"context"
	"os"

	"github.com/skillstudio/skillstudio/cli"
	"github.com/skillstudio/skillstudio/internal/initgc"
)

// version is set at link time (-ldflags "-X main.version=…").
var version = "dev"

func main() {
	os.Exit(cli.Run(context.Background(), os.Args[1:], os.Stdout, os.Stderr, cli.Options{Version: version, StartGC: initgc.Restore}))
}
