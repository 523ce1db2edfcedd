// ==XGooseSkill==
// @name open-prices
// @namespace openprices
// @version 1.2.0
// @description Shop prices crowd-sourced by Open Prices: compare a basket of products over a date range, in one currency.
// @match *://prices.openfoodfacts.org/*
// @match *://world.openfoodfacts.org/*
// @match *://*.openfoodfacts.org/*
// @connect <self>
// @connect prices.openfoodfacts.org
// @connect world.openfoodfacts.org
// @primary compareBasket
// @keyword prices
// @keyword groceries
// @keyword open food facts
// @keyword barcode
// @keyword inflation
// @homepage https://prices.openfoodfacts.org
// @author skillstudio
// ==/XGooseSkill==

// Open Prices is a public, crowd-sourced database of shop prices keyed by
// product barcode. Every price was typed in (or read off a receipt) by a
// volunteer, in the currency of the shop where it was seen.
//
// Units and formats
// - Dates are YYYY-MM-DD everywhere, in and out.
// - Prices are decimal numbers in the `currency` of the observation
//   (ISO 4217, e.g. "EUR"). This skill never converts: every function that
//   aggregates takes a `currency` and only counts prices in that currency.
//
// Failure modes seen in practice
// - HTTP 429 when more than ~10 requests are in flight: compareBasket keeps
//   at most 4 requests open (see `limit` below). Do not wrap it in your own
//   Promise.all over many baskets.
// - A barcode with no prices is normal (most products have none): it comes
//   back in `missing`, not as an error.
// - Discounted prices (`price_is_discounted: true`) are real prices paid but
//   skew medians; pass `includeDiscounts: false` to leave them out.
// - world.openfoodfacts.org answers `status: 0` for an unknown barcode;
//   getProduct returns `{ found: false }` for it.
//
// Quick recipes (copy into js_exec)
//
//   // What did a basket cost in France in the first quarter?
//   return await xgoose.skills.openprices.compareBasket({
//     barcodes: ["3017620422003", "5449000000996"],
//     currency: "EUR", from: "2025-01-01", to: "2025-03-31",
//   });
//
//   // Raw observations for one product, newest first
//   return await xgoose.skills.openprices.listPrices({ barcode: "3017620422003", size: 20 });

import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

const API = "https://prices.openfoodfacts.org/api/v1";
const PRODUCTS = "https://world.openfoodfacts.org/api/v2";
const MAX_IN_FLIGHT = 4;
const MAX_PAGES = 10;

// Shared schemas: every function speaks the same barcodes, dates and money.
const Barcode = z
  .string()
  .regex(/^\d{8,14}$/)
  .describe("EAN/UPC digits under the barcode");
const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe("YYYY-MM-DD");
const Currency = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .describe("ISO 4217, e.g. \"EUR\"");

// Outputs repeat none of the input checks: they cost tokens on every turn
// and tell the agent nothing new.
const PriceStats = z.object({
  barcode: z.string(),
  name: z.string().nullable(),
  observations: z.number().int().describe("Prices counted"),
  min: z.number().nullable(),
  median: z.number().nullable(),
  max: z.number().nullable(),
  lastSeen: z.string().nullable().describe("YYYY-MM-DD"),
});

const Observation = z.object({
  id: z.number().int(),
  date: z.string(),
  price: z.number().describe("In `currency`, as paid"),
  currency: z.string().describe("ISO 4217"),
  discounted: z.boolean(),
  locationId: z.number().int().nullable(),
});

// limit runs at most n promises at once: the API rate-limits bursts, and
// the agent will happily ask for a 40-product basket.
function limit(n) {
  let active = 0;
  const queue = [];
  const next = () => {
    if (active >= n || queue.length === 0) return;
    active++;
    const { task, resolve, reject } = queue.shift();
    task().then(resolve, reject).finally(() => {
      active--;
      next();
    });
  };
  return (task) =>
    new Promise((resolve, reject) => {
      queue.push({ task, resolve, reject });
      next();
    });
}

async function getJSON(url) {
  const r = await fetch(url, { headers: { Accept: "application/json" } });
  if (r.status === 429) throw new Error(`openprices: rate limited (HTTP 429) on ${url}; retry in a minute`);
  if (!r.ok) throw new Error(`openprices: ${url} → HTTP ${r.status}`);
  return await r.json();
}

function toObservation(item) {
  return {
    id: item.id,
    date: item.date,
    price: item.price,
    currency: item.currency,
    discounted: Boolean(item.price_is_discounted),
    locationId: item.location_id ?? null,
  };
}

async function fetchPage({ barcode, currency, from, to, page = 1, size = 100 }) {
  const q = new URLSearchParams({ product_code: barcode, order_by: "-date", page: String(page), size: String(size) });
  if (currency) q.set("currency", currency);
  if (from) q.set("date__gte", from);
  if (to) q.set("date__lte", to);
  return await getJSON(`${API}/prices?${q}`);
}

async function collect({ barcode, currency, from, to, includeDiscounts = true }) {
  const prices = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const body = await fetchPage({ barcode, currency, from, to, page });
    for (const item of body.items) {
      if (item.currency !== currency) continue;
      if (!includeDiscounts && item.price_is_discounted) continue;
      prices.push(toObservation(item));
    }
    if (page >= body.pages) break;
  }
  return prices;
}

function median(sorted) {
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round(((sorted[mid - 1] + sorted[mid]) / 2) * 100) / 100;
}

async function productName(barcode) {
  const body = await getJSON(`${PRODUCTS}/product/${barcode}?fields=product_name`);
  return body.status === 1 ? body.product?.product_name || null : null;
}

async function statsFor({ barcode, currency, from, to, includeDiscounts }) {
  const [prices, name] = await Promise.all([
    collect({ barcode, currency, from, to, includeDiscounts }),
    productName(barcode),
  ]);
  const amounts = prices.map((p) => p.price).sort((a, b) => a - b);
  return {
    barcode,
    name,
    observations: amounts.length,
    min: amounts.length ? amounts[0] : null,
    median: median(amounts),
    max: amounts.length ? amounts[amounts.length - 1] : null,
    lastSeen: prices.length ? prices[0].date : null,
  };
}

export default defineSkill({
  compareBasket: fn({
    summary:
      "Min/median/max price of each product of a basket over a date range in one currency, and the basket's median total.",
    input: z.object({
      barcodes: z.array(Barcode).min(1).max(40),
      currency: Currency.describe("Only prices in this currency count; none are converted"),
      from: IsoDate,
      to: IsoDate.describe("Inclusive"),
      includeDiscounts: z.boolean().optional().describe("Default true; false skips promotions"),
    }),
    output: z.object({
      currency: z.string().describe("ISO 4217, as asked"),
      from: z.string(),
      to: z.string(),
      items: z.array(PriceStats).describe("Products with prices, in input order"),
      missing: z.array(z.string()).describe("Barcodes with no price in this currency and range"),
      medianTotal: z.number().nullable().describe("Sum of the items' medians"),
    }),
    examples: [
      {
        args: { barcodes: ["3017620422003", "5449000000996"], currency: "EUR", from: "2025-01-01", to: "2025-03-31" },
        returns: {
          currency: "EUR",
          from: "2025-01-01",
          to: "2025-03-31",
          items: [{ barcode: "3017620422003", name: "Nutella", observations: 41, min: 3.19, median: 3.89, max: 4.99, lastSeen: "2025-03-29" }],
          missing: ["5449000000996"],
          medianTotal: 3.89,
        },
      },
    ],
    handler: async ({ barcodes, currency, from, to, includeDiscounts = true }) => {
      const run = limit(MAX_IN_FLIGHT);
      const unique = [...new Set(barcodes)];
      const stats = await Promise.all(unique.map((barcode) => run(() => statsFor({ barcode, currency, from, to, includeDiscounts }))));
      const items = stats.filter((s) => s.observations > 0);
      const missing = stats.filter((s) => s.observations === 0).map((s) => s.barcode);
      const medianTotal = items.length ? Math.round(items.reduce((sum, s) => sum + s.median, 0) * 100) / 100 : null;
      return { currency, from, to, items, missing, medianTotal };
    },
  }),

  priceStats: fn({
    summary: "Min/median/max and count of one product's prices in one currency over a date range.",
    input: z.object({
      barcode: Barcode,
      currency: Currency,
      from: IsoDate,
      to: IsoDate,
      includeDiscounts: z.boolean().optional(),
    }),
    output: PriceStats,
    examples: [{ args: { barcode: "3017620422003", currency: "EUR", from: "2025-01-01", to: "2025-06-30" } }],
    handler: async ({ barcode, currency, from, to, includeDiscounts = true }) =>
      await statsFor({ barcode, currency, from, to, includeDiscounts }),
  }),

  listPrices: fn({
    summary: "One page of raw price observations for a product, newest first (every currency unless one is given).",
    input: z.object({
      barcode: Barcode,
      currency: Currency.optional(),
      from: IsoDate.optional(),
      to: IsoDate.optional(),
      page: z.number().int().min(1).optional().describe("Default 1"),
      size: z.number().int().min(1).max(100).optional().describe("Default 100"),
    }),
    output: z.object({
      page: z.number().int(),
      pages: z.number().int(),
      total: z.number().int(),
      prices: z.array(Observation),
    }),
    examples: [{ args: { barcode: "3017620422003", size: 20 }, note: "Recent prices, any currency" }],
    handler: async ({ barcode, currency, from, to, page = 1, size = 100 }) => {
      const body = await fetchPage({ barcode, currency, from, to, page, size });
      return { page: body.page, pages: body.pages, total: body.total, prices: body.items.map(toObservation) };
    },
  }),

  getProduct: fn({
    summary: "Name, brand, quantity and Nutri-Score of a barcode from Open Food Facts; { found: false } when unknown.",
    input: z.object({ barcode: Barcode }),
    output: z.object({
      found: z.boolean(),
      name: z.string().nullable().optional(),
      brands: z.string().nullable().optional(),
      quantity: z.string().nullable().optional(),
      nutriscore: z.enum(["a", "b", "c", "d", "e"]).nullable().optional(),
    }),
    examples: [
      { args: { barcode: "3017620422003" }, returns: { found: true, name: "Nutella", brands: "Ferrero", quantity: "400 g", nutriscore: "e" } },
    ],
    handler: async ({ barcode }) => {
      const body = await getJSON(`${PRODUCTS}/product/${barcode}?fields=product_name,brands,quantity,nutriscore_grade`);
      if (body.status !== 1) return { found: false };
      const p = body.product;
      return {
        found: true,
        name: p.product_name || null,
        brands: p.brands || null,
        quantity: p.quantity || null,
        nutriscore: ["a", "b", "c", "d", "e"].includes(p.nutriscore_grade) ? p.nutriscore_grade : null,
      };
    },
  }),
});
