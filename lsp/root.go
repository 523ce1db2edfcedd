//lint:file-ignore SA1019 clients that predate workspace folders send only rootUri or rootPath

package lsp

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// workspaceRoot is the folder to lint: the first workspace folder, else
// the older rootUri or rootPath, else the server's working folder.
func workspaceRoot(p *protocol.InitializeParams) string {
	if len(p.WorkspaceFolders) > 0 {
		if dir, ok := fileOf(uri.URI(p.WorkspaceFolders[0].URI)); ok {
			return dir
		}
	}
	if p.RootURI != "" {
		if dir, ok := fileOf(p.RootURI); ok {
			return dir
		}
	}
	if p.RootPath != "" {
		return p.RootPath
	}
	wd, _ := os.Getwd()
	return wd
}

// fileOf is the file a file:// URI names. uri.URI.Filename panics on any
// other scheme, and editors send others (VS Code's untitled: for a new
// buffer, git: for a diff's other side): those are not files on disk.
// Nor is a file on another host (file://server/share/…, a UNC path):
// its host was dropped, so it named /share/… on this machine, and on
// Windows reading it would open a connection to the server.
func fileOf(u uri.URI) (string, bool) {
	parsed, err := url.ParseRequestURI(string(u)) // as Filename parses it
	if err != nil || parsed.Scheme != uri.FileScheme {
		return "", false
	}
	if parsed.Host != "" && !strings.EqualFold(parsed.Host, "localhost") {
		return "", false
	}
	p := parsed.Path
	if len(p) >= 3 && p[0] == '/' && p[2] == ':' { // /C:/… on Windows
		p = p[1:]
	}
	p = filepath.Clean(filepath.FromSlash(p))
	if !filepath.IsAbs(p) {
		return "", false
	}
	return p, true
}

// isWholeDisk says dir is a file system's root (/, C:\): a workspace
// folder there would have every lint walk the disk, /proc and /sys
// included (16 s and 260 MB on a small machine, again at every save).
func isWholeDisk(dir string) bool { return filepath.Dir(dir) == dir }
