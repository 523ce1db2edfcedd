// ==XGooseSkill==
// @name bad-namespace
// @namespace not-an-identifier
// @version 0.1.0
// @description Its namespace cannot be a property name in code (a build fixture).
// @match *://*/*
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
