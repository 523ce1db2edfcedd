package review

import (
	"path"
	"slices"
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// Provenance is where a skill came from, as far as the CLI can tell. It is
// data only: the CLI fills it when it fetches or opens a skill, the studio
// shows it beside the findings.
type Provenance struct {
	// SourceURL is what the user asked for (a URL, a registry name, a path).
	SourceURL string `json:"sourceUrl,omitempty"`
	// Repository and Commit identify the git source, when there is one.
	Repository string `json:"repository,omitempty"`
	Commit     string `json:"commit,omitempty"`
	// Digest is the content digest ("sha256:…"); DigestVerified is true only
	// when it was checked against one published by the source.
	Digest         string `json:"digest,omitempty"`
	DigestVerified bool   `json:"digestVerified"`
	// LicenseFile is the path of a LICENSE/COPYING file shipped with the
	// skill, "" when there is none.
	LicenseFile string `json:"licenseFile,omitempty"`
}

// licenceNames are the file names (any case, any extension) a licence
// ships under.
var licenceNames = []string{"license", "licence", "copying", "unlicense"}

// ProvenanceOf fills what the skill itself shows: where it was read from
// and its licence file. Digests and repositories are the source's to add.
func ProvenanceOf(s *model.Skill) Provenance {
	var p Provenance
	if s == nil {
		return p
	}
	p.SourceURL = s.Location.Source
	for _, f := range s.Files {
		base := strings.ToLower(path.Base(f))
		base = strings.TrimSuffix(base, path.Ext(base))
		if slices.Contains(licenceNames, base) && !strings.Contains(f, "/") {
			p.LicenseFile = f
			break
		}
	}
	return p
}

// Line is the provenance on one line: "source … · repository … · digest …
// verified · licence LICENSE" (what is not known is said so).
func (p Provenance) Line() string {
	parts := []string{"source " + p.SourceURL}
	if p.Repository != "" {
		r := "repository " + p.Repository
		if p.Commit != "" {
			r += "@" + p.Commit
		}
		parts = append(parts, r)
	}
	switch {
	case p.Digest != "" && p.DigestVerified:
		parts = append(parts, "digest "+p.Digest+" verified")
	case p.Digest != "":
		parts = append(parts, "digest "+p.Digest+" not verified")
	default:
		parts = append(parts, "no published digest")
	}
	if p.LicenseFile != "" {
		parts = append(parts, "licence "+p.LicenseFile)
	} else {
		parts = append(parts, "no licence file")
	}
	return strings.Join(parts, " · ")
}
