package review

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
