// ==XGooseSkill==
// @name m-5
// @namespace m5
// @version 1.0.0
// @match *://x.org/*
// @primary f0
// ==/XGooseSkill==

import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

const Shared = z.number().multipleOf(2).nullish();

export default defineSkill({
  f0: fn({
    summary: 'multi\nline',
    input: z.object({ rateLimit: Shared.nullable(), '1': z.object({ date: z.any(), startDate: z.email() }).partial().and(z.object({ page: z.string().nullish().optional(), 'é': z.number().positive().nullable(), price: z.email().readonly().describe('a date') }).pick({ query: true })).default('\ud800').readonly() }),
    output: Shared.optional().describe('a date'),
    examples: [{ args: {  }, note: 'n' }],
    handler: async ({ query }) => { try { await f(); } catch (e) {} },
  }),
  f1: fn({
    summary: 'Returns { a }',
    input: z.object({ tags: z.object({  }).pick({ query: true }).nullable() }),
    
    examples: [{ args: { 'id': undefined, 'rateLimit': undefined } }],
    handler: async (...r) => { try { await f(); } catch (e) {} },
  }),
  f2: fn({
    summary: 'Does things',
    input: z.any().nullish().describe('a date'),
    output: Shared,
    examples: [],
    handler: async (...r) => { const r = await fetch(u); if (!r.ok) throw new Error("x"); return r.json(); },
  }),
});
