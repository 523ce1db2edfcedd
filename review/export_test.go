package review

// Test helpers shared with the external test package (review_test), which
// loads skills through formats; formats lists review.Rules, so those tests
// cannot live inside package review.
var (
	FakeAWS      = fakeAWS
	ManifestFull = manifestFull
	Tagged       = tagged
)
