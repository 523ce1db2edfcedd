package typosquat

import "testing"

func TestNearFlagsTyposquats(t *testing.T) {
	for _, c := range []struct {
		reg           Registry
		name, popular string
	}{
		{PyPI, "reqeusts", "requests"},
		{PyPI, "python-dateutils", "python-dateutil"},
		{PyPI, "colourama", "colorama"},
		{PyPI, "Colourama", "colorama"},
		{PyPI, "beautifulsoup5", "beautifulsoup4"},
		{PyPI, "jeIlyfish", "jellyfish"},
		{PyPI, "pythondateutil", "python-dateutil"},
		{PyPI, "urlib3", "urllib3"},
		{PyPI, "tqmd", "tqdm"},
		{NPM, "lodahs", "lodash"},
		{NPM, "crossenv", "cross-env"},
		{NPM, "cross_env", "cross-env"},
		{NPM, "mongose", "mongoose"},
		{NPM, "discordjs", "discord.js"},
		{NPM, "expres", "express"},
		{NPM, "rnoment", "moment"},
		{NPM, "1odash", "lodash"},
		{Crates, "reqwets", "reqwest"},
		{Crates, "serde-jsn", "serde_json"},
		{Crates, "tokoi", "tokio"},
		{Go, "github.com/boltdb-go/bolt", "github.com/boltdb/bolt"},
		{Go, "github.com/spf31/cobra", "github.com/spf13/cobra"},
		{Go, "github.com/gorilla/websockets", "github.com/gorilla/websocket"},
		{Go, "github.com/stretchr/testfy/assert", "github.com/stretchr/testify"},
		{RubyGems, "nokogiri2", "nokogiri"},
		{RubyGems, "rest-cliet", "rest-client"},
	} {
		m, ok := Near(c.reg, c.name)
		if !ok || m.Popular != c.popular {
			t.Errorf("Near(%v, %q) = %+v, %v; want %q", c.reg, c.name, m, ok, c.popular)
		}
	}
}

func TestNearLeavesHonestNamesAlone(t *testing.T) {
	for _, c := range []struct {
		reg  Registry
		name string
	}{
		// The popular names themselves, in every spelling the registry folds.
		{PyPI, "requests"}, {PyPI, "Python_DateUtil"}, {PyPI, "python.dateutil"}, {PyPI, "PyYAML"},
		{NPM, "cross-env"}, {NPM, "lodash"}, {Crates, "serde-json"}, {Crates, "serde_json"},
		{Go, "github.com/spf13/cobra/doc"}, {Go, "github.com/go-chi/chi/v5"}, {RubyGems, "rails"},
		// Known honest near names.
		{PyPI, "request"}, {NPM, "requests"}, {NPM, "expresso"}, {PyPI, "psycopg"}, {PyPI, "attr"},
		{Crates, "base32"}, {NPM, "preact"}, {NPM, "mysql2"}, {PyPI, "markdown2"},
		// Popular names next to each other are both popular.
		{RubyGems, "rack"}, {RubyGems, "rake"}, {PyPI, "toml"}, {PyPI, "tomli"}, {NPM, "eslint"}, {NPM, "tslint"},
		// Short names: too many honest neighbours.
		{PyPI, "sax"}, {NPM, "wx"}, {NPM, "pq"}, {Crates, "lag"},
		// Unrelated names and other registries' names.
		{PyPI, "my-internal-tool"}, {NPM, "requests-oauthlib"}, {Go, "example.com/me/tool"},
		{Go, "github.com/someone/cobra"}, {PyPI, ""}, {Registry(99), "requests"},
	} {
		if m, ok := Near(c.reg, c.name); ok {
			t.Errorf("Near(%v, %q) = %+v; want no match", c.reg, c.name, m)
		}
	}
}

func TestOneEdit(t *testing.T) {
	for _, c := range []struct{ a, b, want string }{
		{"abc", "abc", ""}, {"abd", "abc", "one letter changed"}, {"acb", "abc", "two letters swapped"},
		{"abcd", "abc", "one letter added"}, {"ab", "abc", "one letter dropped"}, {"xbd", "abc", ""},
		{"", "a", "one letter dropped"}, {"bca", "abc", ""},
	} {
		if got := oneEdit(c.a, c.b); got != c.want {
			t.Errorf("oneEdit(%q, %q) = %q, want %q", c.a, c.b, got, c.want)
		}
	}
}

func FuzzNear(f *testing.F) {
	for _, s := range []string{"reqeusts", "crossenv", "github.com/boltdb-go/bolt", "a", "", "-_.", "github.com//"} {
		f.Add(uint8(0), s)
	}
	f.Fuzz(func(t *testing.T, reg uint8, name string) {
		m, ok := Near(Registry(reg%uint8(numRegistries+1)), name)
		if ok && m.Popular == "" {
			t.Fatalf("match with no popular name for %q", name)
		}
	})
}

func TestNearScopeSquatsAndCombosquats(t *testing.T) {
	for _, c := range []struct {
		reg           Registry
		name, popular string
	}{
		{NPM, "@anthropic/sdk", "@anthropic-ai/sdk"},
		{NPM, "@type/node", "@types/node"},
		{NPM, "@typess/node", "@types/node"},
		{NPM, "@modelcontextprot0col/sdk", "@modelcontextprotocol/sdk"},
		{NPM, "@model-context-protocol/server-github", "@modelcontextprotocol/server-github"},
		{NPM, "@anthropicai/sdk", "@anthropic-ai/sdk"},
		{NPM, "lodash-secure", "lodash"},
		{NPM, "axios2", "axios"},
		{NPM, "express-fixed", "express"},
		{PyPI, "requests-fix", "requests"},
		{PyPI, "requests_secure", "requests"},
		{PyPI, "colorama-patched", "colorama"},
		{Crates, "serde_json-official", "serde_json"},
		{RubyGems, "nokogiri-secure", "nokogiri"},
	} {
		m, ok := Near(c.reg, c.name)
		if !ok || m.Popular != c.popular {
			t.Errorf("Near(%v, %q) = %+v, %v; want %q", c.reg, c.name, m, ok, c.popular)
		}
	}
	for _, c := range []struct {
		reg  Registry
		name string
	}{
		{NPM, "@types/node"}, {NPM, "@anthropic-ai/sdk"}, {NPM, "@modelcontextprotocol/sdk"},
		{NPM, "@google/genai"}, {NPM, "@aws/lambda-invoke-store"}, {NPM, "@my-team/lodash"},
		{NPM, "@vue/cli"}, {NPM, "@vuex/x"}, {NPM, "@x/y"}, {NPM, "@test/x"}, {NPM, "@next/env"},
		{NPM, "@react/x"}, {NPM, "@testing/x"},
		{NPM, "lodash-es"}, {NPM, "mysql2"}, {PyPI, "requests-toolbelt"}, {PyPI, "markdown2"},
		{PyPI, "jinja2"}, {PyPI, "requests-oauthlib"}, {PyPI, "pytest-mock"}, {NPM, "express-session"},
	} {
		if m, ok := Near(c.reg, c.name); ok {
			t.Errorf("Near(%v, %q) = %+v; want no match", c.reg, c.name, m)
		}
	}
}
