// ==XGooseSkill==
// @name weather-station
// @namespace weatherStation
// @version 1.4.0
// @description Current readings and history from a personal weather station dashboard.
// @match https://dashboard.weather.example/*
// @connect api.weather.example
// @primary readings
// @keyword weather
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

/**
 * Units: temperatures in °C, wind in m/s, rain in mm. The API never converts.
 * 503 during the nightly rollup (02:00–02:10 UTC): retry after it.
 */

const API = "https://api.weather.example/v1";

/**
 * @param {string} path
 * @param {Record<string, string>} query
 */
async function get(path, query) {
  const r = await fetch(`${API}${path}?${new URLSearchParams(query)}`, { headers: { Accept: "application/json" } });
  if (!r.ok) throw new Error(`${path} → HTTP ${r.status}`);
  return r.json();
}

export default defineSkill({
  readings: fn({
    summary: "Latest readings. Returns { at, temperatureC, humidity, windMs, rainMm }.",
    input: z.object({ station: z.string().regex(/^WS-\d{4}$/).describe("Station id, e.g. WS-0042") }),
    examples: [{ args: { station: "WS-0042" } }],
    handler: async ({ station }) => get(`/stations/${station}/latest`, {}),
  }),
  history: fn({
    summary: "Daily aggregates for a date range. Returns { days: [{ date, minC, maxC, rainMm }] }.",
    input: z.object({
      station: z.string().regex(/^WS-\d{4}$/),
      startDate: z.iso.date(),
      endDate: z.iso.date(),
      granularity: z.literal("day").or(z.literal("hour")).default("day"),
    }),
    examples: [{ args: { station: "WS-0042", startDate: "2025-06-01", endDate: "2025-06-07" } }],
    handler: async ({ station, startDate, endDate, granularity = "day" }) =>
      get(`/stations/${station}/history`, { from: startDate, to: endDate, granularity }),
  }),
});
