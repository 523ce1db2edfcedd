// ==XGooseSkill==
// @name shop-orders
// @namespace shopOrders
// @version 0.3.1
// @description Order history and returns on an example shop's account pages.
// @match https://shop.example.com/account/*
// @primary findOrders
// @keyword orders
// @keyword returns
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
import * as z from "zod";

// The account API pages with a cursor; 429 means slow down (wait 10 s).

const DateRange = z
  .object({
    from: z.iso.date().describe("First day, YYYY-MM-DD"),
    to: z.iso.date().describe("Last day, YYYY-MM-DD"),
  })
  .meta({ id: "DateRange", title: "Inclusive date range" });

const Filter = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("status"), status: z.enum(["placed", "shipped", "delivered", "returned"]) }),
  z.object({ kind: z.literal("text"), query: z.string().min(2).describe("Words in the product title") }),
]);

async function* pages(path) {
  let cursor = "";
  do {
    const r = await fetch(`${path}${cursor ? `&cursor=${cursor}` : ""}`, { credentials: "include" });
    if (r.status === 429) throw new Error("shopOrders: rate limited (429); wait 10 s and retry");
    if (!r.ok) throw new Error(`orders → HTTP ${r.status}`);
    const body = await r.json();
    yield* body.orders;
    cursor = body.next_cursor ?? "";
  } while (cursor);
}

export default defineSkill({
  findOrders: fn({
    summary: "Orders in a date range, optionally filtered. Returns { orders: [{ id, placedOn, total, currency, status }] }.",
    input: z.object({
      range: DateRange,
      filter: Filter.optional().describe("Either a status or a text query"),
      limit: z.number().int().positive().max(200).default(50),
    }),
    examples: [
      { args: { range: { from: "2025-01-01", to: "2025-03-31" }, filter: { kind: "status", status: "delivered" } } },
    ],
    handler: async ({ range, filter, limit = 50 }) => {
      const q = new URLSearchParams({ from: range.from, to: range.to });
      if (filter?.kind === "status") q.set("status", filter.status);
      if (filter?.kind === "text") q.set("q", filter.query);
      const orders = [];
      for await (const o of pages(`/account/api/orders?${q}`)) {
        orders.push({ id: o.id, placedOn: o.placed_on, total: o.total, currency: o.currency, status: o.status });
        if (orders.length >= limit) break;
      }
      return { orders };
    },
  }),
  startReturn: fn({
    summary: "Starts a return for one order line. Returns { rmaNumber, labelUrl } or { status: 'not_returnable' }.",
    input: z.strictObject({
      orderId: z.string().regex(/^ORD-\d{8}$/),
      lineId: z.string().describe("Line id from the order page"),
      reason: z.union([z.literal("damaged"), z.literal("wrong_item"), z.literal("no_longer_needed")]),
      refundAmount: z.number().nonnegative().describe("Amount in the order's currency (see findOrders currency)"),
    }),
    examples: [{ args: { orderId: "ORD-20250114", lineId: "L1", reason: "damaged", refundAmount: 19.99 } }],
    handler: async ({ orderId, lineId, reason }) => {
      const r = await fetch(`/account/api/orders/${orderId}/returns`, {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ line_id: lineId, reason }),
      });
      if (r.status === 409) return { status: "not_returnable" };
      if (!r.ok) throw new Error(`return → HTTP ${r.status}`);
      const { rma_number, label_url } = await r.json();
      return { rmaNumber: rma_number, labelUrl: label_url };
    },
  }),
});
