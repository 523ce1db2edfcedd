// Package templates scaffolds new skills: .xgs.js files, SKILL.md folders
// and OS Loop packages, from templates embedded in the binary (builtin/)
// or written by the user ($XDG_CONFIG_HOME/skillstudio/templates/<format>/
// <name>/, the same layout).
//
// A template is a folder holding template.yaml (a one-line description and
// the optional parts a user may leave out) and the files of a new skill.
// A file whose name ends in .tmpl is rendered with text/template and the
// suffix dropped; any other file is copied as it is. A path segment
// __name__ becomes the skill's name. A rendered file that comes out blank
// is left out, so a template can make a file conditional.
//
// The flow is Lookup → Prepare (validate the values with the readers' own
// validators, render, refuse a target that exists, work out the OS Loop
// index.json edit) → Plan.Write (a temporary folder renamed into place, so
// a failure leaves nothing half-made). Everything a built-in template
// renders lints clean (zero errors, zero warnings, all rules on); the tests
// prove it for every template and several awkward inputs.
package templates
