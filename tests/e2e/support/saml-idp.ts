/**
 * A SAML identity provider for the browser suites, built with samlify and served on loopback:
 * its sign-in page (HTTP-Redirect binding) reads the AuthnRequest and, when the person presses
 * Continue, posts a signed response (HTTP-POST binding, InResponseTo the request) to the
 * service provider's callback. It signs with the test-only key pair of the server suite.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { validate } from '@authenio/samlify-node-xmllint';
import * as samlify from 'samlify';

samlify.setSchemaValidator({ validate });

const fixture = (name: string): string => readFileSync(new URL(`../../../server/src/test/fixtures/saml/${name}`, import.meta.url), 'utf8');
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** A running IdP. */
export interface SamlIdp {
  /** Its single sign-on URL. */
  readonly ssoUrl: string;
  /** Its single logout URL (HTTP-Redirect binding). */
  readonly sloUrl: string;
  readonly entityId: string;
  /** Its signing certificate (PEM), as the company must trust it. */
  readonly cert: string;
  /** The AuthnRequest ids it has answered. */
  readonly answered: string[];
  /** The LogoutRequest ids it has answered. */
  readonly loggedOut: string[];
  /** The person the IdP signs in from now on (it starts as `email`). */
  signInAs(email: string): void;
  close(): Promise<void>;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Starts the IdP; it signs in as `email` for the service provider `sp`. */
export async function startSamlIdp(options: { email: string; spEntityId: string; acsUrl: string; sloUrl: string }): Promise<SamlIdp> {
  const answered: string[] = [];
  let person = options.email;
  const loggedOut: string[] = [];
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const entityId = `${origin}/metadata`;
  const ssoUrl = `${origin}/sso`;
  const sloUrl = `${origin}/slo`;
  const idp = samlify.IdentityProvider({
    entityID: entityId,
    privateKey: fixture('idp-key.pem'),
    signingCert: fixture('idp-cert.pem'),
    nameIDFormat: [EMAIL_FORMAT],
    singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: ssoUrl }],
    singleLogoutService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: sloUrl }],
  });
  const sp = samlify.ServiceProvider({
    entityID: options.spEntityId,
    wantAssertionsSigned: true,
    assertionConsumerService: [{ Binding: samlify.Constants.namespace.binding.post, Location: options.acsUrl }],
    singleLogoutService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: options.sloUrl }],
    wantLogoutResponseSigned: true,
  });

  server.on('request', (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      if (url.pathname === '/slo') {
        // Single logout: answer the LogoutRequest with a signed LogoutResponse, straight back.
        try {
          const parsed = await idp.parseLogoutRequest(sp, 'redirect', { query: Object.fromEntries(url.searchParams), octetString: '' });
          const requestId = String((parsed.extract as { request?: { id?: string } }).request?.id ?? '');
          loggedOut.push(requestId);
          const answer = idp.createLogoutResponse(sp, { extract: { request: { id: requestId } } }, 'redirect', '');
          res.writeHead(302, { location: answer.context }).end();
        } catch (error) {
          res.writeHead(400, { 'content-type': 'text/plain' }).end(`Bad LogoutRequest: ${String(error)}`);
        }
        return;
      }
      if (url.pathname !== '/sso') {
        res.writeHead(404).end();
        return;
      }
      try {
        const parsed = await idp.parseLoginRequest(sp, 'redirect', { query: Object.fromEntries(url.searchParams), octetString: '' });
        const requestId = String((parsed.extract as { request?: { id?: string } }).request?.id ?? '');
        const { context } = await idp.createLoginResponse(sp, { extract: { request: { id: requestId } } }, 'post', { email: person });
        answered.push(requestId);
        const relay = url.searchParams.get('RelayState') ?? '';
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><title>Test identity provider</title></head><body><main>
<h1>Test identity provider</h1>
<form method="post" action="${escapeHtml(options.acsUrl)}">
<input type="hidden" name="SAMLResponse" value="${escapeHtml(context)}">
<input type="hidden" name="RelayState" value="${escapeHtml(relay)}">
<button type="submit">Continue as ${escapeHtml(person)}</button>
</form></main></body></html>`);
      } catch (error) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(`Bad AuthnRequest: ${String(error)}`);
      }
    })();
  });

  return {
    ssoUrl,
    sloUrl,
    entityId,
    cert: fixture('idp-cert.pem'),
    answered,
    loggedOut,
    signInAs: (email) => {
      person = email;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
