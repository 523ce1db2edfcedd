// Runs built skill bundles the way a host extension injects them: as
// plain scripts in one page realm with a window and a document. A minimal
// stub stands in for the browser (node:vm gives the realm).
//
// Usage: node harness.cjs PLAN.json
// PLAN: { "elements": ["#id"...], "steps": [
//   { "load": "/abs/bundle.js" } |
//   { "eval": "async JS expression evaluated in the page" } ] }
// Prints one JSON array: per step { ok: true, value } or { ok: false, error }.
"use strict";
const fs = require("node:fs");
const vm = require("node:vm");

const plan = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const present = new Set(plan.elements || []);

const document = {
  readyState: "complete",
  title: "fixture page",
  querySelector: (selector) => (present.has(selector) ? { selector } : null),
  querySelectorAll: (selector) => (present.has(selector) ? [{ selector }] : []),
};
const fetched = [];
const window = {
  document,
  location: { href: plan.href || "https://example.com/", origin: "https://example.com" },
  URLSearchParams,
  URL,
  // A fetch that never touches the network: it records the request and
  // answers an empty JSON object, so network handlers are callable too.
  fetch: async (url, init) => {
    fetched.push({ url: String(url), init: init || null });
    return { ok: true, status: 200, json: async () => ({}), text: async () => "{}" };
  },
  __fetched: fetched,
};
window.window = window;
window.self = window;
const page = vm.createContext(window);

(async () => {
  const out = [];
  for (const step of plan.steps) {
    try {
      if (step.load !== undefined) {
        vm.runInContext(fs.readFileSync(step.load, "utf8"), page, { filename: step.load });
        out.push({ ok: true, value: null });
      } else {
        const value = await vm.runInContext(`(async () => (${step.eval}))()`, page);
        out.push({ ok: true, value: value === undefined ? null : JSON.parse(JSON.stringify(value)) });
      }
    } catch (e) {
      out.push({ ok: false, error: String((e && e.stack) || e) });
    }
  }
  process.stdout.write(JSON.stringify(out));
})();
