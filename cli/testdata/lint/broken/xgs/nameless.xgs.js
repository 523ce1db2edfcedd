// ==XGooseSkill==
// @namespace nameless
// @version 1.0.0
// @match *://example.org/*
// @primary go
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";
export default defineSkill({
  go: fn({
    summary: "Does a thing.",
    input: z.object({ id: z.string() }),
    examples: [{ args: { id: "1" } }],
    handler: async ({ id }) => id,
  }),
});
