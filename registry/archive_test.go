package registry

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"io"
	"io/fs"
	"strconv"
	"strings"
	"testing"
)

var testLimits = archiveLimits{files: 1000, bytes: 50_000_000}

func TestUnpackArchiveAccepts(t *testing.T) {
	files, err := unpackArchive(tarGz(t, []tarMember{{name: "./SKILL.md", body: "s"}, {name: "references/a.md", body: "a"}}), testLimits)
	if err != nil || string(files["SKILL.md"]) != "s" || string(files["references/a.md"]) != "a" {
		t.Fatalf("tar.gz: %v %v", files, err)
	}
	files, err = unpackArchive(zipOf(t, map[string]string{"pdf/SKILL.md": "s", "pdf/x/y.txt": "y"}), testLimits)
	if err != nil || string(files["SKILL.md"]) != "s" || string(files["x/y.txt"]) != "y" {
		t.Fatalf("zip with one top folder: %v %v", files, err)
	}
	// Two top folders: nothing is stripped.
	files, err = unpackArchive(zipOf(t, map[string]string{"a/SKILL.md": "s", "b/x": "y"}), testLimits)
	if err != nil || files["a/SKILL.md"] == nil {
		t.Fatalf("two folders: %v %v", files, err)
	}
}

func TestUnpackArchiveRefuses(t *testing.T) {
	many := make([]tarMember, 1001)
	for i := range many {
		many[i] = tarMember{name: "f" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + "/" + strings.Repeat("y", i/26+1), body: "."}
	}
	cases := map[string]struct {
		data []byte
		want string
	}{
		"dot-dot":        {tarGz(t, []tarMember{{name: "a/../../x", body: "x"}}), "leaves the skill folder"},
		"bidi name":      {tarGz(t, []tarMember{{name: "SKILL.md", body: "s"}, {name: "references/\u202egpj.exe", body: "x"}}), "holds the bidi control U+202E"},
		"non-UTF-8 name": {tarGz(t, []tarMember{{name: "SKILL.md", body: "s"}, {name: "references/\xff.md", body: "x"}}), "is not valid UTF-8"},
		"absolute":       {tarGz(t, []tarMember{{name: "/etc/passwd", body: "x"}}), "leaves the skill folder"},
		"symlink":        {tarGz(t, []tarMember{{name: "l", link: "/etc/passwd"}}), "is a link"},
		"bomb":           {tarGz(t, []tarMember{{name: "z", size: 51_000_000}}), "unpacks to more than 50 MB"},
		"too many":       {tarGz(t, many), "more than 1000 members"},
		"zip traversal":  {zipOf(t, map[string]string{"../x": "x"}), "leaves the skill folder"},
		"zip symlink":    {zipSymlink(t), "is a link"},
		"zip bomb":       {zipBomb(t, 51_000_000), "unpacks to more than 50 MB"},
		"hard link":      {tarHardLink(t), "is a link"},
		"file as folder": {zipOf(t, map[string]string{"a": "x", "a/b": "y"}), "both a file and a folder"},
		"case clash":     {tarGz(t, []tarMember{{name: "SKILL.md", body: "s"}, {name: "skill.md", body: "x"}}), "same file on a case-insensitive"},
		"NFD clash":      {zipOf(t, map[string]string{"SKILL.md": "s", "caf\u00e9.md": "a", "cafe\u0301.md": "b"}), "same file on a case-insensitive"},
		"git folder":     {tarGz(t, []tarMember{{name: "SKILL.md", body: "s"}, {name: ".git/config", body: "[core]\n\tfsmonitor = x\n"}}), "version-control folder (.git)"},
		"zip git folder": {zipOf(t, map[string]string{"SKILL.md": "s", "sub/.GIT./HEAD": "x"}), "version-control folder (.git)"},
		"stream name":    {zipOf(t, map[string]string{"SKILL.md": "s", "SKILL.md::$DATA": "x"}), "a Windows file name cannot"},
		"not an archive": {[]byte("hello"), "not a .tar.gz or .zip"},
		// Go's zip reader ignores the encryption flag and returned the
		// cipher text as SKILL.md.
		"zip encrypted":     {zipWith(t, zip.FileHeader{Name: "SKILL.md", Method: zip.Store, Flags: 0x1}), "member SKILL.md is encrypted"},
		"zip AES":           {zipWith(t, zip.FileHeader{Name: "SKILL.md", Method: 99}), "member SKILL.md is encrypted"},
		"zip bzip2 member":  {zipWith(t, zip.FileHeader{Name: "SKILL.md", Method: 12}), "uses zip compression method 12; only stored and deflated"},
		"zip backslash":     {zipWith(t, zip.FileHeader{Name: `..\..\x.sh`}), "leaves the skill folder"},
		"zip twice":         {zipWith(t, zip.FileHeader{Name: "SKILL.md"}, zip.FileHeader{Name: "./SKILL.md"}), "appears twice"},
		"zip 4 GB declared": {zipDeclaring(t, 0xFFFFFFFE), "member SKILL.md holds less than its header declares"},
		"zip 2^16+ members": {zipMany(t, 1<<16+1), "more than 1000 members"},
		"plain tar":         {plainTar(t), "a plain (uncompressed) .tar archive; only .tar.gz (.tgz) and .zip"},
		"tar.bz2":           {[]byte("BZh91AY&SY\x00\x00"), "a bzip2 stream (.tar.bz2?)"},
		"tar.xz":            {[]byte("\xfd7zXZ\x00\x00\x04"), "an xz stream (.tar.xz?)"},
		"bad gzip":          {[]byte{0x1f, 0x8b, 0, 0}, "not a valid gzip stream"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := unpackArchive(c.data, testLimits)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want %q", err, c.want)
			}
		})
	}
}

func zipSymlink(t testing.TB) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	h := &zip.FileHeader{Name: "link"}
	h.SetMode(0o777 | fs.ModeSymlink)
	w, err := zw.CreateHeader(h)
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("/etc/passwd"))
	zw.Close()
	return buf.Bytes()
}

func zipBomb(t testing.TB, n int) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.Create("zeros")
	if err != nil {
		t.Fatal(err)
	}
	chunk := make([]byte, 1<<20)
	for left := n; left > 0; left -= len(chunk) {
		w.Write(chunk[:min(left, len(chunk))])
	}
	zw.Close()
	return buf.Bytes()
}

func tarHardLink(t testing.TB) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	tw.WriteHeader(&tar.Header{Name: "h", Typeflag: tar.TypeLink, Linkname: "/etc/shadow"})
	tw.Close()
	zw.Close()
	return buf.Bytes()
}

// zipWith is a zip of members with the headers given, as written (each
// holds one byte), so flags and methods Go cannot write data for can be set.
func zipWith(t testing.TB, hs ...zip.FileHeader) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, h := range hs {
		if h.Method != zip.Store && h.Method != zip.Deflate {
			zw.RegisterCompressor(h.Method, func(w io.Writer) (io.WriteCloser, error) { return nopCloser{w}, nil })
		}
		w, err := zw.CreateHeader(&h)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte("s"))
	}
	zw.Close()
	return buf.Bytes()
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

func plainTar(t testing.TB) []byte {
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	if err := tw.WriteHeader(&tar.Header{Name: "SKILL.md", Size: 1, Mode: 0o644}); err != nil {
		t.Fatal(err)
	}
	tw.Write([]byte("s"))
	tw.Close()
	return buf.Bytes()
}

// zipDeclaring is a zip whose one stored member holds one byte while its
// central directory entry declares size bytes.
func zipDeclaring(t testing.TB, size uint32) []byte {
	b := zipWith(t, zip.FileHeader{Name: "SKILL.md", Method: zip.Store})
	at := bytes.LastIndex(b, []byte("PK\x01\x02"))
	binary.LittleEndian.PutUint32(b[at+24:], size) // uncompressed size
	return b
}

func zipMany(t testing.TB, n int) []byte {
	hs := make([]zip.FileHeader, n)
	for i := range hs {
		hs[i] = zip.FileHeader{Name: strconv.Itoa(i), Method: zip.Store}
	}
	return zipWith(t, hs...)
}
