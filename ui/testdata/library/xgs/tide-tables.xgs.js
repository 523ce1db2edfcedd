// ==XGooseSkill==
// @name tide-tables
// @namespace tides
// @version 0.3.0
// @description High and low tides for a harbour, read from the harbour office's public tide page.
// @match *://tides.example.org/*
// @connect <self>
// @primary nextTides
// @keyword tides
// @keyword sailing
// @author skillstudio tests
// ==/XGooseSkill==

// Tide tables come from the page's own JSON feed.
//
// Failure modes
// - A harbour id that does not exist answers 404: nextTides throws
//   "unknown harbour".

import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

const FEED = "/api/tides";

export default defineSkill({
  nextTides: fn({
    summary: "The next high and low tides for one harbour.",
    input: z.object({
      harbour: z.string().describe("Harbour id as shown in the page URL, e.g. brest"),
      count: z.number().int().min(1).max(12).optional().describe("How many tides to return (default 4)"),
    }),
    output: z.object({
      harbour: z.string(),
      tides: z.array(z.object({
        kind: z.enum(["high", "low"]),
        at: z.string().describe("ISO 8601 date-time"),
        heightMetres: z.number(),
      })),
    }),
    examples: [{ args: { harbour: "brest", count: 2 }, note: "the next high and low" }],
    handler: async ({ harbour, count = 4 }) => {
      const res = await fetch(`${FEED}/${encodeURIComponent(harbour)}?n=${count}`);
      if (res.status === 404) throw new Error("unknown harbour");
      if (!res.ok) throw new Error(`tide feed answered ${res.status}`);
      const body = await res.json();
      return { harbour, tides: body.tides };
    },
  }),
  harbours: fn({
    summary: "Every harbour the page knows, by id and name.",
    input: z.object({}),
    output: z.object({ harbours: z.array(z.object({ id: z.string(), name: z.string() })) }),
    examples: [{ args: {} }],
    handler: async () => {
      const res = await fetch(`${FEED}/harbours`);
      if (!res.ok) throw new Error(`tide feed answered ${res.status}`);
      return { harbours: await res.json() };
    },
  }),
});
