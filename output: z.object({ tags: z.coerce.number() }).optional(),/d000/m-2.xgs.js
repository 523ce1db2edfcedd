// ==XGooseSkill==
// @name m-2
// @namespace m2
// @version 1.0.0
// @match *://x.org/*
// @primary f0
// ==/XGooseSkill==

import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

const Shared = z.number().multipleOf(2).nullable();

export default defineSkill({
  f0: fn({
    summary: 'Returns { a }',
    input: z.object({ url: z.object({ url: z.string().min(2).max(5).describe('Price in USD').readonly() }).nullable(), amount: z.object({ tags: z.string().url().describe('a date').readonly(), 'id': z.coerce.number().describe('a date').describe('the page url') }), id: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe('Price in USD') }).extend({ extra: z.string() }),
    output: z.object({ tags: z.coerce.number() }).optional(),
    examples: [{ args: { 'a': [], 'date': [{ 'date': undefined, 'startDate': 0 }, [[], false], []], 'tags': {}, 'amount': undefined } }, { args: {  }, returns: null }],
    handler: async ({ query }) => { throw "x"; },
  }),
});
