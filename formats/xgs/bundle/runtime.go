package bundle

import (
	_ "embed"
	"encoding/json"

	"github.com/skillstudio/skillstudio/formats/xgs"
)

// The runtime skillstudio bundles into every skill, and the documentation
// Zod a skill gets when its folder has no node_modules/zod. Both are plain
// ES modules written for this project (runtime/*.js).
var (
	//go:embed runtime/skill.js
	runtimeSkillJS string
	//go:embed runtime/zod.js
	runtimeZodJS string
)

// RuntimeSource returns the embedded @xgoose/skill module, for tools that
// want to show or test it.
func RuntimeSource() string { return runtimeSkillJS }

// ZodSource returns the embedded documentation-only Zod module.
func ZodSource() string { return runtimeZodJS }

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
