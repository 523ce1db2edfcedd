package lsp

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skillstudio/skillstudio/config"
	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/internal/pathname"
	"github.com/skillstudio/skillstudio/internal/safefs"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// folder is one workspace folder: its own library, read with its own
// .skillstudio.yaml, as `skillstudio lint` run in it would. A client with
// two roots (VS Code's multi-root workspaces, Helix's workspace-folders)
// gets two libraries: a skill in one never clashes with a skill of the
// same name in the other, and each folder's config rules its own files.
type folder struct {
	root     string   // absolute
	fs       *overlay // the files on disk with the open buffers beneath root
	settings model.Options
	cfg      *model.RuleConfig
	// conf is the config cfg came from (nil when it did not read), asked
	// after a lint for the nested files that did not read.
	conf *config.Config
	// last is the folder's last lint, read again in part after a
	// keystroke; only the lint (under Server.lintMu) touches it.
	last *formats.Collected
	// configErr is the config problem last logged ("" when none); only
	// newFolder and the lint touch it.
	configErr string
	// stamp says which config files were read and as they were (path,
	// size, modification time): lint re-reads them when it changes, so an
	// edited .skillstudio.yaml takes effect without restarting the server.
	// Only newFolder and the lint (under s.mu) write it.
	stamp string
}

// newFolder opens root and reads its config.
func newFolder(root string, rules model.RuleSet, log io.Writer) *folder {
	// Through safefs, as the CLI reads a folder: a FIFO or a link to
	// /dev/zero in the checkout is refused, not opened (os.DirFS waited
	// on the FIFO and lint never published again).
	f := &folder{root: root, fs: newOverlay(safefs.Dir(root))}
	var err error
	f.settings, f.cfg, f.conf, err = readConfig(root, rules)
	f.stamp = configStamp(root)
	f.logConfigError(err, log)
	return f
}

// configStamp names the config files that apply under root as they are
// on disk now.
func configStamp(root string) string {
	var b strings.Builder
	for _, p := range []string{config.UserPath(), projectFile(root)} {
		b.WriteString(p)
		if fi, err := os.Stat(p); p != "" && err == nil {
			fmt.Fprintf(&b, "\x00%d\x00%d", fi.Size(), fi.ModTime().UnixNano())
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func projectFile(root string) string {
	p, _ := config.FindProject(root)
	return p
}

// logConfigError logs a bad config once, not at every save.
func (f *folder) logConfigError(err error, log io.Writer) {
	msg := ""
	if err != nil {
		msg = err.Error()
	}
	if msg != "" && msg != f.configErr {
		io.WriteString(log, "skillstudio lsp: "+msg+"\n")
	}
	f.configErr = msg
}

// readConfig reads the config for a folder at root; with a bad config the
// folder is linted with the defaults.
// defaultSettings are the lint settings with no config file.
func defaultSettings() model.Options {
	return model.Options{Profile: model.ProfileAll, FindingsOnly: true}
}

func readConfig(root string, rules model.RuleSet) (model.Options, *model.RuleConfig, *config.Config, error) {
	settings := defaultSettings()
	cfg, err := config.Load("", root, rules)
	if err != nil {
		return settings, nil, nil, err
	}
	if cfg.Profile != "" {
		settings.Profile = cfg.Profile
	}
	// The workspace lint leaves out what lint . would.
	settings.Exclude, _ = cfg.ExcludeFilter(nil) // Parse checked each pattern
	settings.Folders = cfg.Folders(false)
	return settings, cfg.Formats(), cfg, nil
}

// configProblems are the folder's config problems after a lint: its own
// config's, and a nested project file's that did not read (read as
// findings land below it).
func (f *folder) configProblems() []string {
	var out []string
	if f.configErr != "" {
		out = append(out, f.configErr)
	}
	if f.conf != nil {
		if _, _, err := f.conf.NestedFiles(); err != nil {
			out = append(out, err.Error())
		}
	}
	return out
}

// showConfigProblems tells the user, once per problem, of a config that
// did not read: the server lints without it, which would otherwise be
// silent (its log is stderr, which few editors show). The caller holds
// s.lintMu.
func (s *Server) showConfigProblems(ctx context.Context, folders []*folder) {
	now := map[string]bool{}
	for _, f := range folders {
		for _, p := range f.configProblems() {
			now[p] = true
			if !s.configShown[p] {
				s.conn.Notify(ctx, protocol.MethodWindowShowMessage, &protocol.ShowMessageParams{
					Type: protocol.MessageTypeError, Message: "skillstudio: " + sanitize.Line(p) + " (linting without it until it reads)"})
			}
		}
		// A project file that links out of its checkout is not read;
		// said once, as a warning: it is a choice, not a breakage.
		if f.conf != nil && f.conf.LinkedOut != nil {
			p := f.conf.LinkedOut.Note(nil)
			now[p] = true
			if !s.configShown[p] {
				s.conn.Notify(ctx, protocol.MethodWindowShowMessage, &protocol.ShowMessageParams{
					Type: protocol.MessageTypeWarning, Message: "skillstudio: " + sanitize.Line(p)})
			}
		}
	}
	s.configShown = now // a problem fixed and made again is said again
}

// rereadConfigs reads a folder's config again when its files' stamp
// changed (clients tell a server of a saved .skillstudio.yaml only if it
// is a file they attach the server to, and of one changed outside the
// editor only if asked to watch it), or, with all, at every whole read of
// the workspace (a save), which is when a subfolder's rules are read
// again too. A folder whose config was read again is read whole: its
// skills' findings went through the old one. The caller holds s.lintMu,
// not s.mu: the files are read outside it, and the settings swapped under
// it for the requests that read them.
func (s *Server) rereadConfigs(folders []*folder, all bool) {
	type read struct {
		settings model.Options
		cfg      *model.RuleConfig
		conf     *config.Config
		stamp    string
		ok       bool
	}
	out := make([]read, len(folders))
	for i, f := range folders {
		stamp := configStamp(f.root)
		if !all && stamp == f.stamp {
			continue
		}
		var err error
		out[i].settings, out[i].cfg, out[i].conf, err = readConfig(f.root, s.rules)
		out[i].stamp, out[i].ok = stamp, true
		f.logConfigError(err, s.opts.Log) // configErr: the lint's alone
		f.last = nil
	}
	s.mu.Lock()
	for i, f := range folders {
		if out[i].ok {
			f.settings, f.cfg, f.conf, f.stamp = out[i].settings, out[i].cfg, out[i].conf, out[i].stamp
		}
	}
	s.mu.Unlock()
}

// workspaceRoots are the folders to lint: every workspace folder that is
// a file:// folder, else the older rootUri or rootPath, else the server's
// working folder. Each appears once, absolute.
func workspaceRoots(p *protocol.InitializeParams) []string {
	var roots []string
	for _, wf := range p.WorkspaceFolders {
		if dir, ok := fileOf(uri.URI(wf.URI)); ok {
			roots = appendRoot(roots, dir)
		}
	}
	if len(roots) == 0 {
		roots = appendRoot(roots, workspaceRoot(p))
	}
	return roots
}

// walkable says whether a workspace folder is read whole. A file
// system's root is not: its open files are linted skill by skill, as
// files outside the workspace are, and the log says why.
func walkable(dir string, log io.Writer) bool {
	if !isWholeDisk(dir) {
		return true
	}
	fmt.Fprintf(log, "skillstudio lsp: the workspace folder %s is the whole disk; only the skills of open files are linted (open the folder that holds your skills)\n", sanitize.Line(dir))
	return false
}

func appendRoot(roots []string, dir string) []string {
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	if slices.Contains(roots, dir) {
		return roots
	}
	return append(roots, dir)
}

// ownerOf is the folder a path belongs to: the deepest workspace folder
// holding it (a folder nested in another is its own library), with the
// path relative to it as a slash path; nil and "" outside every folder.
// The caller holds s.mu.
func (s *Server) ownerOf(p string) (*folder, string) { return ownerIn(s.folders, p) }

func ownerIn(folders []*folder, p string) (*folder, string) {
	var best *folder
	var rel string
	for _, f := range folders {
		r, ok := pathname.Rel(f.root, p)
		if !ok || best != nil && len(f.root) <= len(best.root) {
			continue
		}
		best, rel = f, filepath.ToSlash(r)
	}
	return best, rel
}

// setBuffer puts an open buffer's text in place of its file in every
// folder that holds it (a nested folder's file is also part of the outer
// folder's tree), and notes p for the next lint to read again. The caller
// holds s.mu.
func (s *Server) setBuffer(p string, data []byte) {
	s.noteChanged(p)
	for _, f := range s.folders {
		if r, ok := pathname.Rel(f.root, p); ok {
			f.fs.set(filepath.ToSlash(r), data)
		}
	}
}

// dropBuffer is setBuffer's undo. The caller holds s.mu.
func (s *Server) dropBuffer(p string) {
	s.noteChanged(p)
	for _, f := range s.folders {
		if r, ok := pathname.Rel(f.root, p); ok {
			f.fs.drop(filepath.ToSlash(r))
		}
	}
}

// changeFolders adds and removes workspace folders
// (workspace/didChangeWorkspaceFolders) and rehomes the open buffers.
func (s *Server) changeFolders(ev protocol.WorkspaceFoldersChangeEvent) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.folders == nil { // a client that skipped initialize
		return
	}
	for _, wf := range ev.Removed {
		if dir, ok := fileOf(uri.URI(wf.URI)); ok {
			s.folders = slices.DeleteFunc(s.folders, func(f *folder) bool { return f.root == dir })
		}
	}
	for _, wf := range ev.Added {
		dir, ok := fileOf(uri.URI(wf.URI))
		if !ok || slices.ContainsFunc(s.folders, func(f *folder) bool { return f.root == dir }) || !walkable(dir, s.opts.Log) {
			continue
		}
		s.folders = append(s.folders, newFolder(dir, s.rules, s.opts.Log))
	}
	for _, f := range s.folders {
		f.fs.clear()
	}
	for _, d := range s.docs {
		d.folder, d.rel = nil, ""
		if d.path == "" {
			continue
		}
		d.folder, d.rel = s.ownerOf(d.path)
		s.setBuffer(d.path, []byte(d.text.data))
	}
}
