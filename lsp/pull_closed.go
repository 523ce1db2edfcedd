package lsp

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// A workspace pull also reports the skills in the workspace folders that
// are not open (LSP 3.17 lets workspace/diagnostic cover any document):
// a problems panel then lists the library's findings before a file is
// opened. The files are those the last lint judged, so the config's
// exclusions and rules hold, and only files inside a folder, read through
// the folder's safefs (never a link out of it, a FIFO, a device).

// maxClosedReports caps the files not open one workspace report covers,
// taken in path order: a library of 100,000 broken skills is not read,
// converted and sent at every keystroke. A variable for its test.
var maxClosedReports = 1000

// maxClosedFileBytes caps the file a closed report reads to place its
// findings; a larger one is left out (its findings show once it is open).
const maxClosedFileBytes = 4 << 20

// closedReports are the reports for the workspace folders' files that are
// not open: each file the last lint found something in, and each file the
// client holds a report for (an empty full report clears one whose
// findings are gone). A file's result id digests its findings and its
// size and time on disk, so a file the client holds as it is is answered
// "unchanged" without being read. news is true when any report is not
// one the client holds.
func (s *Server) closedReports(r *result, open []document, folders []*folder, held map[protocol.DocumentURI]string) (out []documentReport, news bool) {
	if r == nil || len(folders) == 0 {
		return nil, false
	}
	isOpen := map[string]bool{}
	for _, d := range open {
		isOpen[string(d.uri)] = true
		if d.path != "" {
			isOpen[d.path] = true
		}
	}
	// The URI each path is answered under: the client's own spelling when
	// it holds a report for it, so its id matches. The first
	// maxClosedReports in path order, kept as they are offered (a library
	// of 100,000 broken skills is not sorted whole at every keystroke).
	kept := newSmallestPaths(maxClosedReports)
	for u := range held {
		if p, ok := fileOfFast(uri.URI(u)); ok && !isOpen[string(u)] && !isOpen[p] {
			if f, _ := ownerIn(folders, p); f != nil {
				kept.offer(pick{path: p, uri: u}, false)
			}
		}
	}
	for p := range r.byPath {
		if isOpen[p] {
			continue
		}
		if f, _ := ownerIn(folders, p); f != nil {
			kept.offer(pick{path: p}, false)
		}
	}
	paths := kept.sorted()
	enc := s.enc.get()
	for _, k := range paths {
		p, u, findings := k.path, k.uri, r.byPath[k.path]
		if u == "" {
			u = protocol.DocumentURI(uri.File(p))
		}
		f, rel := ownerIn(folders, p)
		var size int64
		var stamp string
		if info, err := fs.Stat(f.fs, rel); err == nil {
			if info.IsDir() {
				continue // a finding about a folder, not a document
			}
			size, stamp = info.Size(), info.ModTime().String()
		}
		rep := documentReport{Kind: "full", ResultID: closedID(findings, size, stamp, enc), URI: u}
		if prev, ok := held[u]; ok && prev == rep.ResultID {
			rep.Kind = "unchanged"
			out = append(out, rep)
			continue
		}
		if len(findings) > 0 {
			if size > maxClosedFileBytes {
				continue
			}
			data, err := readCapped(f.fs, rel, maxClosedFileBytes)
			if err != nil {
				continue // gone or unreadable since the lint: the next one says
			}
			t := newTextIn(data, enc)
			for _, fd := range findings {
				rep.Items = append(rep.Items, s.toLSP(r, t, fd))
			}
		}
		news = true
		out = append(out, rep)
	}
	return out, news
}

// closedID digests a closed file's findings, its size and time on disk
// and the position encoding: the same for the same report.
func closedID(findings []found, size int64, stamp string, enc posEncoding) string {
	h := fnv.New64a()
	for _, fd := range findings {
		data, _ := json.Marshal(fd.Diagnostic)
		h.Write(data)
	}
	fmt.Fprintf(h, "\x00%d\x00%s\x00%d", size, stamp, enc)
	return fmt.Sprintf("c%015x", h.Sum64()>>4)
}

// readCapped reads name from fsys, at most limit bytes.
func readCapped(fsys fs.FS, name string, limit int64) (string, error) {
	file, err := fsys.Open(name)
	if err != nil {
		return "", err
	}
	defer file.Close()
	data, err := io.ReadAll(io.LimitReader(file, limit+1))
	if err != nil {
		return "", err
	}
	if int64(len(data)) > limit {
		return "", fmt.Errorf("%s: over %d bytes", name, limit)
	}
	return string(data), nil
}
