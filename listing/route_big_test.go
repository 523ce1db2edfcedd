package listing

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/skillstudio/skillstudio/model"
)

// routeSkills makes n skills with descriptions of a few words each.
func routeSkills(n int) []*model.Skill {
	out := make([]*model.Skill, n)
	for i := range out {
		out[i] = &model.Skill{Name: fmt.Sprintf("skill-%d", i), Description: fmt.Sprintf("Use when the task is about topic%d, area%d or files.", i, i%17)}
	}
	return out
}

// TestRouteHugeRequestIsLinear: a huge request (pasted logs, a file) is
// ranked in time that grows with the request plus the library, not with
// their product: every skill used to walk every request word, so a 10 MB
// request over 500 skills took 16 s. The check is a ratio, not a deadline,
// with a wide margin, so a loaded machine cannot fail it: a hundred times
// the skills must cost well under 25 times as long (about 5x here, even
// under -race; a hundred times when it was quadratic).
func TestRouteHugeRequestIsLinear(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	for b.Len() < 1<<20 {
		fmt.Fprintf(&b, "w%x ", r.Uint32())
	}
	b.WriteString("topic7 files")
	request := b.String()
	fastest := func(skills []*model.Skill) (time.Duration, []Match) {
		best, ms := time.Duration(1<<62), []Match(nil)
		for range 3 {
			start := time.Now()
			ms = Route(request, skills)
			best = min(best, time.Since(start))
		}
		return best, ms
	}
	few, _ := fastest(routeSkills(50))
	many, ms := fastest(routeSkills(5000))
	if many > 25*few {
		t.Errorf("1 MB request: 5,000 skills took %v, 50 skills %v (%.1fx); ranking should cost the request once, not once per skill", many, few, float64(many)/float64(few))
	}
	if len(ms) == 0 || ms[0].Name != "skill-7" || !reflect.DeepEqual(ms[0].Terms, []string{"topic7", "file"}) {
		t.Errorf("top match %+v, want skill-7 matching topic7 and file", ms[:min(len(ms), 1)])
	}
}

// TestRouteTermsKeepRequestOrder: matched terms are listed in the order
// the request first uses them, each once.
func TestRouteTermsKeepRequestOrder(t *testing.T) {
	skills := []*model.Skill{{Name: "pdf-forms", Description: "Use when filling PDF forms or merging PDF files."}}
	ms := Route("these files, then fill the pdf forms and the files again", skills)
	if len(ms) != 1 || !reflect.DeepEqual(ms[0].Terms, []string{"file", "fill", "pdf", "form"}) {
		t.Fatalf("got %+v", ms)
	}
}
