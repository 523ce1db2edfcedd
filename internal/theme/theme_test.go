package theme

import "testing"

func TestResolve(t *testing.T) {
	cases := []struct {
		flag, config string
		env          []string
		want         Choice
		bad          bool
	}{
		{want: Choice{Dark: true}},
		{flag: "light", env: []string{"SKILLSTUDIO_THEME=dark"}, want: Choice{Fixed: true}},
		{env: []string{"SKILLSTUDIO_THEME=Light"}, config: "dark", want: Choice{Fixed: true}},
		{config: "dark", want: Choice{Dark: true, Fixed: true}},
		{flag: "auto", config: "light", want: Choice{Dark: true}},
		{env: []string{"NO_COLOR=1"}, want: Choice{Dark: true, NoColor: true}},
		{env: []string{"NO_COLOR="}, want: Choice{Dark: true}},
		{flag: "blue", bad: true},
	}
	for _, c := range cases {
		got, err := Resolve(c.flag, c.config, c.env)
		if (err != nil) != c.bad {
			t.Errorf("%+v: err %v", c, err)
			continue
		}
		if !c.bad && got != c.want {
			t.Errorf("%+v: got %+v", c, got)
		}
	}
}
