import { expect, request } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './demo.ts';

/** A post as the tests need it. */
export interface PostSummary {
  readonly id: number;
  readonly title: string;
}

interface PostPage {
  readonly objects: readonly PostSummary[];
  readonly total_pages: number;
}

/**
 * An API session for one demo user at one company site. Node does not resolve `*.localhost`,
 * so requests go to 127.0.0.1 with the company's Host header, which picks the tenant.
 */
export class CompanyApi {
  readonly #context: APIRequestContext;

  private constructor(context: APIRequestContext) {
    this.#context = context;
  }

  /** Signs in through `POST /api/v1/auth/sign-in` at the site `siteOrigin` (e.g. `http://acme.localhost:3100`). */
  static async signIn(siteOrigin: string, email: string, password: string = DEMO_PASSWORD): Promise<CompanyApi> {
    const site = new URL(siteOrigin);
    const headers = { Host: site.host };
    const anonymous = await request.newContext({ baseURL: `http://127.0.0.1:${site.port}`, extraHTTPHeaders: headers });
    const response = await anonymous.post('/api/v1/auth/sign-in', { data: { email, password } });
    expect(response.ok(), `sign-in of ${email} at ${site.host}`).toBe(true);
    const { token } = (await response.json()) as { token: string };
    await anonymous.dispose();
    const signedIn = await request.newContext({
      baseURL: `http://127.0.0.1:${site.port}`,
      extraHTTPHeaders: { ...headers, 'X-AUTH-TOKEN': token },
    });
    return new CompanyApi(signedIn);
  }

  /** Every post of the company library (`GET /api/v4/post/`, all pages). */
  async allPosts(): Promise<PostSummary[]> {
    const posts: PostSummary[] = [];
    for (let pageNum = 1; ; pageNum += 1) {
      const response = await this.#context.get('/api/v4/post/', {
        params: { results_per_page: 100, page_num: pageNum, _: Date.now() },
      });
      expect(response.ok(), 'GET /api/v4/post/').toBe(true);
      const page = (await response.json()) as PostPage;
      posts.push(...page.objects.map(({ id, title }) => ({ id, title })));
      if (pageNum >= page.total_pages) {
        return posts;
      }
    }
  }

  /** Sends a JSON request as this user and returns the status and the parsed body. */
  async send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<{ status: number; body: unknown }> {
    const response = await this.#context.fetch(path, { method, ...(data === undefined ? {} : { data }) });
    const text = await response.text();
    return { status: response.status(), body: text === '' ? null : (JSON.parse(text) as unknown) };
  }

  /** Sends multipart form fields as this user (the member's suggestion, an upload) and returns the status and the parsed body. */
  async sendForm(path: string, fields: Record<string, string>): Promise<{ status: number; body: unknown }> {
    const response = await this.#context.post(path, { multipart: fields });
    const text = await response.text();
    return { status: response.status(), body: text === '' ? null : (JSON.parse(text) as unknown) };
  }

  /** Ends the API session. */
  async dispose(): Promise<void> {
    await this.#context.dispose();
  }
}
