/**
 * The page both sandbox consent pages share (signing in with a network, and linking one for
 * sharing): plain, accessible HTML with a title, an explanation, an error from a bad submit
 * and a GET form to the network's decide route with Allow and Deny. Every argument but
 * `fields` is text, escaped here; `fields` are the form's inputs as HTML built by the caller.
 */
import type { Language } from '@chorus/core';
import { escapeHtml } from '../../mail/render-mail.ts';

/** What a consent page shows; texts are already translated and filled in, not yet escaped. */
export interface ConsentShell {
  language: Language;
  /** The page title, also its heading, as HTML. */
  titleHtml: string;
  /** Paragraphs above the form, as HTML. */
  paragraphsHtml: readonly string[];
  /** A bad submit's message, as HTML, or null. */
  errorHtml: string | null;
  /** Where the form goes (GET). */
  action: string;
  /** The state the form carries on. */
  state: string;
  /** The form's inputs, as HTML. */
  fieldsHtml: readonly string[];
  allowHtml: string;
  denyHtml: string;
}

/** The consent page's HTML. */
export function renderConsentShell(page: ConsentShell): string {
  return [
    '<!doctype html>',
    `<html lang="${page.language}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${page.titleHtml}</title></head>`,
    '<body>',
    '<main>',
    `<h1>${page.titleHtml}</h1>`,
    ...page.paragraphsHtml.map((paragraph) => `<p>${paragraph}</p>`),
    page.errorHtml === null ? '' : `<p role="alert"><strong>${page.errorHtml}</strong></p>`,
    `<form method="get" action="${escapeHtml(page.action)}">`,
    `<input type="hidden" name="state" value="${escapeHtml(page.state)}">`,
    ...page.fieldsHtml,
    `<p><button type="submit" name="decision" value="allow">${page.allowHtml}</button> `,
    `<button type="submit" name="decision" value="deny" formnovalidate>${page.denyHtml}</button></p>`,
    '</form>',
    '</main>',
    '</body>',
    '</html>',
  ].join('\n');
}
