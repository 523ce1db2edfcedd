// skillstudio's documentation-only Zod: what a built skill gets for
// `import { z } from "zod"` when the skill's folder has no node_modules/zod.
//
// Skill schemas are documentation (the xgs spec: "NOT validated at
// runtime"), so this Zod builds schema descriptions and nothing else:
// parse/safeParse pass values through untouched. It supports exactly the
// subset skillstudio's static reader resolves (see the shared contract) and
// keeps real zod v3's `_def` shape, so one converter in the runtime reads
// both. Methods outside that subset exist so a skill never crashes on
// mount, but they make the schema opaque: it documents as {} — the same
// answer the static reader gives — instead of a guess.

class ZodType {
  constructor(def) {
    this._def = def;
  }
  get description() {
    return this._def.description;
  }
  _with(patch) {
    return new this.constructor(Object.assign({}, this._def, patch));
  }
  _check(check) {
    return this._with({ checks: (this._def.checks || []).concat([check]) });
  }
  describe(description) {
    return this._with({ description });
  }
  optional() {
    return new ZodOptional({ typeName: "ZodOptional", innerType: this });
  }
  nullable() {
    return new ZodNullable({ typeName: "ZodNullable", innerType: this });
  }
  default(value) {
    return new ZodDefault({ typeName: "ZodDefault", innerType: this, defaultValue: () => value });
  }
  array() {
    return array(this);
  }
  isOptional() {
    return this instanceof ZodOptional || this instanceof ZodDefault;
  }
  isNullable() {
    return this instanceof ZodNullable;
  }
  // Documentation only: values are never validated.
  parse(value) {
    return value;
  }
  safeParse(value) {
    return { success: true, data: value };
  }
  async parseAsync(value) {
    return value;
  }
  async safeParseAsync(value) {
    return { success: true, data: value };
  }
}

class ZodString extends ZodType {
  min(value) {
    return this._check({ kind: "min", value });
  }
  max(value) {
    return this._check({ kind: "max", value });
  }
  length(value) {
    return this._check({ kind: "length", value });
  }
  url() {
    return this._check({ kind: "url" });
  }
  email() {
    return this._check({ kind: "email" });
  }
  uuid() {
    return this._check({ kind: "uuid" });
  }
  regex(regex) {
    return this._check({ kind: "regex", regex });
  }
  datetime() {
    return this._check({ kind: "datetime" });
  }
  date() {
    return this._check({ kind: "date" });
  }
}

class ZodNumber extends ZodType {
  int() {
    return this._check({ kind: "int" });
  }
  min(value) {
    return this._check({ kind: "min", value, inclusive: true });
  }
  gte(value) {
    return this.min(value);
  }
  max(value) {
    return this._check({ kind: "max", value, inclusive: true });
  }
  lte(value) {
    return this.max(value);
  }
  positive() {
    return this._check({ kind: "min", value: 0, inclusive: false });
  }
  nonnegative() {
    return this._check({ kind: "min", value: 0, inclusive: true });
  }
}

class ZodArray extends ZodType {
  min(value) {
    return this._with({ minLength: { value } });
  }
  max(value) {
    return this._with({ maxLength: { value } });
  }
  length(value) {
    return this._with({ exactLength: { value } });
  }
  get element() {
    return this._def.type;
  }
}

class ZodObject extends ZodType {
  get shape() {
    return this._def.shape();
  }
}

class ZodEnum extends ZodType {
  get options() {
    return this._def.values;
  }
  get enum() {
    const e = {};
    for (const v of this._def.values) e[v] = v;
    return e;
  }
}

class ZodOptional extends ZodType {
  unwrap() {
    return this._def.innerType;
  }
}
class ZodNullable extends ZodType {
  unwrap() {
    return this._def.innerType;
  }
}
class ZodDefault extends ZodType {
  removeDefault() {
    return this._def.innerType;
  }
}
class ZodSimple extends ZodType {}

// Opaque: a schema built with something outside the supported subset.
// Its typeName is unknown to the converter, so it documents as {}.
class ZodOpaque extends ZodType {}

const opaqueMethods = [
  // ZodType
  "refine", "superRefine", "transform", "pipe", "brand", "catch", "readonly", "or", "and", "nullish",
  // strings
  "nonempty", "trim", "toLowerCase", "toUpperCase", "startsWith", "endsWith", "includes", "cuid",
  "cuid2", "ulid", "emoji", "ip", "cidr", "base64", "nanoid", "time", "duration",
  // numbers
  "gt", "lt", "negative", "nonpositive", "multipleOf", "step", "finite", "safe",
  // objects
  "extend", "merge", "pick", "omit", "partial", "deepPartial", "required", "strict", "passthrough",
  "strip", "catchall", "keyof",
];
for (const name of opaqueMethods) {
  ZodType.prototype[name] = function () {
    return new ZodOpaque({ typeName: "ZodOpaque" });
  };
}
// An opaque schema absorbs every further method (describe, optional,
// array…): the static reader cannot see through it either, so the whole
// chain documents as {}.
for (const cls of [ZodType, ZodString, ZodNumber, ZodArray, ZodObject, ZodEnum]) {
  for (const name of Object.getOwnPropertyNames(cls.prototype)) {
    const desc = Object.getOwnPropertyDescriptor(cls.prototype, name);
    if (name === "constructor" || name.startsWith("_") || typeof desc.value !== "function") continue;
    if (["parse", "safeParse", "parseAsync", "safeParseAsync", "isOptional", "isNullable"].includes(name)) continue;
    ZodOpaque.prototype[name] = function () {
      return this;
    };
  }
}

function opaque() {
  return new ZodOpaque({ typeName: "ZodOpaque" });
}

export function string() {
  return new ZodString({ typeName: "ZodString", checks: [] });
}
export function number() {
  return new ZodNumber({ typeName: "ZodNumber", checks: [] });
}
export function boolean() {
  return new ZodSimple({ typeName: "ZodBoolean" });
}
function zNull() {
  return new ZodSimple({ typeName: "ZodNull" });
}
export function any() {
  return new ZodSimple({ typeName: "ZodAny" });
}
export function unknown() {
  return new ZodSimple({ typeName: "ZodUnknown" });
}
export function date() {
  return new ZodSimple({ typeName: "ZodDate" });
}
export function literal(value) {
  return new ZodSimple({ typeName: "ZodLiteral", value });
}
function zEnum(values) {
  return new ZodEnum({ typeName: "ZodEnum", values: Array.from(values) });
}
export function array(type) {
  return new ZodArray({ typeName: "ZodArray", type, minLength: null, maxLength: null, exactLength: null });
}
export function object(shape) {
  const frozen = Object.assign({}, shape);
  return new ZodObject({ typeName: "ZodObject", shape: () => frozen });
}
export function union(options) {
  return new ZodSimple({ typeName: "ZodUnion", options: Array.from(options) });
}
export function record(keyOrValue, value) {
  return value === undefined
    ? new ZodSimple({ typeName: "ZodRecord", keyType: string(), valueType: keyOrValue })
    : new ZodSimple({ typeName: "ZodRecord", keyType: keyOrValue, valueType: value });
}
export function tuple(items) {
  return new ZodSimple({ typeName: "ZodTuple", items: Array.from(items) });
}
export function optional(type) {
  return type.optional();
}
export function nullable(type) {
  return type.nullable();
}

// Outside the subset: present so skills mount, opaque in documentation.
export const bigint = opaque;
export const undefined_ = opaque;
export const never = opaque;
export const lazy = opaque;
export const discriminatedUnion = opaque;
export const intersection = opaque;
export const nativeEnum = opaque;
export const set = opaque;
export const map = opaque;
export const promise = opaque;
export const custom = opaque;
export const preprocess = opaque;
export const instanceof_ = opaque;
export const coerce = { string: opaque, number: opaque, boolean: opaque, date: opaque, bigint: opaque };

export { zNull as null, zEnum as enum, undefined_ as undefined, instanceof_ as instanceof };

export { ZodType, ZodString, ZodNumber, ZodArray, ZodObject, ZodEnum, ZodOptional, ZodNullable, ZodDefault };

export const z = {
  string,
  number,
  boolean,
  null: zNull,
  any,
  unknown,
  date,
  literal,
  enum: zEnum,
  array,
  object,
  union,
  record,
  tuple,
  optional,
  nullable,
  bigint,
  undefined: undefined_,
  void: opaque,
  never,
  lazy,
  discriminatedUnion,
  intersection,
  nativeEnum,
  set,
  map,
  promise,
  custom,
  preprocess,
  instanceof: instanceof_,
  coerce,
  ZodType,
};

export default z;
