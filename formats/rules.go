package formats

import (
	"sort"

	"github.com/skillstudio/skillstudio/formats/osloop"
	"github.com/skillstudio/skillstudio/formats/skillmd"
	"github.com/skillstudio/skillstudio/formats/xgs"
	"github.com/skillstudio/skillstudio/listing"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/review"
	"github.com/skillstudio/skillstudio/suppress"
)

// Rules returns every rule skillstudio can report, sorted by id. The
// listing and review rules are here too (they depend on the readers,
// never on this package), so config severities, `rules` and SARIF know them.
func Rules() model.RuleSet {
	var all model.RuleSet
	for _, rs := range []model.RuleSet{xgs.Rules, xgs.BuildRules, skillmd.Rules, osloop.Rules, libraryRules, pluginRules, findRules, crashRule, RemoteRules, listing.Rules, review.Rules, suppress.Rules} {
		all = append(all, rs...)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].ID < all[j].ID })
	return all
}
