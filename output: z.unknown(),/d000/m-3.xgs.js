// ==XGooseSkill==
// @name m-3
// @namespace m3
// @version 1.0.0
// @match *://x.org/*
// @primary f0
// ==/XGooseSkill==

import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

const Shared = z.string().regex(/^[a-z]+$/);

export default defineSkill({
  f0: fn({
    summary: ``,
    input: z.object({ a: z.number().gt(1).lt(5).describe('Price in USD'), 'x-y': z.number().describe('Price in USD').nullish(), date: z.number().gt(1).lt(5).nullish().describe('a date') }).partial(),
    output: z.unknown(),
    examples: [{ args: {  }, note: 'n' }, { args: {  }, note: 'n' }],
    handler: async (...r) => { const r = await fetch(u); if (!r.ok) throw new Error("x"); return r.json(); },
  }),
});
