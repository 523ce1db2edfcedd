package safefs

import (
	"io/fs"
	"sync"
)

// Stamp says which file, in which state, a read saw: its identity on the
// disk (where the system has one) and its size and modification time. Two
// reads with the same Stamp read the same bytes, barring a write that
// keeps both size and nanosecond time, which editors and tools do not.
type Stamp struct {
	Dev, Ino uint64
	Size     int64
	ModTime  int64 // Unix nanoseconds
}

// StampOf is info's Stamp.
func StampOf(info fs.FileInfo) Stamp {
	s := Stamp{Size: info.Size(), ModTime: info.ModTime().UnixNano()}
	s.Dev, s.Ino = fileID(info)
	return s
}

// stamps remembers the Stamp of each regular file an FS opened, so that
// a later writer (lint --fix) can tell whether the file it is about to
// change is still the one whose bytes the findings' offsets refer to.
type stamps struct {
	mu sync.Mutex
	m  map[string]Stamp
}

// changedStamp marks a name opened twice in different states: which
// read the findings came from is unknown, so no writer may trust either.
var changedStamp = Stamp{Size: -1}

func (s *stamps) note(name string, info fs.FileInfo) {
	st := StampOf(info)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[string]Stamp{}
	}
	if old, ok := s.m[name]; ok && old != st {
		st = changedStamp
	}
	s.m[name] = st
}

// KeepStamps makes f remember the Stamp of each regular file it opens,
// for ReadStamp, and returns f. Off by default: a long-lived FS (the
// language server's) would keep one entry per file for nothing.
func (f *FS) KeepStamps() *FS {
	f.read = &stamps{}
	return f
}

// ReadStamp is the Stamp of the file name (an FS path) as f opened it,
// and whether f opened it. A file opened twice in different states
// reports a Stamp no file has (Size -1).
func (f *FS) ReadStamp(name string) (Stamp, bool) {
	if f.read == nil {
		return Stamp{}, false
	}
	f.read.mu.Lock()
	defer f.read.mu.Unlock()
	st, ok := f.read.m[name]
	return st, ok
}
