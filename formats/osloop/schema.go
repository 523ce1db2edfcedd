package osloop

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// noLoader refuses every $ref outside the schema itself: a skill's schema
// must not make lint read local files or the network.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("external $ref %s is not followed", url)
}

// compileSchema compiles raw as a JSON Schema and returns why it is not
// one, or "" when it compiles.
func compileSchema(raw []byte) string {
	if len(raw) == 0 {
		return ""
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return err.Error()
	}
	c := jsonschema.NewCompiler()
	c.UseLoader(noLoader{})
	const url = "mem:///schema.json"
	if err := c.AddResource(url, doc); err != nil {
		return err.Error()
	}
	if _, err := c.Compile(url); err != nil {
		msg := err.Error()
		// The library's messages repeat the synthetic URL; drop it.
		msg = strings.ReplaceAll(msg, url, "")
		return strings.TrimSpace(msg)
	}
	return ""
}
