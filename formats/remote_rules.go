package formats

import "github.com/skillstudio/skillstudio/model"

// RemoteRules are the findings a remote source reports about itself: an
// index entry that cannot be followed, content that fails its digest, an
// archive that is refused. They are library-level diagnostics (or, for
// verification, a skill field); lint prints them like any other.
var RemoteRules = model.RuleSet{
	{ID: "remote/fetch-failed", Severity: model.SeverityError, Doc: "A file a remote index lists could not be fetched, so its skill is not shown."},
	{ID: "remote/bad-entry", Severity: model.SeverityError, Doc: "An index entry lacks a field it needs (a name, a folder, a type, a URL) or has one of the wrong kind; it is skipped."},
	{ID: "remote/path-escape", Severity: model.SeverityError, Doc: "A path or URL from a remote index leaves the source it belongs to; it is rejected, never followed."},
	{ID: "remote/digest-mismatch", Severity: model.SeverityError, Doc: "Fetched content does not match the sha256 digest its index gives; it may be corrupt or tampered with and is not used."},
	{ID: "remote/archive-rejected", Severity: model.SeverityError, Doc: "A skill archive is unsafe or too big (a path leaving the folder, a link, over 1,000 files or 50 MB unpacked) and is not unpacked."},
	{ID: "remote/missing-file", Severity: model.SeverityWarning, Doc: "A registry lists a skill whose source file is not published next to it."},
	{ID: "remote/unverified", Severity: model.SeverityInfo, Doc: "The index gives no digest for a skill, so its content cannot be verified."},
	{ID: "remote/stale-cache", Severity: model.SeverityInfo, Doc: "Some files came from the cache and could not be confirmed current (offline, or the server failed)."},
	{ID: "remote/truncated", Severity: model.SeverityWarning, Doc: "A repository listing was cut short at the folder limit; some skills may be missing."},
}
