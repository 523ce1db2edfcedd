// ==XGooseSkill==
// @name syntax-error
// @namespace syntaxerror
// @version 0.1.0
// @description A body that does not parse (a build fixture).
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
    handler: async () => { return "pong" ,
  }),
});
