// Prints real zod's z.toJSONSchema(form, { io: "input" }) for each form
// of FORMS.json (an array of Zod expressions over `z`), with the embedded
// zod 4 files: one JSON array, per form { ok, value } or { ok: false, error }.
import fs from "node:fs";
import { z } from "../../zodpkg/v4/index.js";

const forms = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const out = forms.map((src) => {
  try {
    const schema = new Function("z", `return (${src});`)(z);
    const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
    delete json.$schema;
    return { ok: true, value: json };
  } catch (e) {
    return { ok: false, error: String(e && e.message) };
  }
});
process.stdout.write(JSON.stringify(out));
