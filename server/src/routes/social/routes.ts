/**
 * Linked social networks (v1 /social): link status, linking through the network's consent
 * (the embedded sandbox network's consent page and callback are browser navigations),
 * unlinking and the page to post as. Every route acts on the signed-in user's own links, and
 * only on networks the host company enables.
 */
import { networkAvailable } from '../../auth/social-providers.ts';
import {
  FacebookStatusResponse,
  flagIsSet,
  type Language,
  type LinkableNetwork,
  LinkNetworkRequest,
  LinkNetworkResponse,
  SocialLinkCallbackQuery,
  SocialNetworksResponse,
  UnlinkNetworkResponse,
  UsePageRequest,
  UsePageResponse,
  usePageNetwork,
  linkReturnPath,
} from '@chorus/core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { issueSandboxLinkCode, usesSandbox } from '../../auth/social-providers.ts';
import {
  chooseSocialPage,
  completeSocialLink,
  enabledNetworks,
  linkOf,
  linksOf,
  linkStateIsUsable,
  requireNetwork,
  startSocialLink,
  unlinkSocialNetwork,
} from '../../commands/social-link.ts';
import { companyOrigin } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { CompanyRow, UserRow } from '../../db/schema.ts';
import { notFound, parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { authenticate } from '../../plugins/session.ts';
import { presentFacebookStatus, presentLinkedNetwork, presentSocialNetworks } from '../../presenters/social.ts';
import { consentPageLanguage } from '../social-sign-in/consent-page-language.ts';
import { renderLinkConsentPage } from './sandbox-link-consent-page.ts';
import { serve } from '../../lib/serve.ts';

const NetworkParam = z.object({ network: z.string().max(30) });
const DecideQuery = z.object({
  state: z.string().max(100).default(''),
  decision: z.enum(['allow', 'deny']).default('deny'),
  name: z.string().trim().max(100).default(''),
});

function sendHtml(reply: FastifyReply, html: string, status = 200): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/** The signed-in user of a browser navigation (session cookie), or null. */
async function browserUser(db: Database, request: FastifyRequest): Promise<UserRow | null> {
  try {
    return (await authenticate(db, request)).viewer.user;
  } catch {
    return null;
  }
}

/** The consent page's language: the signed-in user's own, else the visitor's (cookie, then browser). */
async function linkConsentLanguage(db: Database, request: FastifyRequest): Promise<Language> {
  return consentPageLanguage(request, (await browserUser(db, request))?.language ?? null);
}

/** Social network routes. */
export const socialRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, 'GET /api/v1/social/networks', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const links = await linksOf(ctx.db, viewer.user.id);
    // Only networks this server can reach (a real client, or the sandbox where allowed) are
    // offered for linking; a link made earlier still shows, so it can be unlinked.
    const offered = enabledNetworks(company).filter((network) => networkAvailable(network, ctx.config) || links.has(network));
    return checked(SocialNetworksResponse, presentSocialNetworks(offered, links), ctx.checkResponses);
  });

  serve(app, 'GET /api/v1/social/networks/facebook', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const network = requireNetwork(company, 'facebook');
    return checked(FacebookStatusResponse, presentFacebookStatus(await linkOf(ctx.db, viewer.user.id, network)), ctx.checkResponses);
  });

  serve(app, 'POST /api/v1/social/link-:network', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const network = requireNetwork(company, parseInput(NetworkParam, request.params).network);
    const input = parseInput(LinkNetworkRequest, request.body ?? {});
    const url = await startSocialLink(ctx, company, viewer.user.id, network, {
      isElement: flagIsSet(input.is_element),
      onboarding: flagIsSet(input.onboarding),
      returnTo: linkReturnPath(input.return_to),
    });
    return checked(LinkNetworkResponse, { url }, ctx.checkResponses);
  });

  serve(app, 'POST /api/v1/social/unlink-:network', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const network = requireNetwork(company, parseInput(NetworkParam, request.params).network);
    await unlinkSocialNetwork(ctx.db, viewer.user.id, network);
    return checked(UnlinkNetworkResponse, { success: true }, ctx.checkResponses);
  });

  serve(app, 'POST /api/v1/social/use-page', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const input = parseInput(UsePageRequest, request.body ?? {});
    const network = requireNetwork(company, usePageNetwork(input.action));
    const pageId = input.action === 'use-page' ? input.page : input.company;
    const row = await chooseSocialPage(ctx.db, viewer.user.id, network, pageId);
    return checked(UsePageResponse, presentLinkedNetwork(row), ctx.checkResponses);
  });

  /** A network whose linking the sandbox stands in for here (404 otherwise: off in production unless asked for). */
  function requireSandboxNetwork(company: CompanyRow, params: unknown): LinkableNetwork {
    const network = requireNetwork(company, parseInput(NetworkParam, params).network);
    if (!usesSandbox(network, ctx.config)) throw notFound();
    return network;
  }

  serve(app, 'GET /api/v1/social/sandbox/:network/authorize', async (request, reply) => {
    const company = request.company;
    if (!company) throw notFound();
    const network = requireSandboxNetwork(company, request.params);
    const { state } = parseInput(DecideQuery, request.query ?? {});
    if (!(await linkStateIsUsable(ctx.db, company, network, state))) {
      return reply.redirect(`${companyOrigin(ctx.config, company.subdomain)}/settings?network=${network}&social_error=invalid`);
    }
    const language = await linkConsentLanguage(ctx.db, request);
    return sendHtml(reply, renderLinkConsentPage({ network, companyName: company.name, state, error: null, language }));
  });

  serve(app, 'GET /api/v1/social/sandbox/:network/decide', async (request, reply) => {
    const company = request.company;
    if (!company) throw notFound();
    const network = requireSandboxNetwork(company, request.params);
    const input = parseInput(DecideQuery, request.query ?? {});
    const callback = new URL(`/api/v1/social/callback/${network}`, companyOrigin(ctx.config, company.subdomain));
    callback.searchParams.set('state', input.state);
    if (input.decision === 'deny') {
      callback.searchParams.set('error', 'access_denied');
      return reply.redirect(callback.href);
    }
    if (input.name === '') {
      const language = await linkConsentLanguage(ctx.db, request);
      return sendHtml(reply, renderLinkConsentPage({ network, companyName: company.name, state: input.state, error: 'nameRequired', language }), 400);
    }
    // No code for a state that could not complete anyway.
    if (await linkStateIsUsable(ctx.db, company, network, input.state)) {
      callback.searchParams.set('code', await issueSandboxLinkCode(ctx.db, network, { displayName: input.name, companyName: company.name }));
    }
    return reply.redirect(callback.href);
  });

  serve(app, 'GET /api/v1/social/callback/:network', async (request, reply) => {
    const company = request.company;
    if (!company) throw notFound();
    const network = requireNetwork(company, parseInput(NetworkParam, request.params).network);
    const query = parseInput(SocialLinkCallbackQuery, request.query ?? {});
    const userId = (await browserUser(ctx.db, request))?.id ?? null;
    return reply.redirect(await completeSocialLink(ctx, company, network, { ...query, userId }));
  });
};
