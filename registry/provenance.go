package registry

import (
	"strings"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/review"
)

// Provenance is review.ProvenanceOf with what the source knows: the
// repository and ref of a github: source, and the digest its index
// published when the content was checked against it.
func Provenance(s *model.Skill) review.Provenance {
	p := review.ProvenanceOf(s)
	if s == nil {
		return p
	}
	for _, f := range s.Fields {
		if f.Name == VerifiedField {
			p.Digest, p.DigestVerified = strings.TrimSuffix(f.Value, " verified"), true
		}
	}
	if IsRemote(p.SourceURL) {
		if spec, err := ParseSpec(p.SourceURL); err == nil && spec.Kind == SpecGitHub {
			p.Repository, p.Commit = "github.com/"+spec.Owner+"/"+spec.Repo, spec.Ref
		}
	}
	return p
}
