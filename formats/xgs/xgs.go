// Package xgs reads and checks skills of the xgs format: one NAME.xgs.js
// file with a `// ==XGooseSkill==` header and an ES-module body.
package xgs

// File is the parsed .xgs.js document kept in model.Skill.Doc.
type File struct {
	// Path is the FS path the file was read from.
	Path string
	// Source is the whole file as read.
	Source []byte
	// Header is the parsed header block; nil when there is none.
	Header *Header
}
