// ==XGooseSkill==
// @name m-7
// @namespace m7
// @version 1.0.0
// @match *://x.org/*
// @primary f0
// ==/XGooseSkill==

import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

const Shared = z.string().date().catch(1).describe('Price in USD');

export default defineSkill({
  f0: fn({
    summary: 'multi\nline',
    input: z.object({ imageUrl: z.date().describe('Price in USD'), 'tags': z.object({ checkin: z.url().nullable(), price: Shared.describe('a date'), query: z.coerce.number().readonly().catch(1) }).pick({ query: true }).describe('Price in USD') }),
    output: Shared,
    examples: [],
    handler: async ({ query }) => { try { await f(); } catch (e) {} },
  }),
});
