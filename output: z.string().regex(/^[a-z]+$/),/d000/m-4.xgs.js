// ==XGooseSkill==
// @name m-4
// @namespace m4
// @version 1.0.0
// @match *://x.org/*
// @primary f0
// ==/XGooseSkill==

import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

const Shared = z.number().describe('Price in USD').catch(1);

export default defineSkill({
  f0: fn({
    summary: 'Does things',
    input: z.object({ 'currency': z.literal('a').catch(1), '__proto__': z.number().multipleOf(2) }).partial(),
    output: z.string().regex(/^[a-z]+$/),
    examples: [],
    handler: async ({ query }) => { try { await f(); } catch (e) {} },
  }),
});
