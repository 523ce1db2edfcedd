package xgs

import (
	"bytes"
	"encoding/json"

	"github.com/skillstudio/skillstudio/model"
)

// Describe returns what the runtime's __describe__() (no argument) returns
// for these functions, in the shared contract's shape and source order:
//
//	{ "<fn>": { "summary", "signature", "invocation", "primary"?: true,
//	            "input", "output"?, "examples": [{ "args", "note"?, "returns"? }] } }
//
// The JSON is indented by two spaces.
func Describe(fns []model.Function) json.RawMessage {
	root := jsonObj()
	for _, f := range fns {
		v := jsonObj()
		v.set("summary", jsonStr(f.Summary))
		v.set("signature", jsonStr(f.Signature))
		v.set("invocation", jsonStr(f.Invocation))
		if f.Primary {
			v.set("primary", &jsonValue{kind: jsonBool, text: "true"})
		}
		v.set("input", rawValue(f.Input, jsonObj()))
		if len(f.Output) > 0 {
			v.set("output", rawValue(f.Output, jsonObj()))
		}
		exs := &jsonValue{kind: jsonArray, vals: []*jsonValue{}}
		for _, ex := range f.Examples {
			e := jsonObj()
			e.set("args", rawValue(ex.Args, &jsonValue{kind: jsonNull}))
			if ex.Note != "" {
				e.set("note", jsonStr(ex.Note))
			}
			if len(ex.Returns) > 0 {
				e.set("returns", rawValue(ex.Returns, &jsonValue{kind: jsonNull}))
			}
			exs.vals = append(exs.vals, e)
		}
		v.set("examples", exs)
		root.set(f.Name, v)
	}
	compact, _ := root.MarshalJSON()
	var out bytes.Buffer
	if err := json.Indent(&out, compact, "", "  "); err != nil {
		return compact
	}
	return out.Bytes()
}

// rawValue parses raw JSON keeping key order; def when absent or invalid.
func rawValue(raw json.RawMessage, def *jsonValue) *jsonValue {
	if len(raw) == 0 {
		return def
	}
	v, err := parseJSON(raw)
	if err != nil {
		return def
	}
	return v
}
