// Package sourcetrust remembers which checkouts' sources: the user allowed
// to be opened. A project's .skillstudio.yaml comes with the checkout, so
// the remote registries and folders it lists are a stranger's choice: a
// URL is a beacon on open, a folder (../other) reads outside the checkout.
// As with direnv's `allow`, consent is kept per config file path and
// content hash: a changed file asks again.
//
// The state file is JSON at $XDG_STATE_HOME/skillstudio/trusted-sources.json
// (~/.local/state/… when XDG_STATE_HOME is unset or not absolute).
package sourcetrust

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/skillstudio/skillstudio/internal/atomicfile"
	"github.com/skillstudio/skillstudio/internal/filelock"
	"github.com/skillstudio/skillstudio/internal/pathname"
	"github.com/skillstudio/skillstudio/internal/safefs"
)

// EnvVar set to 1 (or true) trusts every checkout's sources, for CI where
// the checkout is the job's own.
const EnvVar = "SKILLSTUDIO_TRUST_SOURCES"

// maxState caps the state file's read; maxEntries its entries (a config
// file each: far more than anyone trusts).
const (
	maxState   = 1 << 20
	maxEntries = 5000
)

// Digest is the content hash a trust entry is kept by.
func Digest(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// DefaultPath is the state file: $XDG_STATE_HOME/skillstudio/
// trusted-sources.json, or under ~/.local/state; "" without a home.
func DefaultPath() string {
	base := os.Getenv("XDG_STATE_HOME")
	if base == "" || !filepath.IsAbs(base) {
		home, err := os.UserHomeDir()
		if err != nil || home == "" {
			return ""
		}
		base = filepath.Join(home, ".local", "state")
	}
	return filepath.Join(base, "skillstudio", "trusted-sources.json")
}

// EnvTrusts reports whether the environment trusts every checkout.
func EnvTrusts() bool {
	switch os.Getenv(EnvVar) {
	case "1", "true", "TRUE", "True", "yes":
		return true
	}
	return false
}

// Entry is one config file trusted with the content it had.
type Entry struct {
	File   string `json:"file"`
	SHA256 string `json:"sha256"`
}

type state struct {
	Version int     `json:"version"`
	Trusted []Entry `json:"trusted"`
}

// CorruptError says the state file cannot be read as one: the message
// names the file and what to do, never a stack.
type CorruptError struct {
	Path   string
	Reason string
}

func (e *CorruptError) Error() string {
	return fmt.Sprintf("the trust state file %s is not valid (%s); remove it to start over (no checkout's sources are trusted until then)", e.Path, e.Reason)
}

// checkFile says why file cannot be kept in the state file: it must be
// absolute, clean and printable UTF-8, so what is written is what is read
// back and matched (JSON would turn invalid UTF-8 into U+FFFD, making
// two paths one entry).
func checkFile(file string) error {
	if p := pathname.CharProblem(file); p != "" {
		return fmt.Errorf("cannot remember %q: %s", file, p)
	}
	if !filepath.IsAbs(file) || filepath.Clean(file) != file {
		return fmt.Errorf("cannot remember %q: not an absolute, clean path", file)
	}
	return nil
}

// CanRemember says why file cannot be trusted by path (nil when it can):
// such a checkout is opened only with the flag or the environment
// variable, and advice must not name `skillstudio trust` for it.
func CanRemember(file string) error { return checkFile(file) }

func validDigest(d string) bool {
	if len(d) != 64 {
		return false
	}
	_, err := hex.DecodeString(d)
	return err == nil
}

func load(path string) (*state, error) {
	if path == "" {
		return &state{Version: 1}, nil
	}
	data, err := safefs.ReadFile(path, maxState)
	if errors.Is(err, fs.ErrNotExist) {
		return &state{Version: 1}, nil
	}
	if err != nil {
		return nil, &CorruptError{Path: path, Reason: err.Error()}
	}
	var s state
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, &CorruptError{Path: path, Reason: "not JSON: " + err.Error()}
	}
	if s.Version != 1 {
		return nil, &CorruptError{Path: path, Reason: fmt.Sprintf("version %d, want 1", s.Version)}
	}
	if len(s.Trusted) > maxEntries {
		return nil, &CorruptError{Path: path, Reason: fmt.Sprintf("%d entries, at most %d", len(s.Trusted), maxEntries)}
	}
	for i, e := range s.Trusted {
		if err := checkFile(e.File); err != nil {
			return nil, &CorruptError{Path: path, Reason: fmt.Sprintf("entry %d: %v", i+1, err)}
		}
		if !validDigest(e.SHA256) {
			return nil, &CorruptError{Path: path, Reason: fmt.Sprintf("entry %d: sha256 is not 64 hex digits", i+1)}
		}
	}
	return &s, nil
}

// Trusted reports whether file with content digest was allowed. A state
// file that cannot be read is an error (*CorruptError); the caller treats
// the sources as untrusted and says why.
func Trusted(statePath, file, digest string) (bool, error) {
	s, err := load(statePath)
	if err != nil {
		return false, err
	}
	for _, e := range s.Trusted {
		if e.File == file && e.SHA256 == digest {
			return true, nil
		}
	}
	return false, nil
}

// Allow remembers file with content digest, replacing what was kept for
// file before. A corrupt state file is not written over: the user's other
// entries would be lost without a word.
func Allow(statePath, file, digest string) error {
	if statePath == "" {
		return errors.New("no state folder (neither XDG_STATE_HOME nor a home folder is set)")
	}
	if err := checkFile(file); err != nil {
		return err
	}
	if !validDigest(digest) {
		return fmt.Errorf("bad digest %q", digest)
	}
	_, err := update(statePath, func(s *state) bool {
		s.Trusted = slices.DeleteFunc(s.Trusted, func(e Entry) bool { return e.File == file })
		if len(s.Trusted) >= maxEntries {
			s.Trusted = s.Trusted[1:] // the oldest goes
		}
		s.Trusted = append(s.Trusted, Entry{File: file, SHA256: digest})
		return true
	})
	return err
}

// Forget drops what was kept for file; it reports whether there was any.
func Forget(statePath, file string) (bool, error) {
	if _, err := os.Lstat(statePath); statePath == "" || errors.Is(err, fs.ErrNotExist) {
		return false, nil // nothing kept: no folder or lock file made for it
	}
	return update(statePath, func(s *state) bool {
		n := len(s.Trusted)
		s.Trusted = slices.DeleteFunc(s.Trusted, func(e Entry) bool { return e.File == file })
		return len(s.Trusted) != n
	})
}

// update reads the state file, lets change edit it and writes it back
// when change says so, holding a lock file beside it throughout: two
// `trust` runs (or studios answering `a`) at the same instant each read
// what the other wrote, so neither entry is lost.
func update(statePath string, change func(*state) bool) (bool, error) {
	// The state file is the user's own: a link to it (dotfiles kept in a
	// repository) is written through, as git writes a linked ~/.gitconfig;
	// the rename would put a file in the link's place and the two diverge.
	// The lock is taken beside the target, so two names for it share one.
	if target, err := filepath.EvalSymlinks(statePath); err == nil {
		statePath = target
	}
	if err := os.MkdirAll(filepath.Dir(statePath), 0o700); err != nil {
		return false, err
	}
	unlock, err := filelock.Lock(statePath + ".lock")
	if err != nil {
		return false, fmt.Errorf("cannot lock the trust state file: %w", err)
	}
	defer unlock()
	s, err := load(statePath)
	if err != nil {
		return false, err
	}
	if !change(s) {
		return false, nil
	}
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return false, err
	}
	return true, atomicfile.Write(statePath, append(data, '\n'), 0o600)
}
