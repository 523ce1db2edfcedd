// ==XGooseSkill==
// @name hotel-rates
// @namespace hotelRates
// @version 1.2.0
// @description Nightly rates and availability for an example hotel site.
// @match https://www.example-hotels.test/*
// @primary searchRates
// @keyword hotel
// @keyword rates
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

// Failure modes:
// - HTTP 403 means the session expired: ask the user to reload the tab.
// - Rates are in the property's local currency; nothing is converted.

const Rate = z.object({
  date: z.string().date(),
  price: z.number().nonnegative().describe("Nightly price in the property's local currency"),
});

export default defineSkill({
  searchRates: fn({
    summary: "Nightly rates for a stay at one property.",
    input: z.object({
      property: z.string().regex(/^[A-Z]{5}$/).describe('Property code, e.g. "NYCXX"'),
      checkin: z.string().date(),
      nights: z.number().int().min(1).max(30),
    }),
    output: z.object({ rates: z.array(Rate) }),
    examples: [{ args: { property: "NYCXX", checkin: "2025-03-14", nights: 2 } }],
    handler: async ({ property, checkin, nights }) => {
      const r = await fetch(`/rates?p=${property}&d=${checkin}&n=${nights}`, { credentials: "include" });
      if (!r.ok) throw new Error(`rates → HTTP ${r.status}`);
      return await r.json();
    },
  }),
});
