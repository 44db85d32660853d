/** Zod's per-type JSON Schema processors, left out of the browser build with the generator. */
export { unavailableJsonSchema as toJSONSchema } from './zod-json-schema-stub.ts';
