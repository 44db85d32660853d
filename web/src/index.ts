/**
 * The Chorus web app as a component, for the standalone site (main.tsx) and the Teams tab.
 */
export { ChorusApp } from './app/chorus-app.tsx';
export type { ChorusAppProps } from './app/chorus-app.tsx';
export { createChorusI18n, initialLanguage } from './lib/i18n.ts';
export { beginSession } from './lib/auth.tsx';
export { brandVariantsFromTint } from './lib/brand-palette.ts';
export type { ChorusHost } from './lib/chorus-context.ts';
