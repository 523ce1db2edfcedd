// ==XGooseSkill==
// @name recipe-box
// @namespace recipes
// @version 1.2.0
// @description Search and read recipes on the Recipe Box demo site.
// @match *://recipes.example.org/*
// @primary findRecipes
// @keyword recipes
// @keyword cooking
// ==/XGooseSkill==

// Failure modes: the search endpoint answers 429 when called more than
// five times a second; callers should retry after a pause.

import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

export default defineSkill({
  findRecipes: fn({
    summary: "Search recipes by keyword. Returns { recipes: { id: string, title: string }[] }.",
    input: z.object({
      query: z.string().describe('Words to search for, e.g. "lentil soup"'),
    }),
    output: z.object({
      recipes: z.array(z.object({ id: z.string(), title: z.string() })),
    }),
    examples: [{ args: { query: "lentil soup" } }],
    handler: async ({ query }) => {
      const params = new URLSearchParams({ q: query });
      const r = await fetch(`/api/search?${params}`, { credentials: "include" });
      if (!r.ok) throw new Error(`search → HTTP ${r.status}`);
      return await r.json();
    },
  }),
});
