package bundle

import (
	_ "embed"
	"encoding/json"

	"github.com/skillstudio/skillstudio/formats/xgs"
)

// The runtime skillstudio bundles into every skill: a plain ES module
// written for this project. (The Zod a skill gets when its folder has none
// is the real package, embedded by zod.go.)
//
//go:embed runtime/skill.js
var runtimeSkillJS string

// RuntimeSource returns the embedded @xgoose/skill module, for tools that
// want to show or test it.
func RuntimeSource() string { return runtimeSkillJS }

// headerModule is the "xgoose:header" module the runtime imports: the
// header facts __describe__ and __meta__ need, regenerated on every build
// so a header edit takes effect without a new esbuild context.
func headerModule(h *xgs.Header) string {
	facts := struct {
		Name      string `json:"name"`
		Namespace string `json:"namespace"`
		Primary   string `json:"primary,omitempty"`
	}{h.Get("name"), h.Get("namespace"), h.Get("primary")}
	b, _ := json.Marshal(facts) // strings only: cannot fail
	return "export default " + string(b) + ";\n"
}
