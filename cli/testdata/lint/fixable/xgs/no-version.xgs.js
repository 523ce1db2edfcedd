// ==XGooseSkill==
// @name no-version
// @namespace noversion
// @description Has every directive it needs but @version.
// @match *://example.org/*
// @primary ping
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";
export default defineSkill({
  ping: fn({
    summary: "Returns { ok: true } when the site answers.",
    input: z.object({}),
    output: z.object({ ok: z.boolean() }),
    examples: [{ args: {} }],
    handler: async () => ({ ok: (await fetch("/")).ok }),
  }),
});
