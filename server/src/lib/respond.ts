/** Response checking against the contract. */
import type { z } from 'zod';

/**
 * Returns the value unchanged, after checking it against its contract schema when checking
 * is on (everywhere but production, where it would only cost time): a drift between the
 * server and core then fails loudly in development and tests.
 */
export function checked<T extends z.ZodType>(schema: T, value: z.infer<T>, check: boolean): z.infer<T> {
  if (check) {
    const result = schema.safeParse(value);
    if (!result.success) throw new Error(`Response does not match the contract: ${result.error.message}`);
  }
  return value;
}
