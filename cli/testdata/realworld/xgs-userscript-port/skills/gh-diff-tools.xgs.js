// ==XGooseSkill==
// @name gh-diff-tools
// @namespace ghDiff
// @version 1.4.2
// @description Reads a GitHub pull request's changed files and collapses or expands their diffs.
// @match https://github.com/*/*/pull/*
// @include https://github.com/*/*/compare/*
// @exclude https://github.com/*/*/pull/*/commits/*
// @run-at document_idle
// @all-frames false
// @connect <self>
// @detect !!document.querySelector('meta[name="octolytics-url"]') || location.host === "github.com"
// @primary listFiles
// @keyword github
// @keyword pr
// @keyword diff
// @author Octo Porter
// @homepage https://example.org/gh-diff-tools
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

// Quick recipe:
//   const { files } = await xgoose.skills.ghDiff.listFiles({});
//   await xgoose.skills.ghDiff.collapse({ pattern: "\\.lock$" });

const PR_PATH = /^\/([^/]+)\/([^/]+)\/pull\/(\d+)(?:\/files)?\/?$/;
const settings = await Promise.resolve({ pageSize: 100 });

class FileIndex {
  #cache = new Map();
  static #instances = 0;
  static {
    FileIndex.#instances = 0;
  }
  constructor() {
    FileIndex.#instances++;
  }
  get size() {
    return this.#cache.size;
  }
  #rows() {
    return [...document.querySelectorAll("copilot-diff-entry, .file")];
  }
  refresh() {
    this.#cache.clear();
    for (const row of this.#rows()) {
      const path = row.getAttribute("data-tagsearch-path") ?? row.querySelector(".file-info a")?.title ?? "";
      this.#cache.set(path, row);
    }
    return this;
  }
  *[Symbol.iterator]() {
    yield* this.#cache.entries();
  }
}

const index = new FileIndex();

function* pages(total, size = settings.pageSize) {
  for (let start = 0; start < total; start += size) yield { start, end: Math.min(total, start + size) };
}

export default defineSkill({
  listFiles: fn({
    summary: "Changed files of the open pull request. ★ primary entry. Returns { pr, files: [{ path, collapsed }] }.",
    input: z.object({ limit: z.number().int().min(1).max(3000).optional().describe("At most this many files; default all") }),
    examples: [{ args: {} }, { args: { limit: 50 } }],
    handler: async ({ limit } = {}) => {
      const m = location.pathname.match(PR_PATH);
      if (!m) return { status: "not-a-pr" };
      const files = [];
      for (const [path, row] of index.refresh()) {
        files.push({ path, collapsed: !row.classList.contains("open") });
        if (limit && files.length >= limit) break;
      }
      return { pr: { owner: m[1], repo: m[2], number: Number(m[3]) }, files, pages: [...pages(files.length)].length };
    },
  }),
  collapse: fn({
    summary: "Collapses every diff whose path matches a regular expression. Returns { collapsed: number }.",
    input: z.object({ pattern: z.string().min(1).describe('A JavaScript regular expression, e.g. "\\\\.lock$" or "^vendor/"') }),
    examples: [{ args: { pattern: "\\.lock$" } }],
    handler: async ({ pattern }) => {
      let re;
      try {
        re = new RegExp(pattern);
      } catch {
        return { status: "bad-pattern" };
      }
      let collapsed = 0;
      for (const [path, row] of index.refresh()) {
        if (re.test(path)) {
          row.querySelector("button[aria-expanded='true']")?.click();
          collapsed++;
        }
      }
      return { collapsed };
    },
  }),
});
