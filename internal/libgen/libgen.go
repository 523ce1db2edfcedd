// Package libgen writes generated skill libraries of any size, a realistic
// mix of the three formats, for skillstudio's benchmarks (formats' Go
// benchmarks and bench/compare.sh). The content is written here.
package libgen

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Generate writes n skills under dir, a realistic mix of the three
// formats in groups of up to 99 (as real repositories hold them): each
// group has an xgs/ folder of .xgs.js files, a skills-md/ folder of
// SKILL.md skills (every fifth with a references/ file), and an OS Loop
// repository osloop/skills/ with an index.json listing its packages.
// The content is written here for skillstudio's benchmarks.
func Generate(dir string, n int) error {
	const perGroup = 99
	for g := 0; g*perGroup < n; g++ {
		groupDir := filepath.Join(dir, fmt.Sprintf("group-%03d", g))
		var index []string
		for i := g * perGroup; i < min(n, (g+1)*perGroup); i++ {
			var err error
			switch i % 3 {
			case 0:
				err = writeGenFile(filepath.Join(groupDir, "xgs", fmt.Sprintf("site-%05d.xgs.js", i)), genXGS(i))
			case 1:
				name := fmt.Sprintf("guide-%05d", i)
				err = writeGenFile(filepath.Join(groupDir, "skills-md", name, "SKILL.md"), genSkillMD(i, name))
				if err == nil && i%5 == 1 {
					err = writeGenFile(filepath.Join(groupDir, "skills-md", name, "references", "details.md"), genReference(i))
				}
			case 2:
				name := fmt.Sprintf("tool-%05d", i)
				pkg := filepath.Join(groupDir, "osloop", "skills", name)
				err = writeGenFile(filepath.Join(pkg, "manifest.json"), genManifest(i, name))
				if err == nil {
					err = writeGenFile(filepath.Join(pkg, "module.ts"), genModule(i))
				}
				if err == nil {
					err = writeGenFile(filepath.Join(pkg, "docs.md"), genDocs(name))
				}
				index = append(index, genIndexEntry(i, name))
			}
			if err != nil {
				return err
			}
		}
		if len(index) > 0 {
			if err := writeGenFile(filepath.Join(groupDir, "osloop", "skills", "index.json"), "[\n"+strings.Join(index, ",\n")+"\n]\n"); err != nil {
				return err
			}
		}
	}
	return nil
}

func writeGenFile(p, content string) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, []byte(content), 0o644)
}

func genXGS(i int) string {
	return fmt.Sprintf(`// ==XGooseSkill==
// @name site-%05[1]d
// @namespace site%05[1]d
// @version 1.%[2]d.0
// @description Search and read listings on demo site %[1]d.
// @match *://site%[1]d.example.org/*
// @match *://www.site%[1]d.example.org/*
// @primary searchListings
// @keyword listings
// @keyword site%[1]d
// ==/XGooseSkill==

// Failure modes: the search endpoint answers 429 when called more than
// five times a second; wait and retry. Listings behind a login come back
// with "login_required" instead of their fields.

import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

const Listing = z.object({
  id: z.string().describe("Listing id, passed to getListing"),
  title: z.string(),
  price: z.number().describe("Price in the site's local currency"),
});

export default defineSkill({
  searchListings: fn({
    summary: "Search listings by keyword. Returns { listings: Listing[] }.",
    input: z.object({
      query: z.string().describe('Words to search for, e.g. "blue bicycle"'),
      page: z.number().int().min(0).optional(),
    }),
    output: z.object({ listings: z.array(Listing) }),
    examples: [{ args: { query: "blue bicycle" } }],
    handler: async ({ query, page }) => {
      const params = new URLSearchParams({ q: query });
      if (page !== undefined) params.set("page", String(page));
      const r = await fetch(`+"`/api/search?${params}`"+`, { credentials: "include" });
      if (!r.ok) throw new Error(`+"`search → HTTP ${r.status}`"+`);
      return await r.json();
    },
  }),
  getListing: fn({
    summary: "Read one listing. Returns a Listing, or { status: \"login_required\" }.",
    input: z.object({ id: z.string().describe("A Listing id from searchListings") }),
    output: Listing,
    examples: [{ args: { id: "L-%[1]d" } }],
    handler: async ({ id }) => {
      const r = await fetch(`+"`/api/listings/${encodeURIComponent(id)}`"+`, { credentials: "include" });
      if (r.status === 401) return { status: "login_required" };
      if (!r.ok) throw new Error(`+"`getListing → HTTP ${r.status}`"+`);
      return await r.json();
    },
  }),
});
`, i, i%10)
}

func genSkillMD(i int, name string) string {
	refs := ""
	if i%5 == 1 {
		refs = "\nSee [the details](references/details.md) for edge cases.\n"
	}
	return fmt.Sprintf(`---
name: %[1]s
description: Walks through checklist %[2]d step by step. Use when the user asks to review, audit or prepare item %[2]d.
license: MIT
metadata:
  author: skillstudio benchmarks
  version: "1.0.%[3]d"
---

# Checklist %[2]d

Follow the steps in order. Stop and ask when an answer is unclear.

## Before you start

- Confirm which project the user means.
- Read the project's README and any CONTRIBUTING file.
- Note the language, the build tool and the test command.

## Steps

1. Run the tests and record which fail.
2. Read the failing tests first; they say what is expected.
3. Make the smallest change that makes one test pass.
4. Run the tests again.
5. Repeat until every test passes.

## Reporting

Summarise what changed, which tests were fixed, and anything left open.
%[4]s`, name, i, i%7, refs)
}

func genReference(i int) string {
	return fmt.Sprintf("# Details for checklist %d\n\n## Edge cases\n\n- Empty input.\n- Very long input.\n- Input in another language.\n", i)
}

func genManifest(i int, name string) string {
	return fmt.Sprintf(`{
  "name": "%[1]s",
  "description": "Transforms text in way %[2]d",
  "version": "1.0.%[3]d",
  "author": "skillstudio benchmarks",
  "schemaVersion": "2.0",
  "capabilities": ["text-transform-%[2]d"],
  "requiredBindings": [],
  "permissions": [],
  "inputSchema": {
    "type": "object",
    "properties": { "text": { "type": "string", "description": "Text to transform" } },
    "required": ["text"]
  },
  "outputSchema": {
    "type": "object",
    "properties": { "result": { "type": "string", "description": "Transformed text" } },
    "required": ["result"]
  },
  "compatibilityRequirements": [],
  "supportedPlatforms": [],
  "bridgeRequirement": "never",
  "workspaceSupport": "none",
  "workspaceSchemaVersion": null,
  "longRunningSupport": "none",
  "userInputSupport": false,
  "artifactVersioningSupport": false,
  "executionMode": "declarative",
  "agenticConfig": {
    "enabled": false,
    "requiresWorkspace": false,
    "supportsBackgroundExecution": false,
    "supportsRoleBasedExecution": false,
    "maxStepsPerRun": null,
    "defaultStepBudget": null
  }
}
`, name, i, i%9)
}

func genModule(i int) string {
	return fmt.Sprintf(`/** Transforms text (variant %d). */
export async function execute(
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const text = typeof args.text === "string" ? args.text : "";
  const words = text.split(/\s+/).filter((w) => w.length > 0);
  return { result: words.reverse().join(" ") };
}
`, i)
}

func genDocs(name string) string {
	return "# " + name + "\n\nTransforms the `text` input and returns `{ result }`.\n"
}

func genIndexEntry(i int, name string) string {
	return fmt.Sprintf(`  {
    "name": "%[1]s",
    "description": "Transforms text in way %[2]d",
    "version": "1.0.%[3]d",
    "author": "skillstudio benchmarks",
    "folderPath": "skills/%[1]s",
    "tags": ["text"],
    "supportedPlatforms": [],
    "bridgeRequirement": "never",
    "workspaceSupport": "none",
    "longRunningSupport": "none",
    "userInputSupport": false,
    "artifactVersioningSupport": false,
    "executionMode": "declarative"
  }`, name, i, i%9)
}
