// ==XGooseSkill==
// @name forgejo-api
// @namespace forgejo
// @version 0.4.1
// @description Read issues, comments and repositories on Forgejo and Gitea forges through the signed-in session.
// @match *://codeberg.org/*
// @match *://gitea.com/*
// @match *://next.forgejo.org/*
// @detect typeof window.config?.appSubUrl === "string"
// @run-at document_idle
// @connect <self>
// @primary listIssues
// @keyword forgejo
// @keyword gitea
// @keyword codeberg
// @keyword issues
// @keyword git forge
// @author skillstudio
// ==/XGooseSkill==

// The REST API lives at /api/v1 on the same origin as the web UI, so the
// user's session cookie authenticates every call: no token is needed and
// none is ever stored here.
//
// Failure modes
// - Private repositories answer 404, not 403, when the session has no
//   access. listIssues reports that as { status: "not_found" }.
// - `limit` is capped by the instance (50 on most); ask for more and you
//   silently get fewer. Page with `page` instead.
// - Pull requests are issues too: listIssues passes type=issues so they
//   never leak into issue counts.
// - Self-hosted instances may live under a sub-path (https://host/git/);
//   every URL here is built from window.config.appSubUrl.
//
// Quick recipes
//
//   // Open bugs in a repository, oldest activity first
//   return await xgoose.skills.forgejo.listIssues({ owner: "forgejo", repo: "forgejo", labels: ["bug"], sort: "leastupdate" });
//
//   // The whole discussion of one issue
//   const f = xgoose.skills.forgejo;
//   const [issue, comments] = await Promise.all([
//     f.getIssue({ owner: "forgejo", repo: "forgejo", number: 1234 }),
//     f.listComments({ owner: "forgejo", repo: "forgejo", number: 1234 }),
//   ]);

import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

const Owner = z.string().min(1).describe('User or organisation that owns the repository, e.g. "forgejo"');
const Repo = z.string().min(1).describe('Repository name without the owner, e.g. "forgejo"');
const IssueNumber = z.number().int().min(1).describe("The #number shown in the web UI, not the internal id");
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe("YYYY-MM-DD");

const Issue = z.object({
  number: z.number().int(),
  title: z.string(),
  state: z.enum(["open", "closed"]),
  author: z.string().describe("Login of the issue's author"),
  labels: z.array(z.string()),
  comments: z.number().int().describe("Number of comments"),
  createdOn: IsoDate,
  updatedOn: IsoDate.describe("Day of the last activity (comment, label, edit)"),
  url: z.string().url(),
});

function base() {
  const sub = window.config?.appSubUrl ?? "";
  return `${location.origin}${sub}/api/v1`;
}

async function api(path, params) {
  const q = params ? `?${new URLSearchParams(params)}` : "";
  const r = await fetch(`${base()}${path}${q}`, { credentials: "include", headers: { Accept: "application/json" } });
  if (r.status === 404) return { status: "not_found" };
  if (!r.ok) throw new Error(`forgejo: GET ${path} → HTTP ${r.status}`);
  return { status: "ok", body: await r.json(), total: Number(r.headers.get("X-Total-Count") ?? "0") };
}

function toIssue(i) {
  return {
    number: i.number,
    title: i.title,
    state: i.state,
    author: i.user?.login ?? "",
    labels: (i.labels ?? []).map((l) => l.name),
    comments: i.comments,
    createdOn: i.created_at.slice(0, 10),
    updatedOn: i.updated_at.slice(0, 10),
    url: i.html_url,
  };
}

export default defineSkill({
  listIssues: fn({
    summary: "One page of a repository's issues (never pull requests), filtered by state, labels and activity date.",
    input: z.object({
      owner: Owner,
      repo: Repo,
      state: z.enum(["open", "closed", "all"]).optional().describe('Default "open"'),
      labels: z.array(z.string()).optional().describe("Issues carrying ALL of these label names"),
      since: IsoDate.optional().describe("Only issues updated on or after this day"),
      sort: z
        .enum(["latest", "oldest", "recentupdate", "leastupdate", "mostcomment"])
        .optional()
        .describe('Default "latest" (newest first). "leastupdate" finds neglected issues'),
      page: z.number().int().min(1).optional().describe("1-based; default 1"),
    }),
    output: z.union([
      z.object({ status: z.literal("ok"), total: z.number().int(), page: z.number().int(), issues: z.array(Issue) }),
      z.object({ status: z.literal("not_found") }).describe("Repository missing or private to this session"),
    ]),
    examples: [
      { args: { owner: "forgejo", repo: "forgejo", labels: ["bug"] } },
      { args: { owner: "forgejo", repo: "forgejo", state: "all", since: "2026-01-01", sort: "mostcomment", page: 2 } },
    ],
    handler: async ({ owner, repo, state = "open", labels, since, sort = "latest", page = 1 }) => {
      const params = { type: "issues", state, sort, page: String(page), limit: "50" };
      if (labels?.length) params.labels = labels.join(",");
      if (since) params.since = `${since}T00:00:00Z`;
      const res = await api(`/repos/${owner}/${repo}/issues`, params);
      if (res.status !== "ok") return res;
      return { status: "ok", total: res.total, page, issues: res.body.map(toIssue) };
    },
  }),

  getIssue: fn({
    summary: "One issue with its body text; { status: \"not_found\" } when it does not exist or is private.",
    input: z.object({ owner: Owner, repo: Repo, number: IssueNumber }),
    output: z.union([
      z.object({ status: z.literal("ok"), issue: Issue, body: z.string().describe("The issue's Markdown, as written") }),
      z.object({ status: z.literal("not_found") }),
    ]),
    examples: [{ args: { owner: "forgejo", repo: "forgejo", number: 1234 } }],
    handler: async ({ owner, repo, number }) => {
      const res = await api(`/repos/${owner}/${repo}/issues/${number}`);
      if (res.status !== "ok") return res;
      return { status: "ok", issue: toIssue(res.body), body: res.body.body ?? "" };
    },
  }),

  listComments: fn({
    summary: "Every comment of an issue, oldest first, as { author, createdOn, body }.",
    input: z.object({ owner: Owner, repo: Repo, number: IssueNumber }),
    output: z.object({
      comments: z.array(z.object({ author: z.string(), createdOn: IsoDate, body: z.string() })),
    }),
    examples: [{ args: { owner: "forgejo", repo: "forgejo", number: 1234 } }],
    handler: async ({ owner, repo, number }) => {
      const res = await api(`/repos/${owner}/${repo}/issues/${number}/comments`);
      if (res.status !== "ok") throw new Error(`forgejo.listComments: ${owner}/${repo}#${number} not found`);
      return {
        comments: res.body.map((c) => ({ author: c.user?.login ?? "", createdOn: c.created_at.slice(0, 10), body: c.body })),
      };
    },
  }),

  searchRepos: fn({
    summary: "Repositories whose name or description matches a query, most starred first.",
    input: z.object({
      query: z.string().min(1).describe('Words to match, e.g. "static site generator"'),
      limit: z.number().int().min(1).max(50).optional().describe("Default 20"),
    }),
    output: z.object({
      repos: z.array(z.object({ fullName: z.string(), description: z.string(), stars: z.number().int(), updatedOn: IsoDate })),
    }),
    examples: [{ args: { query: "static site generator", limit: 10 } }],
    handler: async ({ query, limit = 20 }) => {
      const res = await api("/repos/search", { q: query, sort: "stars", order: "desc", limit: String(limit) });
      if (res.status !== "ok") throw new Error("forgejo.searchRepos: search endpoint not found on this instance");
      return {
        repos: res.body.data.map((r) => ({
          fullName: r.full_name,
          description: r.description ?? "",
          stars: r.stars_count,
          updatedOn: r.updated_at.slice(0, 10),
        })),
      };
    },
  }),
});
