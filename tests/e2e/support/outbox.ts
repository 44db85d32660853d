import { expect, request } from '@playwright/test';

/** One mail of the development outbox (`GET /dev/outbox`). */
export interface OutboxMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly links: readonly string[];
  readonly created: string;
  readonly kind: string;
}

/** The server's address for Node, which does not resolve `*.localhost`: loopback with the port of the suite. */
function serverOrigin(baseURL: string | undefined): string {
  if (baseURL === undefined) throw new Error('The Playwright config sets no baseURL');
  return `http://127.0.0.1:${new URL(baseURL).port}`;
}

/** Every outbox mail, newest first. */
export async function readOutbox(baseURL: string | undefined): Promise<OutboxMail[]> {
  const context = await request.newContext({ baseURL: serverOrigin(baseURL), extraHTTPHeaders: { Host: new URL(baseURL ?? '').host } });
  try {
    const response = await context.get('/dev/outbox');
    expect(response.ok(), 'GET /dev/outbox').toBe(true);
    return (await response.json()) as OutboxMail[];
  } finally {
    await context.dispose();
  }
}

/** Waits for a mail of a kind to an address that arrived after `since` (an ISO time) and returns it. */
export async function waitForMail(
  baseURL: string | undefined,
  kind: string,
  to: string,
  since: string,
  /** Picks among mails of that kind to that address, which tests running at once may share (the admin's). */
  about: (mail: OutboxMail) => boolean = () => true,
): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      found = (await readOutbox(baseURL)).find((mail) => mail.kind === kind && mail.to === to && mail.created >= since && about(mail));
      return found !== undefined;
    }, { message: `a ${kind} mail to ${to}` })
    .toBe(true);
  if (!found) throw new Error('unreachable: the poll succeeded');
  return found;
}

/** POSTs JSON to the API of a company site, as the browser there would. */
export async function postAsSite(siteOrigin: string, path: string, data: unknown): Promise<number> {
  const site = new URL(siteOrigin);
  const context = await request.newContext({ baseURL: `http://127.0.0.1:${site.port}`, extraHTTPHeaders: { Host: site.host } });
  try {
    return (await context.post(path, { data })).status();
  } finally {
    await context.dispose();
  }
}
