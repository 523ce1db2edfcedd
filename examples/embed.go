// Package examples holds skillstudio's own example library: a few skills in
// each format, written for this project, embedded in the binary so the
// studio has something to show on a fresh machine.
package examples

import (
	"embed"
	"io/fs"
)

//go:embed all:library
var files embed.FS

// Library is the example library, rooted at its top folder.
func Library() fs.FS {
	sub, err := fs.Sub(files, "library")
	if err != nil {
		panic(err) // the embed pattern guarantees the folder exists
	}
	return sub
}
