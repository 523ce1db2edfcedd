// ==XGooseSkill==
// @name m-0
// @namespace m0
// @version 1.0.0
// @match *://x.org/*
// @primary f0
// ==/XGooseSkill==

import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

const Shared = z.bigint().default('a\nb');

export default defineSkill({
  f0: fn({
    summary: 'Returns { a }',
    input: z.object({ __proto__: z.boolean().nullable(), 'page': z.array(z.date()) }).pick({ query: true }),
    output: Shared,
    examples: [],
    handler: async () => { const r = await fetch(u); if (!r.ok) throw new Error("x"); return r.json(); },
  }),
  f1: fn({
    summary: ``,
    input: z.object({ href: z.number().gt(1).lt(5).readonly(), amount: z.string(), é: z.array(z.string().regex(/^[a-z]+$/)).nullable().catch(1) }).strict(),
    output: Shared,
    examples: [{ args: { 'price': { 'rateLimit': true, '1': false }, 'rateLimit': null }, returns: undefined }, { args: { '0': [], 'price': [], 'tags': {}, 'page': '' }, note: 'n' }],
    handler: async () => { throw "x"; },
  }),
});
