// ==XGooseSkill==
// @name m-1
// @namespace m1
// @version 1.0.0
// @match *://x.org/*
// @primary f0
// ==/XGooseSkill==

import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

const Shared = z.array(z.literal(3).describe('a date').optional()).optional();

export default defineSkill({
  f0: fn({
    summary: ``,
    input: z.number().min(0).max(10).catch(1).nullable(),
    
    examples: [],
    handler: async ({ query }) => { try { await f(); } catch (e) {} },
  }),
  f1: fn({
    summary: ``,
    input: z.object({ query: z.array(z.array(z.literal(3).readonly().describe('the page url')).describe('a date').describe('the page url')).nullish(), 'url': z.boolean().nullish().describe('the page url'), href: z.union([z.record(z.string(), z.number().positive().describe('Price in USD').describe('Price in USD')).nullable(), z.enum(['new','old'])]).describe('Price in USD').catch(1), '0': z.null().default("blue bicycle") }),
    output: Shared,
    examples: [],
    handler: async (...r) => { throw "x"; },
  }),
});
