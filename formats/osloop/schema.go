package osloop

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/skillstudio/skillstudio/internal/jsonschema"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// noLoader refuses every $ref outside the schema itself: a skill's schema
// must not make lint read local files or the network.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("external $ref %s is not followed", url)
}

var english = message.NewPrinter(language.English)

// schemaProblem says why a schema does not compile: a one-line message and
// the JSON pointer (as path elements) of the offending value, when known.
type schemaProblem struct {
	msg     string
	pointer []string
}

// Compiling is most of a package's load time, and most of that is the
// compiler loading the draft 2020-12 metaschema. Compilers are reused (the
// metaschema stays loaded) and replaced after compilersUses schemas so
// their caches stay small; results are remembered by schema text, since
// libraries repeat the same small schemas.
const compilersUses = 256

type pooledCompiler struct {
	c    *jsonschema.Compiler
	uses int
}

var (
	compilers = sync.Pool{New: func() any { return newPooledCompiler() }}
	results   sync.Map // string(raw) → *schemaProblem (nil for ok)
	resultsN  atomic.Int64
)

const maxRemembered = 4096

// rememberSchemas is switched off by benchmarks that measure compiling.
var rememberSchemas = true

func newPooledCompiler() *pooledCompiler {
	c := jsonschema.NewCompiler()
	c.UseLoader(noLoader{})
	return &pooledCompiler{c: c}
}

// checkSchemaNode says why the schema n of d does not compile, or nil; the
// fast path answers for plain schemas without compiling.
func checkSchemaNode(d *Doc, n *Node) *schemaProblem {
	if plainSchemaOK(n) {
		return nil
	}
	return compileSchema(rawOf(d, n))
}

// compileSchema compiles raw as a JSON Schema; nil when it compiles.
func compileSchema(raw []byte) *schemaProblem {
	if len(raw) == 0 {
		return nil
	}
	if !rememberSchemas {
		return compileUncached(raw)
	}
	if r, ok := results.Load(string(raw)); ok {
		return r.(*schemaProblem)
	}
	p := compileUncached(raw)
	if resultsN.Add(1) <= maxRemembered {
		results.Store(string(raw), p)
	}
	return p
}

func compileUncached(raw []byte) *schemaProblem {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return &schemaProblem{msg: err.Error()}
	}
	pc := compilers.Get().(*pooledCompiler)
	if pc.uses >= compilersUses {
		pc = newPooledCompiler()
	}
	pc.uses++
	defer compilers.Put(pc)
	url := "mem:///" + strconv.Itoa(pc.uses) + "/schema.json"
	if err := pc.c.AddResource(url, doc); err != nil {
		return &schemaProblem{msg: err.Error()}
	}
	_, err = pc.c.Compile(url)
	if err == nil {
		return nil
	}
	var sve *jsonschema.SchemaValidationError
	if errors.As(err, &sve) {
		var ve *jsonschema.ValidationError
		if errors.As(sve.Err, &ve) {
			leaf := deepest(ve)
			return &schemaProblem{msg: leaf.ErrorKind.LocalizedString(english), pointer: leaf.InstanceLocation}
		}
	}
	msg := strings.ReplaceAll(err.Error(), url, "")
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	return &schemaProblem{msg: strings.TrimSpace(msg)}
}

// deepest follows the first cause down to the most specific error, the
// one naming the keyword at fault.
func deepest(e *jsonschema.ValidationError) *jsonschema.ValidationError {
	for len(e.Causes) > 0 {
		next := e.Causes[0]
		for _, c := range e.Causes {
			if len(c.InstanceLocation) > len(next.InstanceLocation) {
				next = c
			}
		}
		e = next
	}
	return e
}

// at returns the node the problem's pointer names inside schema, or the
// schema itself.
func (p *schemaProblem) at(schema *Node) *Node {
	n := schema
	for _, key := range p.pointer {
		var next *Node
		switch n.Kind {
		case KindObject:
			next = n.Get(key)
		case KindArray:
			i := 0
			for _, c := range key {
				if c < '0' || c > '9' {
					i = -1
					break
				}
				i = i*10 + int(c-'0')
			}
			if i >= 0 && i < len(n.Items) {
				next = n.Items[i]
			}
		}
		if next == nil {
			break
		}
		n = next
	}
	return n
}

func (p *schemaProblem) where() string {
	if len(p.pointer) == 0 {
		return ""
	}
	return " at /" + strings.Join(p.pointer, "/")
}
