/**
 * Stands in for zod in the production browser build (web/vite.config.ts, ZOD_UNCHECKED): the
 * server checks every response against the same contract (core/src/contract) in its tests, so
 * the browser need not check them again, and zod is a fifth of the feed's first-render
 * JavaScript. Every schema builder returns one inert schema whose parse methods hand the input
 * back unchanged. Tests and the development server use the real zod, so a response that breaks
 * the contract still fails there ("Unexpected response from ...").
 *
 * Only response checking may rely on this: browser code must not read a schema's shape,
 * options or defaults, nor parse requests with the contract (nothing does today; forms use
 * core's validation rules, which do not use zod).
 */
type Parsed = { success: true; data: unknown };

const methods: Record<string, unknown> = {
  parse: (input: unknown) => input,
  safeParse: (input: unknown): Parsed => ({ success: true, data: input }),
  parseAsync: (input: unknown) => Promise.resolve(input),
  safeParseAsync: (input: unknown): Promise<Parsed> => Promise.resolve({ success: true, data: input }),
};

const schema: unknown = new Proxy(function inertSchema() {}, {
  get(_target, key) {
    if (typeof key === 'string' && key in methods) return methods[key];
    // Not a promise, not iterable, no primitive value: only chained calls and property reads.
    if (typeof key === 'symbol' || key === 'then') return undefined;
    return schema;
  },
  apply: () => schema,
  construct: () => schema as object,
});

export const z = schema;
export default schema;
