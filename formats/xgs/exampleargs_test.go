package xgs

import (
	"reflect"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestInstanceIsParsedText: the instance checkExampleArgs validates is
// what parsing the example's JSON text gave, without the text.
func TestInstanceIsParsedText(t *testing.T) {
	obj := func(kv ...any) *jsonValue {
		v := jsonObj()
		for i := 0; i < len(kv); i += 2 {
			v.set(kv[i].(string), kv[i+1].(*jsonValue))
		}
		return v
	}
	arr := func(vs ...*jsonValue) *jsonValue { return &jsonValue{kind: jsonArray, vals: vs} }
	for _, v := range []*jsonValue{
		obj(),
		obj("a", jsonStr("x"), "n", jsonNum(1.5), "big", jsonNum(1e21), "neg", jsonNum(-0.000001)),
		obj("t", &jsonValue{kind: jsonBool, text: "true"}, "f", &jsonValue{kind: jsonBool, text: "false"}, "z", &jsonValue{kind: jsonNull}),
		obj("list", arr(jsonStr("a"), arr(), obj("k", jsonNum(2))), "q", jsonStr("say \"hi\"\n\t\\ \u2028 é")),
		obj("bad\xffkey", jsonStr("a\xff\xfeb\xc3"), "ok\ufffd", jsonStr("\ufffd")),
		obj("nan", jsonNum(nanValue())),
	} {
		want, err := jsonschema.UnmarshalJSON(strings.NewReader(v.String()))
		if err != nil {
			t.Fatalf("%s: %v", v, err)
		}
		if got := v.instance(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got %#v\nwant %#v", v, got, want)
		}
	}
}

func nanValue() float64 {
	zero := 0.0
	return zero / zero
}
