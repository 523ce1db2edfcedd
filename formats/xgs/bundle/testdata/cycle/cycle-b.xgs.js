// ==XGooseSkill==
// @name cycle-b
// @namespace cycleb
// @version 0.1.0
// @description Requires cycle-a, which requires it back (a build fixture).
// @match *://*/*
// @require cycle-a
// @primary ping
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

export default defineSkill({
  ping: fn({
    summary: "Answers pong. Returns the string \"pong\".",
    input: z.object({}),
    examples: [{ args: {} }],
    handler: async () => "pong",
  }),
});
