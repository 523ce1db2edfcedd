package registry

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/skillstudio/skillstudio/internal/atomicfile"
	"github.com/skillstudio/skillstudio/internal/safefs"
)

// LockFileName is the file pull writes beside the skills it copies: where
// each came from and what it was, so `pull --check` can tell what changed
// upstream. It is JSON, meant to be committed with the skills.
const LockFileName = "skillstudio.lock"

// maxLockBytes bounds reading a lock file (a hand-edited or hostile one).
const maxLockBytes = 4 << 20

// Lock is a lock file's content.
type Lock struct {
	Version int         `json:"version"`
	Skills  []LockEntry `json:"skills"`
}

// LockEntry records one pulled skill.
type LockEntry struct {
	// Name is the skill's name, Path the folder or file written, relative
	// to the lock file's folder (slash-separated).
	Name   string `json:"name"`
	Format string `json:"format"`
	Path   string `json:"path"`
	// Source is the SOURCE argument pull was given; Ref the branch or tag
	// asked for (github: sources; "" means the default branch).
	Source string `json:"source"`
	Ref    string `json:"ref,omitempty"`
	// Digest is TreeDigest of the files as pulled.
	Digest string `json:"digest"`
	// DigestVerified is true when the source published a digest the files
	// were checked against (a well-known index).
	DigestVerified bool `json:"digestVerified"`
	// Review is the review verdict when pulled, to compare with upstream's.
	Review LockReview `json:"review"`
}

// LockReview is a review verdict as the lock file keeps it.
type LockReview struct {
	Line     string `json:"line"`
	Errors   int    `json:"errors"`
	Warnings int    `json:"warnings"`
	Infos    int    `json:"infos"`
}

// TreeDigest is "sha256:…" over a skill's files: each relative path and
// its length and content, in path order, so renaming, adding or changing
// any file changes it.
func TreeDigest(files map[string][]byte) string {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names)
	h := sha256.New()
	for _, n := range names {
		h.Write([]byte(n))
		h.Write([]byte{0})
		h.Write([]byte(strconv.Itoa(len(files[n]))))
		h.Write([]byte{0})
		h.Write(files[n])
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// ReadLock reads dir's lock file; a missing file is an empty lock. It sits
// beside the skills, so it is read like them (safefs): a FIFO, a device or
// a link to one (/dev/tty would wait for typing) is refused at once.
func ReadLock(dir string) (Lock, error) {
	p := filepath.Join(dir, LockFileName)
	data, err := safefs.ReadFile(p, maxLockBytes+1)
	if errors.Is(err, fs.ErrNotExist) {
		return Lock{Version: 1}, nil
	}
	if err != nil {
		return Lock{}, err
	}
	if len(data) > maxLockBytes {
		return Lock{}, fmt.Errorf("%s is larger than %d MB; it is not a skillstudio lock file", p, maxLockBytes>>20)
	}
	var l Lock
	if err := json.Unmarshal(data, &l); err != nil {
		off := int64(len(data))
		var syn *json.SyntaxError
		var typ *json.UnmarshalTypeError
		if errors.As(err, &syn) {
			off = syn.Offset
			if strings.HasPrefix(syn.Error(), "invalid character") {
				off-- // Offset is past the character
			}
		} else if errors.As(err, &typ) {
			off = typ.Offset
		}
		line, col := lineCol(data, int(off))
		return Lock{}, fmt.Errorf("%s:%d:%d: not a skillstudio lock file: %v (fix or remove it; pull rewrites it)", p, line, col, err)
	}
	if l.Version != 1 {
		return Lock{}, fmt.Errorf("%s has version %d; this skillstudio reads version 1", p, l.Version)
	}
	return l, nil
}

// Record adds or replaces (by Path) an entry and writes dir's lock file
// atomically.
func Record(dir string, e LockEntry) error {
	l, err := ReadLock(dir)
	if err != nil {
		return err
	}
	l.Skills = slices.DeleteFunc(l.Skills, func(x LockEntry) bool { return x.Path == e.Path })
	l.Skills = append(l.Skills, e)
	slices.SortFunc(l.Skills, func(a, b LockEntry) int { return strings.Compare(a.Path, b.Path) })
	data, err := json.MarshalIndent(l, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(filepath.Join(dir, LockFileName), append(data, '\n'), 0o644)
}

// EntryFor is the lock entry of a pull from source (as the user named
// it), with the review verdict of the skill pulled.
func EntryFor(source string, p Pulled, rv LockReview) LockEntry {
	e := LockEntry{Source: source, Path: filepath.ToSlash(filepath.Base(p.Dest)), Digest: p.Digest, Review: rv}
	if p.Skill != nil {
		e.Name, e.Format = p.Skill.Name, string(p.Skill.Format)
		for _, f := range p.Skill.Fields {
			if f.Name == VerifiedField {
				e.DigestVerified = true
			}
		}
	}
	if IsRemote(source) {
		if spec, err := ParseSpec(source); err == nil && spec.Kind == SpecGitHub {
			e.Ref = spec.Ref
		}
	}
	return e
}
