/**
 * The development outbox: every stored mail, newest first, as JSON for tests and as a page
 * for people. Mails carry sign-in and recovery links, so these routes do not exist in
 * production, and elsewhere answer only a request from this machine (a loopback connection
 * naming a loopback host): anything else gets the 404 of a route that is not there.
 */
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { isLoopbackAddress, isLoopbackHost } from '../../lib/loopback.ts';
import { escapeHtml } from '../../mail/render-mail.ts';
import { latestMails, type OutboxMail } from '../../mail/send-mail.ts';
import { serve } from '../../lib/serve.ts';

/** One mail as GET /dev/outbox lists it. */
export interface OutboxEntry {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  created: string;
  kind: string;
}

function entry(mail: OutboxMail): OutboxEntry {
  return { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, links: mail.links, created: mail.created.toISOString(), kind: mail.kind };
}

function page(mails: readonly OutboxMail[]): string {
  const items = mails.map((mail) => {
    const links = mail.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('');
    const status = mail.sentAt ? `sent ${escapeHtml(mail.sentAt.toISOString())}` : mail.error ? `not sent: ${escapeHtml(mail.error)}` : 'kept in the outbox';
    return [
      '<article>',
      `<h2>${escapeHtml(mail.subject)}</h2>`,
      `<p><strong>To:</strong> ${escapeHtml(mail.to)} &middot; <strong>Kind:</strong> ${escapeHtml(mail.kind)} &middot; ${escapeHtml(mail.created.toISOString())} &middot; ${status}</p>`,
      links ? `<ul>${links}</ul>` : '',
      `<pre>${escapeHtml(mail.text)}</pre>`,
      '</article>',
    ].join('');
  });
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Chorus outbox</title>',
    '<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ccc;padding:1rem 0}pre{white-space:pre-wrap;background:#f5f5f5;padding:1rem}</style>',
    '</head><body><h1>Outbox</h1>',
    items.length > 0 ? items.join('') : '<p>No mail yet.</p>',
    '</body></html>',
  ].join('');
}

/** Dev outbox routes; registers nothing in production. */
export const devRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  if (ctx.config.nodeEnv === 'production') return;

  // The connection's own address, never X-Forwarded-For: a proxy in front would make every
  // visitor look local. The Host check stops a page elsewhere reaching us by DNS rebinding.
  app.addHook('onRequest', async (request) => {
    if (!isLoopbackAddress(request.socket.remoteAddress) || !isLoopbackHost(request.headers.host)) throw notFound();
  });

  serve(app, 'GET /dev/outbox', async () => (await latestMails(ctx.db)).map(entry));

  serve(app, 'GET /dev/outbox.html', async (_request, reply) => {
    reply.type('text/html; charset=utf-8');
    return page(await latestMails(ctx.db));
  });
};
