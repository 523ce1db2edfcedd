package typosquat

import "strings"

// Scope squats and combosquats: two more shapes of a borrowed name that
// the one-edit comparison does not see.
//
// A scope squat is an npm name under a scope drawn like a popular one
// (@type/node, @anthropic/sdk for @anthropic-ai/sdk): the package part
// is whatever the real scope holds, so only the scope is compared.
//
// A combosquat is a popular name with a suffix that promises a better
// version of it (lodash-secure, requests-fix, axios2). Only the suffixes
// in comboSuffixes count: a popular name with any other suffix
// (requests-toolbelt, lodash-es) is usually its own honest package, and
// the honest lists hold the ones that end in these suffixes too.

// popularScopes are npm scopes that hold widely installed packages, with
// their leading @; written from public knowledge of npm's most installed
// scoped packages, not copied from a list.
var popularScopes = []string{
	"@types", "@anthropic-ai", "@modelcontextprotocol", "@babel", "@angular", "@vue", "@aws-sdk",
	"@google-cloud", "@azure", "@octokit", "@nestjs", "@prisma", "@sentry", "@typescript-eslint",
	"@reduxjs", "@tanstack", "@mui", "@emotion", "@vercel", "@supabase", "@langchain", "@radix-ui",
	"@testing-library", "@storybook", "@playwright", "@vitejs", "@rollup", "@esbuild", "@eslint",
	"@smithy", "@cloudflare", "@slack", "@discordjs", "@firebase", "@grpc", "@apollo", "@sveltejs",
	"@remix-run", "@astrojs", "@react-native", "@react-navigation", "@fastify", "@trpc", "@clerk",
	"@solana", "@ethersproject", "@metamask", "@npmcli", "@openai", "@google", "@microsoft",
	"@stripe", "@nuxt", "@next", "@expo", "@swc", "@jest", "@nodelib", "@headlessui", "@heroicons",
}

// honestScopes are real scopes near a popular one (@google beside
// @google-cloud, @vue beside @vuex): never reported.
var honestScopes = []string{"@aws", "@google-ai", "@googleapis", "@microsoft-ai", "@azure-rest", "@vuex", "@nuxtjs", "@angular-devkit", "@babel-plugin", "@types-ts", "@stripe-internal", "@expo-google-fonts", "@swc-node", "@jest-mock", "@react-native-community", "@openai-agents"}

// comboSuffixes promise a fixed, safer or newer copy of a popular package,
// which is what a combosquat sells. "2" is there for axios2-style names;
// real packages of that shape (mysql2, nose2) are popular or honest.
var comboSuffixes = []string{"-secure", "-security", "-safe", "-fix", "-fixed", "-patch", "-patched", "-official", "-latest", "-updated", "2"}

// nearScope compares the scope of an npm name with the popular scopes.
func nearScope(name string) (Match, bool) {
	scope, pkg, ok := strings.Cut(name, "/")
	if !ok || !strings.HasPrefix(scope, "@") || pkg == "" || len(scope) < 3 {
		return Match{}, false
	}
	ns := sets()
	if ns.scopes[scope] || ns.honestScopes[scope] {
		return Match{}, false
	}
	bare, skel := stripSeparators(scope), skeleton(scope)
	for _, p := range popularScopes {
		real := p + "/" + pkg
		switch {
		case bare == stripSeparators(p):
			return Match{real, "the scope with a separator added or dropped"}, true
		case skel == skeleton(p):
			return Match{real, "the scope in look-alike letters"}, true
		case len(p) > minEditLen && oneEdit(scope, p) != "":
			// Four-letter scopes (@vue, @jest, @nuxt) are one edit
			// from too many honest ones (@test, @next).
			return Match{real, "the scope " + oneEdit(scope, p)}, true
		case len(scope) > minEditLen && strings.HasPrefix(p, scope+"-") && len(p)-len(scope) <= 4:
			// @anthropic for @anthropic-ai: the popular scope without
			// its short tail (-ai, -ui, -run), the part people forget.
			return Match{real, "the scope cut short"}, true
		}
	}
	return Match{}, false
}

// nearCombo reports a popular name with a combosquat suffix (key is
// already normalised and neither popular nor honest).
func nearCombo(reg Registry, key string) (Match, bool) {
	for _, suf := range comboSuffixes {
		// The registries' own folding turns _ and . into - in key.
		base, ok := strings.CutSuffix(key, suf)
		if !ok || len(base) < minEditLen {
			continue
		}
		for _, p := range popular[reg] {
			if normalize(reg, p) == base {
				return Match{p, "the popular name with " + strings.TrimPrefix(suf, "-") + " added"}, true
			}
		}
	}
	return Match{}, false
}
