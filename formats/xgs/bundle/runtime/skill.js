// @xgoose/skill — the runtime skillstudio bundles into every built skill.
//
// defineSkill turns { name: fn({...}) } into the object the bundle mounts on
// window.xgoose.skills[namespace]: each name is the raw handler (arguments
// are NOT validated — the Zod schemas are documentation), plus
// __describe__, __meta__ and __isXgooseSkill__. Every property is own and
// enumerable so the mount's Object.assign copies them and a rebuild
// replaces them in place.
//
// The header facts (name, namespace, primary) come from "xgoose:header",
// a module skillstudio generates from the skill's current header on every
// build. The JSON Schema mapping and typeOf follow skillstudio's shared
// contract exactly; the Go static reader produces the same output.
import header from "xgoose:header";

// fn marks one function definition. It keeps the definition as written so
// __describe__ can read summary, input, output and examples later.
export function fn(definition) {
  if (definition === null || typeof definition !== "object") {
    throw new TypeError("fn(...) takes an object: { summary, input, output?, examples?, handler }");
  }
  if (typeof definition.handler !== "function") {
    throw new TypeError("fn(...): handler must be a function");
  }
  return { __xgooseFn__: true, definition };
}

// defineSkill builds the mountable skill object.
export function defineSkill(functions) {
  if (functions === null || typeof functions !== "object") {
    throw new TypeError("defineSkill(...) takes an object of fn(...) definitions");
  }
  const names = Object.keys(functions);
  const definitions = {};
  const skill = {};
  for (const name of names) {
    const entry = functions[name];
    const definition = entry && entry.__xgooseFn__ ? entry.definition : { handler: entry };
    if (typeof definition.handler !== "function") {
      throw new TypeError(`defineSkill: ${name} is neither fn({...}) nor a function`);
    }
    definitions[name] = definition;
    skill[name] = definition.handler;
  }
  skill.__describe__ = function __describe__(fnName) {
    if (fnName === undefined) {
      const all = {};
      for (const name of names) all[name] = describeFunction(name, definitions[name]);
      return all;
    }
    if (!Object.prototype.hasOwnProperty.call(definitions, fnName)) {
      throw new Error(
        `${header.namespace}.__describe__: no function "${fnName}" (have: ${names.join(", ")})`,
      );
    }
    return Object.assign({ name: fnName }, describeFunction(fnName, definitions[fnName]));
  };
  skill.__meta__ = {
    name: header.name,
    namespace: header.namespace,
    primary: header.primary || null,
    functions: names.slice(),
  };
  skill.__isXgooseSkill__ = true;
  return skill;
}

// describeFunction is one entry of __describe__(): the contract's shape.
function describeFunction(name, definition) {
  const input = definition.input === undefined ? {} : toJSONSchema(definition.input);
  const out = {
    summary: typeof definition.summary === "string" ? definition.summary : "",
    signature: `${name}(args: ${definition.input === undefined ? "{}" : typeOf(input)}): Promise<${
      definition.output === undefined ? "unknown" : typeOf(toJSONSchema(definition.output))
    }>`,
    invocation: `await xgoose.skills.${header.namespace}.${name}({...})`,
  };
  if (header.primary === name) out.primary = true;
  out.input = input;
  if (definition.output !== undefined) out.output = toJSONSchema(definition.output);
  out.examples = (Array.isArray(definition.examples) ? definition.examples : []).map((ex) => {
    const e = { args: ex && ex.args };
    if (ex && ex.note !== undefined) e.note = ex.note;
    if (ex && ex.returns !== undefined) e.returns = ex.returns;
    return e;
  });
  return out;
}

// toJSONSchema converts a Zod schema to the JSON Schema of its input.
//
// A zod 4 schema (4.2 and later, as embedded) converts itself through the
// Standard JSON Schema interface: exactly z.toJSONSchema(schema, { io:
// "input" }), with two deliberate differences that skillstudio's static
// reader mirrors (formats/xgs/zodjson.go):
//   - no top-level "$schema": every byte lands in the agent's reminder;
//   - z.date() is { type: "string", format: "date-time" } and z.bigint()
//     { type: "integer" } — what an agent passes through js_exec — where
//     zod can only say {} ("unrepresentable").
// Older zods (v3 `_def.typeName`, v4 before 4.2) go through the converter
// below, which follows the same mapping for the forms it knows.
// Anything that cannot be converted becomes {} rather than a guess, and
// never an exception: __describe__ must not throw.
export function toJSONSchema(schema) {
  if (schema === null || typeof schema !== "object") return {};
  const standard = schema["~standard"];
  if (schema._zod && standard && standard.jsonSchema && typeof standard.jsonSchema.input === "function") {
    try {
      const out = standard.jsonSchema.input({
        target: "draft-2020-12",
        libraryOptions: { unrepresentable: "any", override: wireTypes },
      });
      delete out.$schema;
      return out;
    } catch (e) {
      return {};
    }
  }
  if (schema._def && typeof schema._def.typeName === "string") return fromV3(schema);
  if (schema._zod && schema._zod.def) return fromV4(schema);
  return {};
}

// wireTypes documents what JSON can carry for the types zod calls
// unrepresentable.
function wireTypes(ctx) {
  const type = ctx.zodSchema._zod.def.type;
  if (type === "date") {
    ctx.jsonSchema.type = "string";
    ctx.jsonSchema.format = "date-time";
  } else if (type === "bigint") {
    ctx.jsonSchema.type = "integer";
  }
}

// ---- zod v3 shape (also the shape of the embedded documentation Zod) ----

function fromV3(schema) {
  if (!schema || !schema._def) return {};
  const def = schema._def;
  let out;
  let inner; // the wrapped schema of optional/nullable/default
  switch (def.typeName) {
    case "ZodString":
      out = { type: "string" };
      for (const c of def.checks || []) {
        // As zod 4: the tightest length bound wins, whatever the order.
        if (c.kind === "min" && out.minLength !== undefined && c.value < out.minLength) continue;
        if (c.kind === "max" && out.maxLength !== undefined && c.value > out.maxLength) continue;
        stringCheck(out, c.kind, c.value, c.regex);
      }
      break;
    case "ZodNumber":
      out = numberV3(def.checks || []);
      break;
    case "ZodBoolean":
      out = { type: "boolean" };
      break;
    case "ZodNull":
      out = { type: "null" };
      break;
    case "ZodDate":
      out = { type: "string", format: "date-time" };
      break;
    case "ZodLiteral":
      out = { const: def.value };
      if (def.value === null) out.type = "null";
      else if (["string", "number", "boolean"].includes(typeof def.value)) out.type = typeof def.value;
      break;
    case "ZodEnum":
      out = { type: "string", enum: Array.from(def.values || []) };
      break;
    case "ZodArray":
      out = { type: "array", items: fromV3(def.type) };
      if (def.exactLength) out.minItems = out.maxItems = def.exactLength.value;
      if (def.minLength) out.minItems = def.minLength.value;
      if (def.maxLength) out.maxItems = def.maxLength.value;
      break;
    case "ZodObject":
      out = objectSchema(typeof def.shape === "function" ? def.shape() : def.shape || {}, fromV3, isOptionalV3);
      if (def.catchall && def.catchall._def && def.catchall._def.typeName !== "ZodNever") out.additionalProperties = fromV3(def.catchall);
      else if (def.unknownKeys === "strict") out.additionalProperties = false;
      else if (def.unknownKeys === "passthrough") out.additionalProperties = {};
      break;
    case "ZodUnion":
      out = compactTypeUnion({ anyOf: (def.options || []).map(fromV3) });
      break;
    case "ZodRecord": {
      const keys = fromV3(def.keyType);
      out = { type: "object", propertyNames: keys, additionalProperties: fromV3(def.valueType) };
      if (Array.isArray(keys.enum) && !isOptionalV3(def.valueType)) out.required = keys.enum.slice();
      break;
    }
    case "ZodTuple": {
      const elems = def.items || [];
      const items = elems.map(fromV3);
      let min = elems.length;
      while (min > 0 && isOptionalV3(elems[min - 1])) min--;
      out = { type: "array", prefixItems: items };
      if (def.rest) out.items = fromV3(def.rest);
      else out.items = false;
      out.minItems = min;
      if (!def.rest) out.maxItems = elems.length;
      break;
    }
    case "ZodOptional":
      inner = def.innerType;
      out = fromV3(inner);
      break;
    case "ZodNullable":
      inner = def.innerType;
      out = compactTypeUnion({ anyOf: [fromV3(inner), { type: "null" }] });
      break;
    case "ZodDefault":
      inner = def.innerType;
      out = fromV3(inner);
      out.default = typeof def.defaultValue === "function" ? def.defaultValue() : def.defaultValue;
      break;
    case "ZodCatch":
      // zod 4 documents the fallback as the default.
      inner = def.innerType;
      out = fromV3(inner);
      try {
        const v = typeof def.catchValue === "function" ? def.catchValue({ error: undefined, input: undefined }) : def.catchValue;
        if (v !== undefined) out.default = v;
      } catch (e) {
        // a fallback that needs the real error is not documented
      }
      break;
    case "ZodNever":
      out = { not: {} };
      break;
    case "ZodNativeEnum": {
      // zod's own rule: drop a numeric enum's reverse mappings.
      const obj = def.values || {};
      const values = Object.keys(obj)
        .filter((k) => typeof obj[obj[k]] !== "number")
        .map((k) => obj[k]);
      out = { enum: values };
      if (values.length > 0 && values.every((v) => typeof v === "string")) out = { type: "string", enum: values };
      else if (values.length > 0 && values.every((v) => typeof v === "number")) out = { type: "number", enum: values };
      break;
    }
    case "ZodDiscriminatedUnion":
      out = { oneOf: Array.from(def.options || []).map(fromV3) };
      break;
    case "ZodReadonly":
      inner = def.innerType;
      out = fromV3(inner);
      out.readOnly = true;
      break;
    case "ZodEffects":
      // refine/superRefine/transform/preprocess: the input is the inner
      // schema's (io: "input").
      inner = def.schema;
      out = fromV3(inner);
      break;
    case "ZodBranded":
      inner = def.type;
      out = fromV3(inner);
      break;
    case "ZodBigInt":
      out = { type: "integer" }; // as wireTypes does for zod 4
      break;
    default:
      // any, unknown, and everything outside the contract (effects, lazy,
      // intersections, the documentation Zod's opaque methods…).
      out = {};
  }
  // Real zod v3 copies a description onto optional/nullable/default
  // wrappers; it belongs on the outer schema only when it was set there.
  const description = def.description;
  if (description !== undefined && !(inner && inner._def && inner._def.description === description)) {
    out.description = description;
  }
  return out;
}

// numberV3 writes a zod 3 number the way zod 4's z.toJSONSchema writes
// the same chain (and skillstudio's static reader, zodjson.go): the
// tightest bound wins, an exclusive one on a tie; .int() adds the
// safe-integer bounds that are not tighter; a second multipleOf goes to
// allOf.
function numberV3(checks) {
  const out = { type: "number" };
  let lo, hi;
  const multiples = [];
  for (const c of checks) {
    if (c.kind === "int") out.type = "integer";
    else if (c.kind === "min" && (!lo || c.value > lo.value || (c.value === lo.value && c.inclusive === false))) lo = c;
    else if (c.kind === "max" && (!hi || c.value < hi.value || (c.value === hi.value && c.inclusive === false))) hi = c;
    else if (c.kind === "multipleOf") multiples.push(c.value);
  }
  if (out.type === "integer") {
    if (!lo) lo = { value: Number.MIN_SAFE_INTEGER, inclusive: true };
    if (!hi) hi = { value: Number.MAX_SAFE_INTEGER, inclusive: true };
  }
  if (lo) out[lo.inclusive === false ? "exclusiveMinimum" : "minimum"] = lo.value;
  if (hi) out[hi.inclusive === false ? "exclusiveMaximum" : "maximum"] = hi.value;
  if (multiples.length > 0) out.multipleOf = multiples[0];
  if (multiples.length > 1) out.allOf = multiples.slice(1).map((m) => ({ multipleOf: m }));
  return out;
}

// compactTypeUnion rewrites anyOf [{type: a}, {type: b}] as type [a, b],
// as zod 4's finalize does for branches that are bare type assertions.
function compactTypeUnion(v) {
  if (!Array.isArray(v.anyOf) || v.anyOf.length === 0 || v.type !== undefined) return v;
  const types = [];
  for (const o of v.anyOf) {
    if (o === null || typeof o !== "object" || Object.keys(o).length !== 1 || o.type === undefined) return v;
    for (const t of Array.isArray(o.type) ? o.type : [o.type]) {
      if (typeof t !== "string") return v;
      if (!types.includes(t)) types.push(t);
    }
  }
  const rest = { ...v };
  delete rest.anyOf;
  return { type: types.length === 1 ? types[0] : types, ...rest };
}

function isOptionalV3(schema) {
  for (let s = schema; s && s._def; s = s._def.innerType || s._def.schema || (s._def.typeName === "ZodBranded" ? s._def.type : undefined)) {
    const t = s._def.typeName;
    if (t === "ZodOptional" || t === "ZodDefault") return true;
    if (t !== "ZodNullable" && t !== "ZodCatch" && t !== "ZodReadonly" && t !== "ZodEffects" && t !== "ZodBranded") return false;
  }
  return false;
}

// ---- zod v4 shape ----

function fromV4(schema) {
  if (!schema || !schema._zod || !schema._zod.def) return {};
  const def = schema._zod.def;
  let out;
  let inner;
  switch (def.type) {
    case "string":
      out = { type: "string" };
      if (def.format) stringFormatV4(out, def.format, def.pattern);
      for (const c of def.checks || []) {
        const cd = (c._zod && c._zod.def) || {};
        if (cd.check === "min_length") stringCheck(out, "min", cd.minimum);
        else if (cd.check === "max_length") stringCheck(out, "max", cd.maximum);
        else if (cd.check === "length_equals") stringCheck(out, "length", cd.length);
        else if (cd.check === "string_format") stringFormatV4(out, cd.format, cd.pattern);
      }
      break;
    case "number":
      out = { type: def.format && /int/.test(def.format) ? "integer" : "number" };
      for (const c of def.checks || []) {
        const cd = (c._zod && c._zod.def) || {};
        if (cd.check === "number_format" && /int/.test(cd.format)) out.type = "integer";
        else if (cd.check === "greater_than") out[cd.inclusive ? "minimum" : "exclusiveMinimum"] = cd.value;
        else if (cd.check === "less_than") out[cd.inclusive ? "maximum" : "exclusiveMaximum"] = cd.value;
      }
      break;
    case "boolean":
      out = { type: "boolean" };
      break;
    case "null":
      out = { type: "null" };
      break;
    case "date":
      out = { type: "string", format: "date-time" };
      break;
    case "literal":
      out = { const: (def.values || [])[0] };
      break;
    case "enum":
      out = { type: "string", enum: Object.values(def.entries || {}) };
      break;
    case "array":
      out = { type: "array", items: fromV4(def.element) };
      for (const c of def.checks || []) {
        const cd = (c._zod && c._zod.def) || {};
        if (cd.check === "min_length") out.minItems = cd.minimum;
        else if (cd.check === "max_length") out.maxItems = cd.maximum;
        else if (cd.check === "length_equals") out.minItems = out.maxItems = cd.length;
      }
      break;
    case "object":
      out = objectSchema(def.shape || {}, fromV4, isOptionalV4);
      break;
    case "union":
      out = { anyOf: (def.options || []).map(fromV4) };
      break;
    case "record":
      // z.record(V) — one argument, the v3 way — leaves valueType unset.
      out = { type: "object", additionalProperties: fromV4(def.valueType || def.keyType) };
      break;
    case "tuple": {
      const items = (def.items || []).map(fromV4);
      out = { type: "array", prefixItems: items, minItems: items.length, maxItems: items.length };
      break;
    }
    case "optional":
      inner = def.innerType;
      out = fromV4(inner);
      break;
    case "nullable":
      inner = def.innerType;
      out = { anyOf: [fromV4(inner), { type: "null" }] };
      break;
    case "default":
      inner = def.innerType;
      out = fromV4(inner);
      out.default = typeof def.defaultValue === "function" ? def.defaultValue() : def.defaultValue;
      break;
    default:
      out = {};
  }
  // v4 keeps descriptions in a registry, read through the getter; a wrapper
  // does not inherit its inner schema's description there.
  const description = schema.description;
  if (description !== undefined && !(inner && inner.description === description)) {
    out.description = description;
  }
  return out;
}

function stringFormatV4(out, format, pattern) {
  if (format === "url") stringCheck(out, "url");
  else if (format === "email" || format === "uuid" || format === "date") stringCheck(out, format);
  else if (format === "datetime") stringCheck(out, "datetime");
  else if (format === "regex" && pattern) stringCheck(out, "regex", undefined, pattern);
}

function isOptionalV4(schema) {
  for (let s = schema; s && s._zod; s = s._zod.def.innerType) {
    const t = s._zod.def.type;
    if (t === "optional" || t === "default") return true;
    if (t !== "nullable") return false;
  }
  return false;
}

// ---- shared pieces ----

function stringCheck(out, kind, value, regex) {
  switch (kind) {
    case "min":
      out.minLength = value;
      break;
    case "max":
      out.maxLength = value;
      break;
    case "length":
      out.minLength = out.maxLength = value;
      break;
    case "url":
      out.format = "uri";
      break;
    case "email":
      out.format = "email";
      break;
    case "uuid":
      out.format = "uuid";
      break;
    case "datetime":
      out.format = "date-time";
      break;
    case "date":
      out.format = "date";
      break;
    case "regex":
      out.pattern = regex instanceof RegExp ? regex.source : String(regex);
      break;
  }
}

function objectSchema(shape, convert, isOptional) {
  const properties = {};
  const required = [];
  for (const key of Object.keys(shape)) {
    properties[key] = convert(shape[key]);
    if (!isOptional(shape[key])) required.push(key);
  }
  const out = { type: "object", properties };
  if (required.length > 0) out.required = required;
  return out;
}

// typeOf is the TypeScript-ish type of a JSON Schema; skillstudio's Go
// TypeOf prints the same.
export function typeOf(s) {
  if (s === null || typeof s !== "object") return "unknown";
  if (Array.isArray(s.anyOf)) return s.anyOf.length ? s.anyOf.map(typeOf).join(" | ") : "never";
  if (Array.isArray(s.oneOf)) return s.oneOf.length ? s.oneOf.map(typeOf).join(" | ") : "never";
  if (Array.isArray(s.allOf) && s.type === undefined) return s.allOf.map(typeOf).join(" & ");
  if (s.not !== undefined && Object.keys(s).length === 1) return "never";
  if (Object.prototype.hasOwnProperty.call(s, "const")) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.length ? s.enum.map((v) => JSON.stringify(v)).join(" | ") : "never";
  if (Array.isArray(s.type)) return s.type.length ? s.type.map((t) => typeOf({ type: t })).join(" | ") : "never";
  switch (s.type) {
    case "string":
      return "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array": {
      if (Array.isArray(s.prefixItems)) return `[${s.prefixItems.map(typeOf).join(", ")}]`;
      const item = typeOf(s.items);
      return (item.includes(" | ") ? `(${item})` : item) + "[]";
    }
    case "object": {
      const keys = s.properties ? Object.keys(s.properties) : [];
      if (keys.length > 0) {
        const required = new Set(s.required || []);
        const fields = keys.map((k) => `${k}${required.has(k) ? "" : "?"}: ${typeOf(s.properties[k])}`);
        return `{ ${fields.join("; ")} }`;
      }
      if (s.additionalProperties && typeof s.additionalProperties === "object") return `Record<string, ${typeOf(s.additionalProperties)}>`;
      return "{}";
    }
  }
  return "unknown";
}
