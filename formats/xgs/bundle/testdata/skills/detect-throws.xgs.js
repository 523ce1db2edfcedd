// ==XGooseSkill==
// @name detect-throws
// @namespace detectthrows
// @version 0.1.0
// @description Its @detect throws, which counts as false.
// @match *://*/*
// @detect document.noSuchThing.deeper === 1
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
