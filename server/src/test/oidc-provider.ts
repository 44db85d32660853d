/**
 * A real OpenID provider for tests (oidc-provider on 127.0.0.1), standing in for Google: one
 * confidential client, an interaction step that signs in whichever account the test chose,
 * and ID tokens that carry the e-mail and profile claims as Google's do.
 */
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** What the provider knows about a person. */
export interface TestOidcAccount {
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}

/** A running provider. */
export interface TestOidcProvider {
  readonly issuer: string;
  /** People the provider knows, by subject. */
  readonly accounts: Map<string, TestOidcAccount>;
  /** The subject the provider's interaction signs in next. */
  signInAs: string;
  /** Follows the provider's redirects as a browser would, until it sends the browser back to the client. */
  throughProvider(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

/** Cookies the browser keeps for the provider (the provider's own paths do not matter here). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** Starts a provider with one client whose only redirect uri is `redirectUri`. */
export async function startTestOidcProvider(client: { clientId: string; clientSecret: string; redirectUri: string }): Promise<TestOidcProvider> {
  let provider: Provider | null = null;
  const state = { accounts: new Map<string, TestOidcAccount>(), signInAs: '' };
  const server = http.createServer((req, res) => {
    if (!provider) {
      res.statusCode = 503;
      res.end();
      return;
    }
    const current = provider;
    if (req.url?.startsWith('/interaction/')) {
      // The provider's own login and consent step, minimal: sign in the chosen account and grant the requested scopes.
      void (async () => {
        const details = await current.interactionDetails(req, res);
        const clientId = details.params.client_id;
        if (typeof clientId !== 'string') throw new Error('no client_id');
        const grant = new current.Grant({ accountId: state.signInAs, clientId });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await current.interactionFinished(req, res, { login: { accountId: state.signInAs }, consent: { grantId } }, { mergeWithLastSubmission: false });
      })().catch(() => {
        res.statusCode = 500;
        res.end();
      });
      return;
    }
    current.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    // Like Google: the ID token itself carries e-mail and profile claims.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['chorus-test-cookie-key'] },
    jwks: { keys: [{ ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' }] },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    findAccount: (_context, sub) => {
      const account = state.accounts.get(sub);
      return account ? { accountId: sub, claims: () => ({ sub, ...account }) } : undefined;
    },
  });

  return {
    issuer,
    accounts: state.accounts,
    get signInAs() {
      return state.signInAs;
    },
    set signInAs(subject: string) {
      state.signInAs = subject;
    },
    async throughProvider(authorizationUrl) {
      const jar = new CookieJar();
      let url = authorizationUrl;
      for (let hop = 0; hop < 10; hop++) {
        if (url.startsWith(client.redirectUri)) return new URL(url);
        const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
        jar.store(response);
        const location = response.headers.get('location');
        if (!location) throw new Error(`provider answered ${response.status} without a redirect at ${url}`);
        url = new URL(location, url).href;
      }
      throw new Error('too many redirects');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
