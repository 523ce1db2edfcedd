// Times the Agent Skills reference validator (npm skills-ref) in process
// over every SKILL.md folder under a root, for the README's speed
// comparison with BenchmarkLoadSkillMD.
//
//   cd /tmp && npm install skills-ref
//   NODE_PATH=/tmp/node_modules node formats/testdata/skills-ref-bench.mjs ../shared/corpus
//
// It prints the number of skills, rounds and the mean wall and CPU time per
// SKILL.md. A third argument names a file of folders, one a line relative
// to the root (BenchmarkLoadSkillMDDir's SKILLSTUDIO_BENCH_LIST): both
// sides then time the same folders. Without it the script walks the root
// itself and stops at the first SKILL.md of each branch, so it misses the
// nested skills lint reads.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const root = process.argv[2] ?? ".";
const rounds = Number(process.argv[3] ?? 20);
const listFile = process.argv[4];
const skip = new Set([".git", "node_modules", "dist"]);

function skillDirs(dir, out = []) {
  const names = readdirSync(dir);
  if (names.includes("SKILL.md") || names.includes("skill.md")) {
    out.push(dir);
    return out;
  }
  for (const name of names) {
    const p = join(dir, name);
    if (!skip.has(name) && statSync(p).isDirectory()) skillDirs(p, out);
  }
  return out;
}

// ES modules ignore NODE_PATH, so look for the package in each of its
// folders (and the working folder) by hand.
let mod;
for (const base of [...(process.env.NODE_PATH ?? "").split(":").filter(Boolean), join(process.cwd(), "node_modules")]) {
  const pkg = join(base, "skills-ref", "package.json");
  try {
    const main = JSON.parse(readFileSync(pkg, "utf8")).main ?? "index.js";
    mod = await import(pathToFileURL(join(base, "skills-ref", main)).href);
    break;
  } catch {}
}
if (!mod) {
  console.error("skills-ref not found: npm install skills-ref, then set NODE_PATH to its node_modules");
  process.exit(2);
}
const { validate } = mod;

const dirs = listFile
  ? readFileSync(listFile, "utf8").split("\n").filter(Boolean).map((d) => join(root, d))
  : skillDirs(root);
for (const d of dirs) await validate(d); // warm up the JIT and the file cache
const cpu0 = process.cpuUsage();
const start = process.hrtime.bigint();
let problems = 0;
for (let r = 0; r < rounds; r++) {
  for (const d of dirs) problems += (await validate(d)).length;
}
const ns = Number(process.hrtime.bigint() - start);
const cpu = process.cpuUsage(cpu0); // µs; on a busy machine CPU time is the fairer figure
const runs = rounds * dirs.length;
console.log(JSON.stringify({
  skills: dirs.length, rounds, problemsPerRound: problems / rounds,
  msPerSkill: ns / 1e6 / runs, cpuMsPerSkill: (cpu.user + cpu.system) / 1e3 / runs,
}));
