// ==XGooseSkill==
// @name missing-import
// @namespace missingimport
// @version 0.1.0
// @description Imports a package that is not installed (a build fixture).
// @match *://*/*
// @primary pad
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";
import leftPad from "left-pad-not-installed";

export default defineSkill({
  pad: fn({
    summary: "Pads text. Returns the padded string.",
    input: z.object({ text: z.string().max(10).describe("Text to pad") }),
    examples: [{ args: { text: "7" } }],
    handler: async ({ text }) => leftPad(text, 3),
  }),
});
