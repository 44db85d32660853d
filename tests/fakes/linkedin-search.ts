/**
 * A local stand-in for LinkedIn's Organization Lookup API (`GET /rest/organizations
 * ?q=vanityName&vanityName=…`, Rest.li 2.0, versioned), as the mention search calls it with a
 * member's bearer token. It answers LinkedIn's shapes: `{ elements: [...], paging }` on success,
 * `{ status, serviceErrorCode, message }` on errors, and records every request.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An organization the fake knows. */
export interface FakeOrganization {
  id: number;
  localizedName: string;
  vanityName: string;
}

/** A request the fake received. */
export interface LinkedInRequest {
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  version: string | null;
  restli: string | null;
}

/** A running fake. */
export interface FakeLinkedInSearch {
  /** Base URL, as LINKEDIN_API_BASE_URL (no trailing slash). */
  url: string;
  requests: LinkedInRequest[];
  /** Makes every request answer this status (401 expired token, 500 outage) until reset. */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), 'x-restli-protocol-version': '2.0.0' });
  response.end(text);
}

/** Starts the fake on 127.0.0.1; only requests bearing `token` are served. */
export async function startFakeLinkedInSearch(options: { token: string; organizations: readonly FakeOrganization[] }): Promise<FakeLinkedInSearch> {
  const requests: LinkedInRequest[] = [];
  let failure: number | null = null;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : null;
    };
    const authorization = header('authorization');
    requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), authorization, version: header('linkedin-version'), restli: header('x-restli-protocol-version') });
    if (failure !== null) {
      send(response, failure, { status: failure, serviceErrorCode: 65600, message: failure === 401 ? 'Invalid access token' : 'Internal error' });
      return;
    }
    if (authorization !== `Bearer ${options.token}`) {
      send(response, 401, { status: 401, serviceErrorCode: 65600, message: 'Invalid access token' });
      return;
    }
    if (!header('linkedin-version')) {
      send(response, 426, { status: 426, code: 'NONEXISTENT_VERSION', message: 'A version must be present' });
      return;
    }
    if (request.method !== 'GET' || url.pathname !== '/rest/organizations' || url.searchParams.get('q') !== 'vanityName') {
      send(response, 400, { status: 400, message: `Unsupported ${request.method} ${url.pathname}` });
      return;
    }
    const vanity = (url.searchParams.get('vanityName') ?? '').toLowerCase();
    const elements = options.organizations
      .filter((org) => org.vanityName === vanity)
      .map((org) => ({ id: org.id, localizedName: org.localizedName, vanityName: org.vanityName, localizedWebsite: `https://${org.vanityName}.example`, primaryOrganizationType: 'NONE', locations: [] }));
    send(response, 200, { elements, paging: { count: 10, start: 0, links: [] } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failWith(status) {
      failure = status;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
