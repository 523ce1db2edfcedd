// ==XGooseSkill==
// @name Broken Weather
// @namespace broken-weather
// @version 1.0
// @description A deliberately flawed skill: open its Lint tab to see what each mistake costs.
// @primary forecast
// @run-at whenever
// ==/XGooseSkill==

import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

// A secret in source ships to every user's browser.
const API_KEY = "sk_live_51HxWeatherDemoKey0000000000";

export default defineSkill({
  getForecast: fn({
    summary: "Gets the weather",
    input: z.tuple([z.string(), z.any()]),
    handler: async (city, day) => {
      chrome.storage.local.set({ lastCity: city });
      const r = await fetch(`https://api.weather.invalid/v1?city=${city}&day=${day}&key=${API_KEY}`);
      try {
        return eval("(" + (await r.text()) + ")");
      } catch {}
    },
  }),

  history: fn({
    input: z.object({ when: z.string().describe("date like 03/14/2026") }),
    handler: async ({ when }) => {
      setTimeout("console.log('done')", 10);
      return { date: when, temp: 21 };
    },
  }),
});
