// ==XGooseSkill==
// @name m-6
// @namespace m6
// @version 1.0.0
// @match *://x.org/*
// @primary f0
// ==/XGooseSkill==

import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

const Shared = z.any().nullish().default(`t`);

export default defineSkill({
  f0: fn({
    summary: 'Does things',
    input: z.object({  }).partial(),
    output: z.enum(['new','old']),
    examples: [{ args: { 'query': 100 } }],
    handler: async (a, b) => { try { await f(); } catch (e) {} },
  }),
  f1: fn({
    summary: ``,
    input: z.object({  }),
    output: z.record(z.string(), z.union([z.object({ imageUrl: z.string().min(2).max(5).describe('a date'), '10': z.number().min(0).max(10).catch(1) }).partial(), z.bigint().describe('the page url')]).readonly()),
    examples: [],
    handler: async (...r) => { throw "x"; },
  }),
  f2: fn({
    summary: 's',
    input: z.object({  }).strict().describe('a date').default('https://x.org/'),
    
    examples: [{ args: { 'currency': null }, note: 'n' }],
    handler: async ({ query }) => { return 1; },
  }),
});
