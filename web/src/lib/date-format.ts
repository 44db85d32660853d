/**
 * Shared `Intl.DateTimeFormat`s. Building one costs the browser about a millisecond (several on
 * a phone), and a feed builds a date for every card: one formatter per language and options,
 * made on first use and kept, instead of one per card and render.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/** The formatter of `language` with `options`, made once. */
export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}\u0000${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(language, options);
    formats.set(key, format);
  }
  return format;
}
