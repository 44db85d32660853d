/**
 * Stands in for zod's JSON Schema generator in the browser build (see vite.config.ts). Zod's
 * classic schemas attach `toJSONSchema` to every schema, which drags the whole generator into
 * the first render although the app only ever parses. Calling it here says so.
 */
export function unavailableJsonSchema(): never {
  throw new Error('JSON Schema generation is not part of the web build');
}

export const createToJSONSchemaMethod = () => unavailableJsonSchema;
export const createStandardJSONSchemaMethod = () => unavailableJsonSchema;
