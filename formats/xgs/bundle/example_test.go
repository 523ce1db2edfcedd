package bundle_test

import (
	"fmt"

	"github.com/skillstudio/skillstudio/formats/xgs/bundle"
)

// The studio keeps one Builder and rebuilds the open skill on each save;
// Result.Status is its status-bar line ("name  12.3 kB  4.2 ms", or the
// first error as file:line:col).
func ExampleBuilder() {
	b := bundle.NewBuilder(bundle.Options{})
	defer b.Close()

	r := b.Rebuild("testdata/skills/base-kit.xgs.js")
	fmt.Println(r.OK(), r.Name, r.Namespace, len(r.Skill.Functions))

	r = b.Rebuild("testdata/broken/syntax-error.xgs.js")
	fmt.Println(r.OK(), r.FirstError())
	// Output:
	// true base-kit basekit 1
	// false testdata/broken/syntax-error.xgs.js:18:3: Unexpected "}"
}
