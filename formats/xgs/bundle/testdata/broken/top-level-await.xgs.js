// ==XGooseSkill==
// @name top-level-await
// @namespace tla
// @version 0.1.0
// @description Awaits at the top level, which an IIFE cannot hold (a build fixture).
// @match *://*/*
// @primary ping
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

const answer = await Promise.resolve("pong");

export default defineSkill({
  ping: fn({
    summary: "Answers pong. Returns the string \"pong\".",
    input: z.object({}),
    examples: [{ args: {} }],
    handler: async () => answer,
  }),
});
