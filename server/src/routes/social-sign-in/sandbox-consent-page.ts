/**
 * The sandbox network's consent page: plain, accessible HTML served by Chorus. Every value
 * from the request is escaped. It is in English only (the sandbox stands in for a network's
 * own page, which would be in the network's language).
 */
import { escapeHtml } from '../../mail/render-mail.ts';

/** What the page shows: the network, the state to carry on, and an error from a bad submit. */
export interface ConsentPageInput {
  network: string;
  companyName: string;
  state: string;
  error: string | null;
}

/** The consent page; submitting goes to /api/v1/auth/sandbox/{network}/decide by GET. */
export function renderConsentPage(input: ConsentPageInput): string {
  const network = escapeHtml(input.network);
  const action = `/api/v1/auth/sandbox/${encodeURIComponent(input.network)}/decide`;
  const error = input.error ? `<p role="alert"><strong>${escapeHtml(input.error)}</strong></p>` : '';
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Sign in with ${network} (sandbox)</title></head>`,
    '<body>',
    '<main>',
    `<h1>Sign in with ${network} (sandbox)</h1>`,
    `<p>${escapeHtml(input.companyName)} wants to use your ${network} account to sign you in.</p>`,
    '<p>This is the built-in sandbox network: no real account is used. Type the profile the network would share. This page is shown in English only.</p>',
    error,
    `<form method="get" action="${escapeHtml(action)}">`,
    `<input type="hidden" name="state" value="${escapeHtml(input.state)}">`,
    '<p><label for="name">Display name</label><br><input id="name" name="name" autocomplete="name" required maxlength="100"></p>',
    '<p><label for="email">E-mail shared by the network (optional)</label><br><input id="email" name="email" type="email" autocomplete="email" maxlength="254"></p>',
    '<p><button type="submit" name="decision" value="allow">Allow</button> ',
    '<button type="submit" name="decision" value="deny" formnovalidate>Deny</button></p>',
    '</form>',
    '</main>',
    '</body>',
    '</html>',
  ].join('\n');
}
