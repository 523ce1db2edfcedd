package bundle

import (
	"encoding/json"
	"strings"

	"github.com/skillstudio/skillstudio/formats/xgs"
)

// The virtual entry module every bundle starts from. It evaluates @detect
// (a throw counts as false) and only then requires the skill module —
// esbuild wraps a required ES module in a lazy initialiser, so a skill
// whose @detect is false never runs its body — and mounts the default
// export with Object.assign, so loading a rebuilt bundle into the same
// page replaces the functions in place.
//
// The @detect expression sits alone on entryDetectLine, so an esbuild
// error there maps straight back to the header line.
const (
	entryPrefix = "var __xgoose_detected__ = true;\n" +
		"try {\n" +
		"  __xgoose_detected__ = !!(\n"
	entryDetectLine = 4 // 1-based line of the expression in the entry
	entrySuffix     = "\n  );\n" +
		"} catch (_) {\n" +
		"  __xgoose_detected__ = false;\n" +
		"}\n" +
		"if (__xgoose_detected__) {\n" +
		"  var __xgoose_skill__ = require(\"xgoose:skill\").default;\n" +
		"  if (__xgoose_skill__ !== null && typeof __xgoose_skill__ === \"object\") {\n" +
		"    var __xgoose_root__ = typeof window !== \"undefined\" ? window : globalThis;\n" +
		"    var __xgoose__ = __xgoose_root__.xgoose || (__xgoose_root__.xgoose = {});\n" +
		"    var __xgoose_skills__ = __xgoose__.skills || (__xgoose__.skills = {});\n" +
		"    __xgoose_skills__[NAMESPACE] = Object.assign(__xgoose_skills__[NAMESPACE] || {}, __xgoose_skill__);\n" +
		"  }\n" +
		"}\n"
)

// entryModule returns the entry's source for a header.
func entryModule(h *xgs.Header) string {
	detect := strings.TrimSpace(h.Get("detect"))
	if detect == "" {
		detect = "true"
	}
	ns, _ := json.Marshal(h.Get("namespace")) // a string: cannot fail
	return entryPrefix + detect + strings.ReplaceAll(entrySuffix, "NAMESPACE", string(ns))
}
