/**
 * SAML single sign-on (v1 /auth/saml): browser navigations. Sign-in and sign-up send the
 * browser to the company's IdP; the IdP posts the signed assertion to the callback, which
 * hands over to the web app's /sign-in/sso page with a single-use exchange token (never a
 * session token in a URL). Hosts without a company or without SAML settings answer 404.
 */
import { SsoRedirectCode } from '@chorus/core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { decodeSamlRelay, encodeSamlRelay, samlIdentity, samlServiceProvider, type SamlRelay } from '../../auth/saml.ts';
import { issueSsoExchange, ssoLandingUrl } from '../../auth/sso-exchange.ts';
import { samlSignIn } from '../../commands/saml-sign-in.ts';
import { companyOrigin } from '../../config.ts';
import type { CompanyRow, SamlConfigColumn } from '../../db/schema.ts';
import { notFound, parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';

const SignInQuery = z.object({ next: z.string().max(2000).optional(), is_in_iframe: z.string().max(5).optional() });
const SignUpQuery = z.object({ code: z.string().min(1).max(200), next: z.string().max(2000).optional() });
const CallbackBody = z.object({ SAMLResponse: z.string().min(1).max(500_000), RelayState: z.string().max(4000).optional() });
const LogoutQuery = z.object({ SAMLResponse: z.string().max(100_000).optional() }).passthrough();

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
    const url = await samlServiceProvider(ctx.config, company, saml).getAuthorizeUrlAsync(encodeSamlRelay(relay), undefined, {});
    return reply.header('cache-control', 'no-store').redirect(url);
  }

  app.get('/api/v1/auth/saml/sign-in', async (request, reply) => {
    const query = parseInput(SignInQuery, request.query ?? {});
    return startSignIn(request, reply, { next: query.next ?? null, inviteCode: null, inIframe: query.is_in_iframe === '1' });
  });

  app.get('/api/v1/auth/saml/sign-up', async (request, reply) => {
    const query = parseInput(SignUpQuery, request.query ?? {});
    return startSignIn(request, reply, { next: query.next ?? null, inviteCode: query.code, inIframe: false });
  });

  app.post('/api/v1/auth/saml/callback', async (request, reply) => {
    const { company, saml } = samlCompany(request);
    const errorUrl = `${origin(company)}/error`;
    const body = CallbackBody.safeParse(request.body ?? {});
    if (!body.success) return reply.redirect(errorUrl);
    let identity;
    try {
      const { profile } = await samlServiceProvider(ctx.config, company, saml).validatePostResponseAsync({ SAMLResponse: body.data.SAMLResponse });
      // node-saml checks the issuer of logout messages only; the signed assertion's is checked here.
      if (!profile || profile.issuer !== saml.idpIssuer) return reply.redirect(errorUrl);
      identity = samlIdentity(profile);
    } catch (error) {
      request.log.warn({ err: error, companyId: company.id }, 'SAML response refused');
      return reply.redirect(errorUrl);
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
        const token = await issueSsoExchange(ctx.db, { userId: outcome.user.id, companyId: company.id, email: outcome.email });
        return reply.header('cache-control', 'no-store').redirect(ssoLandingUrl(origin(company), token, { inIframe: relay.inIframe, next: relay.next }));
      }
    }
  });

  app.get('/api/v1/auth/saml/metadata', async (request, reply) => {
    const { company, saml } = samlCompany(request);
    const xml = samlServiceProvider(ctx.config, company, saml).generateServiceProviderMetadata(null);
    return reply.type('application/samlmetadata+xml; charset=utf-8').send(xml);
  });

  // Without a stored IdP session (NameID, session index) no LogoutRequest can be built, so
  // the browser visits the IdP's logout page; an IdP that answers with a LogoutResponse
  // comes back here and gets 311 or 312 on /sign-in.
  app.get('/api/v1/auth/saml/logout', async (request, reply) => {
    const { company, saml } = samlCompany(request);
    const query = parseInput(LogoutQuery, request.query ?? {});
    const signIn = (code: number): string => `${origin(company)}/sign-in?code=${code}`;
    if (query.SAMLResponse) {
      try {
        const originalQuery = request.url.slice(request.url.indexOf('?') + 1);
        const result = await samlServiceProvider(ctx.config, company, saml).validateRedirectAsync(request.query as Record<string, string>, originalQuery);
        return reply.redirect(signIn(result.loggedOut ? SsoRedirectCode.SAML_LOGOUT_SUCCESS : SsoRedirectCode.SAML_LOGOUT_ERROR));
      } catch {
        return reply.redirect(signIn(SsoRedirectCode.SAML_LOGOUT_ERROR));
      }
    }
    return reply.redirect(saml.logoutUrl ?? signIn(SsoRedirectCode.SAML_LOGOUT_SUCCESS));
  });
};
