/**
 * SAML single sign-on (v1 /auth/saml): browser navigations. Sign-in and sign-up send the
 * browser to the company's IdP; the IdP posts the signed assertion to the callback, which
 * hands over to the web app's /sign-in/sso page with a single-use exchange token (never a
 * session token in a URL). Hosts without a company or without SAML settings answer 404.
 */
import { inflateRawSync } from 'node:zlib';
import { SsoRedirectCode } from '@chorus/core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { decodeSamlRelay, encodeSamlRelay, samlIdentity, samlServiceProvider, type SamlRelay } from '../../auth/saml.ts';
import { samlRequestCache } from '../../auth/saml-request-cache.ts';
import { bindToBrowser, issueSsoExchange, ssoLandingUrl } from '../../auth/sso-exchange.ts';
import { samlProvider, samlSignIn } from '../../commands/saml-sign-in.ts';
import { takeSamlLogout } from '../../commands/saml-logout.ts';
import { completeSsoRemoval, REMOVAL_RELAY_PARAM } from '../../commands/sso-removal.ts';
import { companyOrigin } from '../../config.ts';
import type { CompanyRow, SamlConfigColumn } from '../../db/schema.ts';
import { notFound, parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { serve } from '../../lib/serve.ts';

const SignInQuery = z.object({ next: z.string().max(2000).optional(), is_in_iframe: z.string().max(5).optional() });
const SignUpQuery = z.object({ code: z.string().min(1).max(200), next: z.string().max(2000).optional() });
const CallbackBody = z.object({ SAMLResponse: z.string().min(1).max(500_000), RelayState: z.string().max(4000).optional() });
const LogoutQuery = z
  .object({ SAMLResponse: z.string().max(100_000).optional(), Signature: z.string().max(4000).optional(), logout_token: z.string().max(200).optional() })
  .passthrough();

/** The InResponseTo of a deflated, base64 LogoutResponse (HTTP-Redirect binding), or null. */
function inResponseToOf(samlResponse: string): string | null {
  try {
    const xml = inflateRawSync(Buffer.from(samlResponse, 'base64')).toString('utf8');
    return /<(?:\w+:)?LogoutResponse\b[^>]*\bInResponseTo="([^"]+)"/.exec(xml)?.[1] ?? null;
  } catch {
    return null;
  }
}

function samlCompany(request: FastifyRequest): { company: CompanyRow; saml: SamlConfigColumn } {
  const company = request.company;
  if (!company?.samlConfig) throw notFound('Single sign-on is not set up for this company.');
  return { company, saml: company.samlConfig };
}

/** SAML routes. */
export const samlRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The IdP posts the callback as a form; this parser applies inside this plugin only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 600_000 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });

  const origin = (company: CompanyRow): string => companyOrigin(ctx.config, company.subdomain);

  async function startSignIn(request: FastifyRequest, reply: FastifyReply, relay: SamlRelay): Promise<FastifyReply> {
    const { company, saml } = samlCompany(request);
    const url = await samlServiceProvider(ctx.config, company, saml, samlRequestCache(ctx.db, company.id)).getAuthorizeUrlAsync(encodeSamlRelay(relay), undefined, {});
    return reply.header('cache-control', 'no-store').redirect(url);
  }

  serve(app, 'GET /api/v1/auth/saml/sign-in', async (request, reply) => {
    const query = parseInput(SignInQuery, request.query ?? {});
    return startSignIn(request, reply, { next: query.next ?? null, inviteCode: null, inIframe: query.is_in_iframe === '1' });
  });

  serve(app, 'GET /api/v1/auth/saml/sign-up', async (request, reply) => {
    const query = parseInput(SignUpQuery, request.query ?? {});
    return startSignIn(request, reply, { next: query.next ?? null, inviteCode: query.code, inIframe: false });
  });

  // The IdP's form posts here cross-site; the signed assertion is the authority, not the session.
  serve(app, 'POST /api/v1/auth/saml/callback', async (request, reply) => {
    const { company, saml } = samlCompany(request);
    const errorUrl = `${origin(company)}/error`;
    const body = CallbackBody.safeParse(request.body ?? {});
    if (!body.success) return reply.redirect(errorUrl);
    let identity;
    try {
      const { profile } = await samlServiceProvider(ctx.config, company, saml, samlRequestCache(ctx.db, company.id)).validatePostResponseAsync({ SAMLResponse: body.data.SAMLResponse });
      // node-saml checks the issuer of logout messages only; the signed assertion's is checked here.
      if (!profile || profile.issuer !== saml.idpIssuer) return reply.redirect(errorUrl);
      identity = samlIdentity(profile);
    } catch (error) {
      request.log.warn({ err: error, companyId: company.id }, 'SAML response refused');
      return reply.redirect(errorUrl);
    }
    // A pending deactivation or deletion (see commands/sso-removal.ts) rides in RelayState.
    const removal = new URLSearchParams(body.data.RelayState ?? '').get(REMOVAL_RELAY_PARAM);
    if (removal) {
      const target = await completeSsoRemoval(ctx, company, removal, { provider: samlProvider(company), subject: identity.subject, email: identity.email });
      return reply.header('cache-control', 'no-store').redirect(target);
    }
    const relay = decodeSamlRelay(body.data.RelayState);
    const outcome = await samlSignIn(ctx.db, company, saml, identity, relay.inviteCode);
    switch (outcome.kind) {
      case 'domain-not-found':
        return reply.redirect(`${origin(company)}/sign-in/sso/domain-not-found`);
      case 'deactivated':
      case 'invite-invalid':
        return reply.redirect(errorUrl);
      case 'signed-in': {
        const token = await issueSsoExchange(ctx.db, {
          userId: outcome.user.id,
          companyId: company.id,
          email: outcome.email,
          samlSession: identity.session,
          authMethod: { kind: 'saml', companyId: company.id },
          binding: bindToBrowser(request, reply, ctx.config),
        });
        return reply.header('cache-control', 'no-store').redirect(ssoLandingUrl(origin(company), token, { inIframe: relay.inIframe, next: relay.next }));
      }
    }
  });

  serve(app, 'GET /api/v1/auth/saml/metadata', async (request, reply) => {
    const { company, saml } = samlCompany(request);
    const xml = samlServiceProvider(ctx.config, company, saml).generateServiceProviderMetadata(null);
    return reply.type('application/samlmetadata+xml; charset=utf-8').send(xml);
  });

  /**
   * Single logout. Sign-out of a SAML session hands the browser a `logout_token` link (see
   * commands/saml-logout.ts): it becomes a LogoutRequest to the IdP naming the session's NameID
   * and session index. The IdP's LogoutResponse comes back here, answering that request
   * (InResponseTo), and the person lands on /sign-in with 311 (logged out) or 312 (the IdP
   * refused or its answer did not check out); 313 means the logout could not be started (an
   * unknown or used link, or an IdP without a logout URL).
   */
  serve(app, 'GET /api/v1/auth/saml/logout', async (request, reply) => {
    const { company, saml } = samlCompany(request);
    const query = parseInput(LogoutQuery, request.query ?? {});
    const signIn = (code: number): string => `${origin(company)}/sign-in?code=${code}`;
    const requests = samlRequestCache(ctx.db, company.id);
    const provider = samlServiceProvider(ctx.config, company, saml, requests);
    if (query.SAMLResponse) {
      try {
        // A LogoutResponse must be signed and answer a LogoutRequest this server sent, once
        // (node-saml checks the signature when present and that the request exists).
        const answered = inResponseToOf(query.SAMLResponse);
        if (typeof query.Signature !== 'string' || answered === null) throw new Error('unsigned or unsolicited LogoutResponse');
        const originalQuery = request.url.slice(request.url.indexOf('?') + 1);
        const result = await provider.validateRedirectAsync(request.query as Record<string, string>, originalQuery);
        if ((await requests.removeAsync(answered)) === null) throw new Error('LogoutResponse replayed');
        return reply.redirect(signIn(result.loggedOut ? SsoRedirectCode.SAML_LOGOUT_SUCCESS : SsoRedirectCode.SAML_LOGOUT_ERROR));
      } catch (error) {
        request.log.warn({ err: error, companyId: company.id }, 'SAML logout response refused');
        return reply.redirect(signIn(SsoRedirectCode.SAML_LOGOUT_ERROR));
      }
    }
    if (query.logout_token !== undefined) {
      const session = saml.logoutUrl ? await takeSamlLogout(ctx.db, company, query.logout_token) : null;
      if (!session) return reply.redirect(signIn(SsoRedirectCode.SAML_LOGOUT_ERROR_2));
      const profile = { issuer: saml.idpIssuer, nameID: session.nameID, nameIDFormat: session.nameIDFormat, ...(session.sessionIndex ? { sessionIndex: session.sessionIndex } : {}) };
      return reply.header('cache-control', 'no-store').redirect(await provider.getLogoutUrlAsync(profile, '', {}));
    }
    return reply.redirect(saml.logoutUrl ?? signIn(SsoRedirectCode.SAML_LOGOUT_SUCCESS));
  });
};
