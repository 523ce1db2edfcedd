// ==XGooseSkill==
// @name text-kit
// @namespace textkit
// @version 1.2.0
// @description Small text helpers that run without the network (a build fixture).
// @match *://*/*
// @detect typeof document !== "undefined"
// @primary slugify
// @keyword text
// @keyword slug
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

// Fixture for skillstudio's bundle tests: every handler is pure, so the
// Node test can call each one.

const Words = z.array(z.string().min(1).describe("One word")).min(1).max(50);

export default defineSkill({
  slugify: fn({
    summary: "Turns a title into a URL slug. Returns { slug: string }.",
    input: z.object({
      title: z.string().max(200).describe('Any title, e.g. "Hello, World"'),
      separator: z.enum(["-", "_"]).default("-").describe("Joins the words"),
    }),
    output: z.object({ slug: z.string() }),
    examples: [{ args: { title: "Hello, World" }, returns: { slug: "hello-world" } }],
    handler: async ({ title, separator = "-" }) => {
      const words = title.toLowerCase().match(/[a-z0-9]+/g) || [];
      return { slug: words.join(separator) };
    },
  }),
  countWords: fn({
    summary: "Counts words. Returns { total, unique }.",
    input: z.object({
      words: Words.describe("The words to count"),
      ignoreCase: z.boolean().optional(),
    }),
    output: z.object({
      total: z.number().int().nonnegative(),
      unique: z.number().int().nonnegative(),
    }),
    examples: [{ args: { words: ["a", "b", "A"], ignoreCase: true }, note: "case folded" }],
    handler: async ({ words, ignoreCase }) => {
      const norm = ignoreCase ? words.map((w) => w.toLowerCase()) : words;
      return { total: words.length, unique: new Set(norm).size };
    },
  }),
});
