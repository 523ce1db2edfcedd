// ==XGooseSkill==
// @name greeter-plus
// @namespace greeterplus
// @version 0.1.0
// @description Builds on base-kit through the page global (a build fixture).
// @match *://*/*
// @require base-kit
// @primary shout
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

export default defineSkill({
  shout: fn({
    summary: "Greets loudly via base-kit. Returns { greeting: string }.",
    input: z.object({ who: z.string().max(40).describe("Who to greet") }),
    output: z.object({ greeting: z.string() }),
    examples: [{ args: { who: "Ada" } }],
    handler: async ({ who }) => {
      const base = window.xgoose?.skills?.basekit;
      if (!base) throw new Error("greeterplus.shout: base-kit skill not loaded");
      const { greeting } = await base.greet({ who });
      return { greeting: greeting.toUpperCase() };
    },
  }),
});
