// ==XGooseSkill==
// @name newsletter-signup
// @namespace newsletter
// @version 2.0.0
// @description Subscribes addresses to lists on a Mailman-style newsletter page.
// @match https://lists.example.org/*
// @exclude https://lists.example.org/admin/*
// @run-at document_end
// @primary subscribe
// @keyword newsletter
// @keyword mailing list
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

const ListId = z.string().regex(/^[a-z0-9-]+$/).describe("List slug as in /lists/<slug>/");

const skill = defineSkill({
  subscribe: fn({
    summary: "Subscribes one address. Returns { status: 'subscribed' | 'pending_confirmation' | 'already_member' }.",
    input: z.object({
      list: ListId,
      email: z.email(),
      digest: z.coerce.boolean().default(false),
      language: z.enum(["en", "de", "fr", "ja"]).optional(),
    }),
    output: z.object({ status: z.literal(["subscribed", "pending_confirmation", "already_member"]) }),
    examples: [{ args: { list: "announce", email: "ada@example.com" } }],
    handler: async ({ list, email, digest = false, language }) => {
      const form = new FormData();
      form.set("email", email);
      form.set("digest", digest ? "1" : "0");
      if (language) form.set("language", language);
      const r = await fetch(`/lists/${list}/subscribe`, { method: "POST", body: form, credentials: "same-origin" });
      if (r.status === 409) return { status: "already_member" };
      if (!r.ok) throw new Error(`subscribe → HTTP ${r.status}`);
      const { confirmation_sent } = await r.json();
      return { status: confirmation_sent ? "pending_confirmation" : "subscribed" };
    },
  }),
  members: fn({
    summary: "Counts members of a list. Returns { count: number }.",
    input: z.object({ list: ListId }),
    examples: [{ args: { list: "announce" } }],
    handler: async ({ list }) => {
      const r = await fetch(`/lists/${list}/members.json`, { credentials: "same-origin" });
      if (!r.ok) throw new Error(`members → HTTP ${r.status}`);
      return { count: (await r.json()).total };
    },
  }),
});

export default skill;
