package bundle

// zodForms are the schema forms the differential test builds, one per
// function input. They cover every Zod construct the static reader
// models, alone and with modifiers in different orders.
var zodForms = []string{
	// strings
	`z.string()`, `z.string().min(1)`, `z.string().max(5)`, `z.string().min(2).max(8)`, `z.string().length(3)`,
	`z.string().nonempty()`, `z.string().min(1).min(3)`, `z.string().min(3).min(1)`, `z.string().max(3).max(1)`,
	`z.string().email()`, `z.string().url()`, `z.string().uuid()`, `z.string().cuid()`, `z.string().emoji()`,
	`z.string().datetime()`, `z.string().date()`, `z.string().time()`, `z.string().duration()`,
	`z.string().regex(/^[a-z]+$/)`, `z.string().regex(/a/).regex(/b/)`, `z.string().email().regex(/x/)`,
	`z.string().startsWith("ab")`, `z.string().endsWith(".json")`, `z.string().includes("a+b")`,
	`z.string().startsWith("a").endsWith("b")`, `z.string().trim()`, `z.string().trim().min(1)`,
	`z.string().toLowerCase()`, `z.string().lowercase()`, `z.string().uppercase()`, `z.string().base64()`,
	`z.string().url().max(200)`, `z.string().max(200).url()`, `z.string().email().email()`,
	`z.string().ipv4()`, `z.string().ulid()`, `z.string().nanoid()`, `z.string().jwt()`,
	// zod 4 top-level constructors
	`z.email()`, `z.url()`, `z.uuid()`, `z.guid()`, `z.uuidv4()`, `z.cuid2()`, `z.ipv4()`, `z.ipv6()`, `z.e164()`, `z.httpUrl()`,
	`z.iso.date()`, `z.iso.datetime()`, `z.iso.time()`, `z.iso.duration()`, `z.email().max(100)`, `z.url().describe("the page")`,
	`z.int()`, `z.int().min(0)`, `z.int().positive()`,
	// numbers
	`z.number()`, `z.number().int()`, `z.number().min(0)`, `z.number().max(10)`, `z.number().gt(1)`, `z.number().lt(3)`,
	`z.number().gte(1).lte(9)`, `z.number().positive()`, `z.number().negative()`, `z.number().nonnegative()`, `z.number().nonpositive()`,
	`z.number().multipleOf(5)`, `z.number().step(0.5)`, `z.number().finite()`, `z.number().safe()`,
	`z.number().int().min(0).max(10)`, `z.number().int().positive()`, `z.number().min(1).gt(0)`, `z.number().gt(0).min(1)`,
	`z.number().gt(1).min(1)`, `z.number().multipleOf(2).multipleOf(3)`, `z.number().min(0).int()`,
	// other scalars
	`z.boolean()`, `z.null()`, `z.any()`, `z.unknown()`, `z.never()`, `z.date()`, `z.bigint()`,
	`z.coerce.number()`, `z.coerce.string()`, `z.coerce.boolean()`, `z.coerce.date()`, `z.coerce.number().int().min(1)`,
	// enums and literals
	`z.enum(["a", "b"])`, `z.enum(["only"])`, `z.nativeEnum({ A: "a", B: "b" })`, `z.enum({ A: 1, B: 2 })`,
	`z.literal("x")`, `z.literal(3)`, `z.literal(true)`, `z.literal(null)`, `z.literal(["a", "b"])`, `z.literal([1, 2])`,
	`z.enum(["a", "b"]).optional()`, `z.enum(["a", "b"]).default("a")`, `z.enum(["a", "b"]).describe("mode")`,
	// arrays and tuples
	`z.array(z.string())`, `z.string().array()`, `z.array(z.number()).min(1)`, `z.array(z.string()).max(3)`,
	`z.array(z.string()).length(2)`, `z.array(z.string()).nonempty()`, `z.array(z.string()).min(1).max(3)`,
	`z.array(z.string().nullable())`, `z.array(z.union([z.string(), z.number()]))`,
	`z.tuple([z.string(), z.number()])`, `z.tuple([z.string(), z.number().optional()])`, `z.tuple([z.string()], z.number())`,
	// objects
	`z.object({})`, `z.object({ a: z.string() })`, `z.object({ a: z.string(), b: z.number().optional() })`,
	`z.object({ a: z.string() }).strict()`, `z.object({ a: z.string() }).passthrough()`, `z.object({ a: z.string() }).loose()`,
	`z.object({ a: z.string() }).strip()`, `z.object({ a: z.string() }).catchall(z.number())`, `z.strictObject({ a: z.string() })`,
	`z.looseObject({ a: z.string() })`, `z.object({ a: z.string() }).partial()`, `z.object({ a: z.string(), b: z.string() }).partial({ a: true })`,
	`z.object({ a: z.string().optional() }).required()`, `z.object({ a: z.string(), b: z.number() }).pick({ a: true })`,
	`z.object({ a: z.string(), b: z.number() }).omit({ a: true })`, `z.object({ a: z.string() }).extend({ b: z.number() })`,
	`z.object({ a: z.string() }).merge(z.object({ b: z.boolean() }))`, `z.object({ a: z.object({ b: z.string().optional() }) })`,
	`z.object({ a: z.string().optional(), b: z.string().nullish(), c: z.string().default("x"), d: z.string().catch("y") })`,
	`z.object({ a: z.string().nullable(), b: z.string().optional().nullable(), c: z.string().nullable().optional() })`,
	`z.object({ a: z.string() }).describe("an object")`,
	// unions and intersections
	`z.union([z.string(), z.number()])`, `z.string().or(z.number())`, `z.union([z.string().min(1), z.number()])`,
	`z.union([z.string(), z.null()])`, `z.union([z.string().nullable(), z.number()])`, `z.union([z.literal("a"), z.literal("b")])`,
	`z.discriminatedUnion("k", [z.object({ k: z.literal("a"), x: z.string() }), z.object({ k: z.literal("b"), y: z.number() })])`,
	`z.intersection(z.object({ a: z.string() }), z.object({ b: z.number() }))`, `z.object({ a: z.string() }).and(z.object({ b: z.string() }))`,
	`z.intersection(z.object({ a: z.string() }).strict(), z.object({ b: z.number() }).strict())`,
	`z.intersection(z.string(), z.string().min(1))`, `z.intersection(z.object({ a: z.string() }), z.object({ a: z.string().min(1) }))`,
	// records
	`z.record(z.string(), z.number())`, `z.record(z.string())`, `z.record(z.enum(["a", "b"]), z.number())`,
	`z.record(z.enum(["a", "b"]), z.number().optional())`, `z.record(z.string(), z.object({ n: z.number() }))`,
	// wrappers in every order
	`z.string().optional()`, `z.string().nullable()`, `z.string().nullish()`, `z.string().default("a")`, `z.string().catch("c")`,
	`z.string().optional().default("a")`, `z.string().default("a").optional()`, `z.string().optional().nullable()`,
	`z.string().nullable().optional()`, `z.string().nullable().default(null)`, `z.number().nonnegative().nullable().default(null)`,
	`z.string().describe("d").optional()`, `z.string().optional().describe("d")`, `z.string().describe("d").nullable()`,
	`z.string().nullable().describe("d")`, `z.string().url().describe("x").nullable().optional()`, `z.string().describe("x").min(1)`,
	`z.string().min(1).describe("x")`, `z.string().describe("a").describe("b")`, `z.string().readonly()`,
	`z.string().meta({ title: "T", examples: ["a"] })`, `z.string().meta({ description: "m" })`,
	`z.optional(z.string())`, `z.nullable(z.number())`, `z.string().default("x").describe("d")`, `z.string().describe("d").default("x")`,
	`z.string().refine((s) => s.length > 0)`, `z.array(z.string()).optional().describe("tags")`, `z.date().optional()`,
	`z.object({ when: z.date(), big: z.bigint().optional() })`, `z.array(z.date())`,
	`z.object({ d: z.iso.date().describe("YYYY-MM-DD"), n: z.int().optional(), e: z.email().nullish() })`,
}
