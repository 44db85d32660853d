/**
 * Zod's JSON Schema processors, left out of the browser builds with the generator (see
 * vite.config.ts). Zod's classic schemas import every name below from
 * `zod/v4/core/json-schema-processors.js`; each one here throws if ever called, since the app
 * only parses. `zod-json-schema-processors-stub.test.ts` fails when a zod upgrade imports a
 * name this file lacks, instead of the build printing IMPORT_IS_UNDEFINED warnings.
 */
import { unavailableJsonSchema } from './zod-json-schema-stub.ts';

export { unavailableJsonSchema as toJSONSchema };
export const aggregateChecks = unavailableJsonSchema;
export const anyProcessor = unavailableJsonSchema;
export const arrayProcessor = unavailableJsonSchema;
export const bigintProcessor = unavailableJsonSchema;
export const booleanProcessor = unavailableJsonSchema;
export const catchProcessor = unavailableJsonSchema;
export const customProcessor = unavailableJsonSchema;
export const dateProcessor = unavailableJsonSchema;
export const defaultProcessor = unavailableJsonSchema;
export const enumProcessor = unavailableJsonSchema;
export const fileProcessor = unavailableJsonSchema;
export const functionProcessor = unavailableJsonSchema;
export const intersectionProcessor = unavailableJsonSchema;
export const js = unavailableJsonSchema;
export const lazyProcessor = unavailableJsonSchema;
export const literalProcessor = unavailableJsonSchema;
export const mapProcessor = unavailableJsonSchema;
export const nanProcessor = unavailableJsonSchema;
export const neverProcessor = unavailableJsonSchema;
export const nonoptionalProcessor = unavailableJsonSchema;
export const nullProcessor = unavailableJsonSchema;
export const nullableProcessor = unavailableJsonSchema;
export const numberProcessor = unavailableJsonSchema;
export const objectProcessor = unavailableJsonSchema;
export const optionalProcessor = unavailableJsonSchema;
export const pipeProcessor = unavailableJsonSchema;
export const prefaultProcessor = unavailableJsonSchema;
export const promiseProcessor = unavailableJsonSchema;
export const readonlyProcessor = unavailableJsonSchema;
export const recordProcessor = unavailableJsonSchema;
export const setProcessor = unavailableJsonSchema;
export const stringProcessor = unavailableJsonSchema;
export const successProcessor = unavailableJsonSchema;
export const symbolProcessor = unavailableJsonSchema;
export const templateLiteralProcessor = unavailableJsonSchema;
export const transformProcessor = unavailableJsonSchema;
export const tupleProcessor = unavailableJsonSchema;
export const undefinedProcessor = unavailableJsonSchema;
export const unionProcessor = unavailableJsonSchema;
export const unknownProcessor = unavailableJsonSchema;
export const voidProcessor = unavailableJsonSchema;
