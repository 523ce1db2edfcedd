// ==XGooseSkill==
// @name never-mounts
// @namespace nevermounts
// @version 0.1.0
// @description Its @detect is false on every page, so it never mounts.
// @match *://*/*
// @detect document.querySelector("#no-such-element") !== null
// @primary ping
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

// The body must not run when @detect is false: this marks that it did.
globalThis.__neverMountsBodyRan = true;

export default defineSkill({
  ping: fn({
    summary: "Answers pong. Returns the string \"pong\".",
    input: z.object({}),
    examples: [{ args: {} }],
    handler: async () => "pong",
  }),
});
