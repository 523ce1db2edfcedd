import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { validate } from "./node_modules/skills-ref/dist/index.js";
const root = process.argv[2];
const dirs = [];
function walk(d) {
  for (const n of readdirSync(d)) {
    const p = join(d, n);
    const st = statSync(p, { throwIfNoEntry: false });
    if (!st) continue;
    if (st.isDirectory()) walk(p);
    else if (n.toLowerCase() === "skill.md") dirs.push(d);
  }
}
walk(root);
dirs.sort();
for (const d of [...new Set(dirs)]) {
  const errs = await validate(d);
  const rel = relative(root, d);
  if (!errs || errs.length === 0) console.log(`valid ${rel}`);
  else console.log(`invalid ${rel}  # ${String(errs[0]).replace(/\n/g, " ")}`);
}
