// ==XGooseSkill==
// @name forgejo-triage
// @namespace triage
// @version 0.2.0
// @description Triage helpers for Forgejo and Gitea repositories: stale issues and label health, built on forgejo-api.
// @match *://codeberg.org/*
// @match *://gitea.com/*
// @match *://next.forgejo.org/*
// @detect typeof window.config?.appSubUrl === "string"
// @require forgejo-api
// @connect <self>
// @primary staleIssues
// @keyword triage
// @keyword stale issues
// @keyword backlog
// @keyword forgejo
// @author skillstudio
// ==/XGooseSkill==

// This skill calls forgejo-api (window.xgoose.skills.forgejo) for every
// request; the injector loads that skill first because of @require above.
//
// Failure modes
// - "forgejo-api skill not loaded": the page did not pass forgejo-api's
//   @detect (not a Forgejo/Gitea page). Open the repository first.
// - Large repositories: staleIssues reads at most `maxPages` pages of 50
//   issues, two pages at a time, and says so in `truncated`.
//
// Quick recipe
//
//   return await xgoose.skills.triage.staleIssues({ owner: "forgejo", repo: "forgejo", quietSince: "2025-12-01" });

import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

const IN_FLIGHT = 2;

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe("YYYY-MM-DD");

function forgejo() {
  const f = window.xgoose?.skills?.forgejo;
  if (!f) throw new Error("triage: forgejo-api skill not loaded (is this a Forgejo or Gitea page?)");
  return f;
}

// Pages are fetched IN_FLIGHT at a time so a big backlog does not trip the
// instance's rate limiter.
async function readIssues({ owner, repo, maxPages }) {
  const f = forgejo();
  const first = await f.listIssues({ owner, repo, sort: "leastupdate" });
  if (first.status !== "ok") return first;
  const pages = Math.min(maxPages, Math.ceil(first.total / 50));
  const issues = [...first.issues];
  for (let start = 2; start <= pages; start += IN_FLIGHT) {
    const batch = [];
    for (let p = start; p < start + IN_FLIGHT && p <= pages; p++) {
      batch.push(f.listIssues({ owner, repo, sort: "leastupdate", page: p }));
    }
    for (const res of await Promise.all(batch)) {
      if (res.status === "ok") issues.push(...res.issues);
    }
  }
  return { status: "ok", issues, truncated: first.total > issues.length };
}

export default defineSkill({
  staleIssues: fn({
    summary: "Open issues with no activity since a day, least recently updated first, with their labels and age in days.",
    input: z.object({
      owner: z.string().describe("Repository owner"),
      repo: z.string().describe("Repository name"),
      quietSince: IsoDate.describe("Issues whose last activity is before this day count as stale"),
      maxPages: z.number().int().min(1).max(20).optional().describe("Pages of 50 issues to read; default 6"),
    }),
    output: z.union([
      z.object({
        status: z.literal("ok"),
        stale: z.array(
          z.object({ number: z.number().int(), title: z.string(), labels: z.array(z.string()), updatedOn: IsoDate, quietDays: z.number().int() }),
        ),
        truncated: z.boolean().describe("true when more open issues exist than were read"),
      }),
      z.object({ status: z.literal("not_found") }),
    ]),
    examples: [{ args: { owner: "forgejo", repo: "forgejo", quietSince: "2025-12-01" } }],
    handler: async ({ owner, repo, quietSince, maxPages = 6 }) => {
      const res = await readIssues({ owner, repo, maxPages });
      if (res.status !== "ok") return res;
      const today = Date.parse(new Date().toISOString().slice(0, 10));
      const stale = res.issues
        .filter((i) => i.updatedOn < quietSince)
        .map((i) => ({
          number: i.number,
          title: i.title,
          labels: i.labels,
          updatedOn: i.updatedOn,
          quietDays: Math.round((today - Date.parse(i.updatedOn)) / 86400000),
        }));
      return { status: "ok", stale, truncated: res.truncated };
    },
  }),

  labelHealth: fn({
    summary: "Counts open issues per label and lists issues with no label at all.",
    input: z.object({
      owner: z.string().describe("Repository owner"),
      repo: z.string().describe("Repository name"),
    }),
    output: z.object({
      perLabel: z.record(z.string(), z.number().int()).describe("Label name → open issues carrying it"),
      unlabelled: z.array(z.number().int()).describe("Issue numbers without any label"),
    }),
    examples: [{ args: { owner: "forgejo", repo: "forgejo" } }],
    handler: async ({ owner, repo }) => {
      const res = await readIssues({ owner, repo, maxPages: 6 });
      if (res.status !== "ok") throw new Error(`triage.labelHealth: ${owner}/${repo} not found`);
      const perLabel = {};
      const unlabelled = [];
      for (const i of res.issues) {
        if (i.labels.length === 0) unlabelled.push(i.number);
        for (const l of i.labels) perLabel[l] = (perLabel[l] ?? 0) + 1;
      }
      return { perLabel, unlabelled };
    },
  }),
});
