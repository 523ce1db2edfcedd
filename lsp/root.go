//lint:file-ignore SA1019 clients that predate workspace folders send only rootUri or rootPath

package lsp

import (
	"os"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// workspaceRoot is the folder to lint: the first workspace folder, else
// the older rootUri or rootPath, else the server's working folder.
func workspaceRoot(p *protocol.InitializeParams) string {
	switch {
	case len(p.WorkspaceFolders) > 0:
		return uri.URI(p.WorkspaceFolders[0].URI).Filename()
	case p.RootURI != "":
		return p.RootURI.Filename()
	case p.RootPath != "":
		return p.RootPath
	}
	wd, _ := os.Getwd()
	return wd
}
