// ==XGooseSkill==
// @name github-notifications
// @namespace ghNotify
// @version 1.0.0
// @description Lists and triages your GitHub notifications from github.com pages.
// @match https://github.com/*
// @connect api.github.com
// @primary listNotifications
// @keyword github
// @keyword inbox
// @author octo-dev
// @homepage https://github.com/octo-dev/xgoose-skills
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

/**
 * Failure modes observed:
 * - 401 when the page session has no API token cookie: ask the user to sign in again.
 * - The API returns at most 50 items per page.
 */

/** @typedef {{ id: string, reason: string, unread: boolean }} Notification */

const Reason = z.enum(["assign", "author", "comment", "mention", "review_requested", "state_change", "subscribed"]);

const NotificationOut = z.strictObject({
  id: z.string(),
  reason: Reason,
  unread: z.boolean(),
  updatedAt: z.iso.datetime(),
  title: z.string(),
  url: z.url(),
});

/**
 * Reads the CSRF token GitHub puts in a meta tag.
 * @returns {string}
 */
function csrf() {
  const el = document.querySelector('meta[name="csrf-token"]');
  if (!el) throw new Error("ghNotify: no csrf-token meta tag; is this a github.com page?");
  return el.getAttribute("content") ?? "";
}

export default defineSkill({
  listNotifications: fn({
    summary: "Your notifications, newest first. Returns { items: Notification[] }.",
    input: z.object({
      unreadOnly: z.boolean().default(true),
      since: z.iso.datetime().optional().describe("Only notifications updated after this ISO 8601 time"),
      reasons: z.array(Reason).optional(),
      perPage: z.coerce.number().int().min(1).max(50).default(50),
    }),
    output: z.object({ items: z.array(NotificationOut) }),
    examples: [{ args: { unreadOnly: true, reasons: ["review_requested", "mention"] } }],
    handler: async ({ unreadOnly = true, since, reasons, perPage = 50 }) => {
      const params = new URLSearchParams({ all: String(!unreadOnly), per_page: String(perPage) });
      if (since) params.set("since", since);
      const r = await fetch(`https://api.github.com/notifications?${params}`, {
        headers: { Accept: "application/vnd.github+json" },
      });
      if (!r.ok) throw new Error(`notifications → HTTP ${r.status}`);
      const rows = await r.json();
      const items = rows
        .filter((n) => !reasons || reasons.includes(n.reason))
        .map((n) => ({ id: n.id, reason: n.reason, unread: n.unread, updatedAt: n.updated_at, title: n.subject.title, url: n.subject.url }));
      return { items };
    },
  }),
  markRead: fn({
    summary: "Marks one notification thread as read. Returns { ok: true }.",
    input: z.object({ id: z.string().regex(/^\d+$/).describe("Thread id from listNotifications") }),
    examples: [{ args: { id: "123456789" } }],
    handler: async ({ id }) => {
      const r = await fetch(`/notifications/beta/mark?ids=${encodeURIComponent(id)}`, {
        method: "POST",
        credentials: "include",
        headers: { "X-CSRF-Token": csrf() },
      });
      if (!r.ok) throw new Error(`mark read → HTTP ${r.status}`);
      return { ok: true };
    },
  }),
});
