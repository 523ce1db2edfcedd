// ==XGooseSkill==
// @name bad-detect
// @namespace baddetect
// @version 0.1.0
// @description Its @detect is not an expression (a build fixture).
// @match *://*/*
// @detect document.querySelector("x") !==
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
