/**
 * The sandbox network's consent page for linking an account for sharing: plain, accessible
 * HTML served by Chorus, every value escaped. English only, as the sign-in consent page (it
 * stands in for the network's own page).
 */
import { escapeHtml } from '../../mail/render-mail.ts';

/** What the page shows: the network, the company asking, the state to carry on, and an error. */
export interface LinkConsentPageInput {
  network: string;
  companyName: string;
  state: string;
  error: string | null;
}

const NETWORK_TITLES: Readonly<Record<string, string>> = { twitter: 'X (Twitter)', facebook: 'Facebook', linkedin: 'LinkedIn' };

/** The consent page; submitting goes to /api/v1/social/sandbox/{network}/decide by GET. */
export function renderLinkConsentPage(input: LinkConsentPageInput): string {
  const network = escapeHtml(NETWORK_TITLES[input.network] ?? input.network);
  const company = escapeHtml(input.companyName);
  const action = `/api/v1/social/sandbox/${encodeURIComponent(input.network)}/decide`;
  const error = input.error ? `<p role="alert"><strong>${escapeHtml(input.error)}</strong></p>` : '';
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Link your ${network} account (sandbox)</title></head>`,
    '<body>',
    '<main>',
    `<h1>Link your ${network} account (sandbox)</h1>`,
    `<p>${company} asks to share posts to ${network} on your behalf.</p>`,
    '<p>This is the built-in sandbox network: no real account is used and nothing is published outside Chorus. Type the name of the account to link. This page is shown in English only.</p>',
    error,
    `<form method="get" action="${escapeHtml(action)}">`,
    `<input type="hidden" name="state" value="${escapeHtml(input.state)}">`,
    '<p><label for="name">Account name</label><br><input id="name" name="name" autocomplete="name" required maxlength="100"></p>',
    '<p><button type="submit" name="decision" value="allow">Allow</button> ',
    '<button type="submit" name="decision" value="deny" formnovalidate>Deny</button></p>',
    '</form>',
    '</main>',
    '</body>',
    '</html>',
  ].join('\n');
}
