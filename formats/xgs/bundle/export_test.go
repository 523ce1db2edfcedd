package bundle

// The node harness, for the external tests of package bundle_test (which
// may import cli, a package that imports this one).
var RunPage = runPage

type PageStep = pageStep
