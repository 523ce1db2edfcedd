package xgs

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

// readCountFS counts the reads asked of the files it opens.
type readCountFS struct {
	fs.FS
	reads *int
}

func (c readCountFS) Open(name string) (fs.File, error) {
	f, err := c.FS.Open(name)
	if err != nil {
		return nil, err
	}
	return readCountFile{f, c.reads}, nil
}

type readCountFile struct {
	fs.File
	reads *int
}

func (f readCountFile) Read(b []byte) (int, error) {
	*f.reads++
	return f.File.Read(b)
}

// readSource reads a file of the size its stat gives in one read: the
// read that would only meet the end was a second system call per file.
// A file past MaxBodySize is still only its head.
func TestReadSourceOneReadPerFile(t *testing.T) {
	text := "// ==XGooseSkill==\n// @name x\n// ==/XGooseSkill==\n"
	big := strings.Repeat("x", MaxBodySize+10)
	reads := 0
	fsys := readCountFS{fstest.MapFS{"a.xgs.js": {Data: []byte(text)}, "big.xgs.js": {Data: []byte(big)}}, &reads}
	src, tooLarge, err := readSource(fsys, "a.xgs.js")
	if err != nil || tooLarge || string(src) != text || reads != 1 {
		t.Errorf("readSource = %q %v %v in %d reads, want the file in 1", src, tooLarge, err, reads)
	}
	src, tooLarge, err = readSource(fsys, "big.xgs.js")
	if err != nil || !tooLarge || len(src) != headSize {
		t.Errorf("a file past MaxBodySize: %d bytes, tooLarge %v, %v", len(src), tooLarge, err)
	}
}
