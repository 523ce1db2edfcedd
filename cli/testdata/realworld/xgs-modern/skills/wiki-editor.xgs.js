// ==XGooseSkill==
// @name wiki-editor
// @namespace wikiEdit
// @version 0.9.0
// @description Reads and edits pages on MediaWiki sites through the action API.
// @match *://*.wikipedia.org/*
// @match *://*.wiktionary.org/*
// @match https://wiki.example.net/*
// @detect !!(window.mw?.config?.get?.("wgServer"))
// @primary readPage
// @keyword wiki
// @keyword mediawiki
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

// Quick recipe:
//   const { wikitext } = await xgoose.skills.wikiEdit.readPage({ title: "Sandbox" });
// Edits need a logged-in session; anonymous edits are refused with "editconflict" or "permissiondenied".

const apiPath = () => window.mw.config.get("wgScriptPath") + "/api.php";

const Title = z.string().min(1).max(255).describe('Page title as shown in the heading, e.g. "Ada Lovelace"');

async function csrfToken() {
  const r = await fetch(`${apiPath()}?action=query&meta=tokens&format=json`, { credentials: "include" });
  if (!r.ok) throw new Error(`tokens → HTTP ${r.status}`);
  return (await r.json()).query.tokens.csrftoken;
}

export default defineSkill({
  readPage: fn({
    summary: "Wikitext of a page. Returns { title, revid, wikitext } or { status: 'missing' }.",
    input: z.object({ title: Title, section: z.number().int().min(0).optional().describe("Section index; 0 is the lead") }),
    examples: [{ args: { title: "Ada Lovelace" } }, { args: { title: "Ada Lovelace", section: 2 } }],
    handler: async ({ title, section }) => {
      const q = new URLSearchParams({ action: "parse", page: title, prop: "wikitext|revid", format: "json", formatversion: "2" });
      if (section !== undefined) q.set("section", String(section));
      const r = await fetch(`${apiPath()}?${q}`, { credentials: "include" });
      if (!r.ok) throw new Error(`parse → HTTP ${r.status}`);
      const body = await r.json();
      if (body.error?.code === "missingtitle") return { status: "missing" };
      return { title: body.parse.title, revid: body.parse.revid, wikitext: body.parse.wikitext };
    },
  }),
  editPage: fn({
    summary: "Replaces a page's text. Returns { result: 'Success', newrevid } or { status: 'conflict' }.",
    input: z.object({
      title: Title,
      text: z.string().describe("Full new wikitext of the page (or of the section)"),
      summary: z.string().max(500).describe("Edit summary shown in the history"),
      baseRevid: z.number().int().positive().describe("revid from readPage, to detect conflicts"),
      minor: z.boolean().optional(),
    }),
    examples: [{ args: { title: "Sandbox", text: "Hello", summary: "test edit", baseRevid: 123456 } }],
    handler: async ({ title, text, summary, baseRevid, minor }) => {
      const body = new URLSearchParams({ action: "edit", title, text, summary, baserevid: String(baseRevid), token: await csrfToken(), format: "json" });
      if (minor) body.set("minor", "1");
      const r = await fetch(apiPath(), { method: "POST", body, credentials: "include" });
      if (!r.ok) throw new Error(`edit → HTTP ${r.status}`);
      const res = await r.json();
      if (res.error?.code === "editconflict") return { status: "conflict" };
      if (res.error) throw new Error(`edit: ${res.error.code}: ${res.error.info}`);
      return { result: res.edit.result, newrevid: res.edit.newrevid };
    },
  }),
});
