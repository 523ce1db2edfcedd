// ==XGooseSkill==
// @name schema-zoo
// @namespace zoo
// @version 0.1.0
// @description Every Zod construct skillstudio documents, one field each (a build fixture).
// @match https://example.com/*
// @primary everything
// @keyword fixture
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

const Point = z.tuple([z.number().describe("x in px"), z.number().describe("y in px")]);

export default defineSkill({
  everything: fn({
    summary: "Echoes its arguments back. Returns { echoed: object }.",
    input: z.object({
      text: z.string().min(1).max(80).describe("Free text"),
      code: z.string().length(3).regex(/^[A-Z]{3}$/).describe("IATA code"),
      site: z.string().url(),
      mail: z.string().email(),
      id: z.string().uuid(),
      day: z.string().date(),
      stamp: z.string().datetime(),
      count: z.number().int().min(1).max(9).describe("How many"),
      ratio: z.number().gte(0).lte(1).describe("Share, 0 to 1"),
      price: z.number().positive().describe("Price in USD"),
      offset: z.number().nonnegative().describe("Offset in items"),
      flag: z.boolean(),
      nothing: z.null(),
      whatever: z.any(),
      mystery: z.unknown(),
      when: z.date(),
      kind: z.literal("zoo"),
      answer: z.literal(42),
      mode: z.enum(["fast", "slow"]),
      tags: z.array(z.string().describe("A tag")).min(1).max(5).describe("Tags"),
      ids: z.number().int().array().length(2).describe("Two ids"),
      either: z.union([z.string(), z.number()]).describe("A name or a number"),
      counts: z.record(z.number().int()).describe("Counts by key"),
      labels: z.record(z.string(), z.string()).describe("Labels by key"),
      point: Point,
      maybe: z.string().describe("inner").nullable(),
      maybeOuter: z.string().nullable().describe("outer"),
      later: z.string().optional().describe("Optional text"),
      level: z.number().int().default(3).describe("Level, default 3"),
      nested: z.object({ a: z.string().describe("A"), b: z.number().optional().describe("B") }),
      unionArray: z.array(z.union([z.literal("a"), z.literal("b")])),
    }),
    output: z.object({ echoed: z.record(z.unknown()) }),
    examples: [{ args: { text: "hi", code: "SEA", count: 2 } }],
    handler: async (args) => ({ echoed: args }),
  }),
  noInput: fn({
    summary: "Takes nothing. Returns the string \"ok\".",
    examples: [{ args: {} }],
    handler: async () => "ok",
  }),
});
