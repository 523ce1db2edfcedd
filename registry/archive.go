package registry

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"github.com/skillstudio/skillstudio/internal/pathname"
	"io"
	"path"
	"sort"
	"strings"

	"github.com/skillstudio/skillstudio/sanitize"
)

// archiveLimits bound what one archive may unpack to.
type archiveLimits struct {
	files int
	bytes int64
}

// unpackArchive reads a .tar.gz or .zip entirely in memory and returns its
// regular files by slash path. It refuses, rather than skips, anything
// unsafe: a member path that is absolute or has "..", a symbolic or hard
// link, a device, more than lim.files members, or more than lim.bytes
// unpacked (checked while reading, so a compression bomb stops at the
// limit). A single top-level folder holding SKILL.md is stripped, since
// many tools archive a skill as NAME/….
func unpackArchive(data []byte, lim archiveLimits) (map[string][]byte, error) {
	var files map[string][]byte
	var err error
	switch {
	case isGzip(data):
		files, err = unpackTarGz(data, lim)
	case isZip(data):
		files, err = unpackZip(data, lim)
	default:
		return nil, errors.New(notAnArchive(data))
	}
	if err != nil {
		return nil, err
	}
	if err := checkTreeShape(files); err != nil {
		return nil, err
	}
	return stripSingleFolder(files), nil
}

func unpackTarGz(data []byte, lim archiveLimits) (map[string][]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("not a valid gzip stream: %v", err)
	}
	// Headers and padding take up to 1 KiB a member on top of content.
	budget := &limitedReader{r: zr, n: lim.bytes + int64(lim.files+1)*1024}
	tr := tar.NewReader(budget)
	files := map[string][]byte{}
	var total int64
	members := 0
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			if budget.n <= 0 {
				return nil, fmt.Errorf("unpacks to more than %s", humanBytes(lim.bytes))
			}
			return nil, fmt.Errorf("not a valid tar archive: %v", err)
		}
		members++
		if members > lim.files {
			return nil, fmt.Errorf("has more than %d members", lim.files)
		}
		name, err := memberPath(h.Name)
		if err != nil {
			return nil, err
		}
		switch h.Typeflag {
		case tar.TypeDir:
			continue
		case tar.TypeReg, 0: // 0 is the pre-POSIX regular file (tar.TypeRegA)
		case tar.TypeSymlink, tar.TypeLink:
			return nil, fmt.Errorf("member %s is a link; links are refused", sanitize.Line(h.Name))
		case tar.TypeXGlobalHeader:
			continue
		default:
			return nil, fmt.Errorf("member %s is not a regular file", sanitize.Line(h.Name))
		}
		if h.Size < 0 || total+h.Size > lim.bytes {
			return nil, fmt.Errorf("unpacks to more than %s", humanBytes(lim.bytes))
		}
		body, err := io.ReadAll(io.LimitReader(tr, h.Size+1))
		if err != nil {
			if budget.n <= 0 {
				return nil, fmt.Errorf("unpacks to more than %s", humanBytes(lim.bytes))
			}
			return nil, fmt.Errorf("member %s: %v", sanitize.Line(h.Name), err)
		}
		total += int64(len(body))
		if _, dup := files[name]; dup {
			return nil, fmt.Errorf("member %s appears twice", sanitize.Line(name))
		}
		files[name] = body
	}
	return files, nil
}

func unpackZip(data []byte, lim archiveLimits) (map[string][]byte, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fmt.Errorf("not a valid zip archive: %v", err)
	}
	if len(zr.File) > lim.files {
		return nil, fmt.Errorf("has more than %d members", lim.files)
	}
	files := map[string][]byte{}
	var total int64
	for _, f := range zr.File {
		name, err := memberPath(f.Name)
		if err != nil {
			return nil, err
		}
		mode := f.Mode()
		if mode.IsDir() {
			continue
		}
		if !mode.IsRegular() {
			return nil, fmt.Errorf("member %s is a link or device; links are refused", sanitize.Line(f.Name))
		}
		// Go's zip reader ignores the encryption flag: it would hand back
		// the cipher text as the file (or a bare checksum error).
		if f.Flags&zipEncrypted != 0 || f.Method == zipAES {
			return nil, fmt.Errorf("member %s is encrypted; encrypted zip members are not read (publish the archive without a password)", sanitize.Line(f.Name))
		}
		if f.Method != zip.Store && f.Method != zip.Deflate {
			return nil, fmt.Errorf("member %s uses zip compression method %d; only stored and deflated members are read (re-create the zip with deflate)", sanitize.Line(f.Name), f.Method)
		}
		rc, err := f.Open()
		if err != nil {
			return nil, fmt.Errorf("member %s: %v", sanitize.Line(f.Name), err)
		}
		// The header's size is not trusted: read at most what is left.
		body, err := io.ReadAll(io.LimitReader(rc, lim.bytes-total+1))
		rc.Close()
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, fmt.Errorf("member %s holds less than its header declares (a truncated or forged zip)", sanitize.Line(f.Name))
		}
		if err != nil {
			return nil, fmt.Errorf("member %s: %v", sanitize.Line(f.Name), err)
		}
		total += int64(len(body))
		if total > lim.bytes {
			return nil, fmt.Errorf("unpacks to more than %s", humanBytes(lim.bytes))
		}
		if _, dup := files[name]; dup {
			return nil, fmt.Errorf("member %s appears twice", sanitize.Line(name))
		}
		files[name] = body
	}
	return files, nil
}

const (
	zipEncrypted = 0x1 // general purpose flag bit 0 (APPNOTE 4.4.4)
	zipAES       = 99  // WinZip AES, the method an AES-encrypted member names
)

// notAnArchive says what data is when it is neither gzip nor zip, naming
// the archive formats people publish skills in that are not read.
func notAnArchive(data []byte) string {
	const read = "only .tar.gz (.tgz) and .zip archives are read"
	switch {
	case len(data) >= 262 && string(data[257:262]) == "ustar":
		return "a plain (uncompressed) .tar archive; " + read + " (gzip it)"
	case bytes.HasPrefix(data, []byte("BZh")):
		return "a bzip2 stream (.tar.bz2?); " + read
	case bytes.HasPrefix(data, []byte("\xfd7zXZ\x00")):
		return "an xz stream (.tar.xz?); " + read
	case bytes.HasPrefix(data, []byte("\x28\xb5\x2f\xfd")):
		return "a zstd stream (.tar.zst?); " + read
	case bytes.HasPrefix(data, []byte("7z\xbc\xaf\x27\x1c")):
		return "a 7-Zip archive; " + read
	case bytes.HasPrefix(data, []byte("Rar!\x1a\x07")):
		return "a RAR archive; " + read
	case bytes.HasPrefix(data, []byte("PK\x05\x06")):
		return "an empty zip archive (no members)"
	}
	return "not a .tar.gz or .zip archive"
}

// memberPath cleans an archive member name; "" for the root folder.
func memberPath(name string) (string, error) {
	n := strings.TrimPrefix(name, "./")
	n = strings.TrimSuffix(n, "/")
	if n == "" || n == "." {
		return "", nil
	}
	if msg := pathname.RelProblem(n); msg != "" {
		// Said whatever the reason, so a name is never dropped silently.
		return "", fmt.Errorf("member %q %s; refused", sanitize.Line(name), msg)
	}
	p, ok := cleanRelPath(n)
	if !ok {
		return "", fmt.Errorf("member %q leaves the skill folder (absolute path or ..); refused", sanitize.Line(name))
	}
	return p, nil
}

// checkTreeShape refuses a file that is also a folder of another file,
// and two names that are one file on a case-insensitive or normalising
// disk.
func checkTreeShape(files map[string][]byte) error {
	names := make([]string, 0, len(files))
	for p := range files {
		names = append(names, p)
	}
	sort.Strings(names)
	if a, b, clash := pathname.FirstClash(names); clash {
		return fmt.Errorf("members %s and %s %s", sanitize.Line(a), sanitize.Line(b), pathname.ClashMessage(a, b))
	}
	for p := range files {
		for d := path.Dir(p); d != "."; d = path.Dir(d) {
			if _, clash := files[d]; clash {
				return fmt.Errorf("member %s is both a file and a folder", sanitize.Line(d))
			}
		}
	}
	return nil
}

func stripSingleFolder(files map[string][]byte) map[string][]byte {
	if _, ok := files["SKILL.md"]; ok {
		return files
	}
	var top string
	for p := range files {
		first, _, nested := strings.Cut(p, "/")
		if !nested || (top != "" && first != top) {
			return files
		}
		top = first
	}
	if _, ok := files[top+"/SKILL.md"]; !ok {
		return files
	}
	out := make(map[string][]byte, len(files))
	for p, b := range files {
		out[strings.TrimPrefix(p, top+"/")] = b
	}
	return out
}

type limitedReader struct {
	r io.Reader
	n int64
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.n <= 0 {
		return 0, errors.New("archive budget exceeded")
	}
	if int64(len(p)) > l.n {
		p = p[:l.n]
	}
	n, err := l.r.Read(p)
	l.n -= int64(n)
	return n, err
}

// fetchArchive fetches a 0.2.0 archive entry, checks its digest before
// unpacking (as the discovery spec orders), and adds its files under the
// skill's folder.
func (r *remote) fetchArchive(ctx context.Context, e Entry) {
	resp, err := r.f.get(ctx, e.URL, expectArchive)
	if err != nil {
		r.failSkill(e, RemoteRules.New("remote/fetch-failed", "index.json", 0, 0,
			fmt.Sprintf("skill %s: %s", e.Name, err.Error()), "Check that the archive is published at the index's url."))
		return
	}
	if e.Digest != "" {
		if got := sha256Digest(resp.Body); got != e.Digest {
			r.failSkill(e, RemoteRules.New("remote/digest-mismatch", "index.json", 0, 0,
				fmt.Sprintf("skill %s: archive %s has digest %s but the index promises %s; not used", e.Name, sanitize.Line(e.URL), got, e.Digest),
				"The archive changed since the index was published, or was tampered with; ask the publisher to update the index."))
			return
		}
	}
	files, err := unpackArchive(resp.Body, archiveLimits{files: r.opts.MaxArchiveFiles, bytes: r.opts.MaxArchiveBytes})
	if err != nil {
		r.failSkill(e, RemoteRules.New("remote/archive-rejected", "index.json", 0, 0,
			fmt.Sprintf("skill %s: archive %s %s", e.Name, sanitize.Line(e.URL), err.Error()),
			"Publish the archive with plain files under the skill folder, no links, within 1,000 files and 50 MB."))
		return
	}
	var unpacked int64
	for _, b := range files {
		unpacked += int64(len(b))
	}
	if err := r.f.charge(e.URL, unpacked); err != nil {
		r.failSkill(e, RemoteRules.New("remote/fetch-failed", "index.json", 0, 0,
			fmt.Sprintf("skill %s: %s", e.Name, err.Error()), "Open fewer or smaller sources at once."))
		return
	}
	names := make([]string, 0, len(files))
	for p := range files {
		names = append(names, p)
	}
	sort.Strings(names)
	for _, p := range names {
		r.fs.add(e.Name+"/"+p, files[p])
	}
	if e.Digest != "" {
		r.mu.Lock()
		r.verified[e.Path] = e.Digest
		r.mu.Unlock()
	}
	r.skillReady(e)
}
