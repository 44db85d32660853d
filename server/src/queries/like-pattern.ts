/** LIKE patterns of typed search text. */

/** A pattern matching `text` anywhere, its wildcards escaped so a search for "50%" means the text "50%". */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
