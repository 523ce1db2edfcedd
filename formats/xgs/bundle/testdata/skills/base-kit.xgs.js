// ==XGooseSkill==
// @name base-kit
// @namespace basekit
// @version 0.3.0
// @description Shared helpers other fixture skills build on.
// @match *://*/*
// @primary greet
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

export default defineSkill({
  greet: fn({
    summary: "Greets someone. Returns { greeting: string }.",
    input: z.object({ who: z.string().max(40).describe("Who to greet") }),
    output: z.object({ greeting: z.string() }),
    examples: [{ args: { who: "Ada" } }],
    handler: async ({ who }) => ({ greeting: `Hello, ${who}!` }),
  }),
});
