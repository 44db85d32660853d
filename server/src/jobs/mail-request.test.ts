import { ErrorCode } from '@chorus/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { latestMails } from '../mail/send-mail.ts';
import { createTestContext, post, type TestContext } from '../test/app.ts';
import { buildCompany, buildUser } from '../test/factories.ts';
import { buildTenants, type Tenants } from '../test/fixtures.ts';
import { startJobRunner, type JobRunner } from './job-runner.ts';

let t: TestContext;
let f: Tenants;
let runner: JobRunner;
/** The app as the API role runs it: mail requests go to the job queue. */
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
  runner = await startJobRunner({ database: t.database, config: t.config, work: true, notifier: null, log: t.app.log });
  app = await buildApp({ logger: false, config: t.config, database: t.database, jobs: runner });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await runner.stop();
  await t.close();
});

async function mailsTo(to: string, kind: string) {
  return (await latestMails(t.db)).filter((mail) => mail.to === to && mail.kind === kind);
}

async function waitForMail(to: string, kind: string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const found = await mailsTo(to, kind);
    if (found.length > 0) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${kind} mail to ${to}`);
}

describe('mail requests through the job queue', () => {
  it('answer at once, and the worker sends the recovery, magic-link and find-your-team mails', async () => {
    const res = await post(app, 'acme', '/api/v1/auth/recover', { username: f.acmeUser.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: true });
    expect(await waitForMail(f.acmeUser.email, 'recovery')).toHaveLength(1);

    expect((await post(app, 'acme', '/api/v1/auth/email/magic-link', { username: f.acmeAdmin.email })).json()).toEqual({ sent: true });
    expect(await waitForMail(f.acmeAdmin.email, 'magic-link')).toHaveLength(1);

    expect((await post(app, 'app', '/api/v1/auth/login-assistance', { email: f.multi.email })).json()).toEqual({ sent: true });
    const [assist] = await waitForMail(f.multi.email, 'find-your-team');
    expect(assist?.links).toHaveLength(2);
  });

  it('answer an unknown address exactly as a known one, and mail nobody', async () => {
    const known = await post(app, 'acme', '/api/v1/auth/recover', { username: f.acmeAdmin.email });
    const unknown = await post(app, 'acme', '/api/v1/auth/recover', { username: 'nobody@acme.example' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await waitForMail(f.acmeAdmin.email, 'recovery');
    // The known address's job ran; give the unknown one as long, then check nothing was sent.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await mailsTo('nobody@acme.example', 'recovery')).toEqual([]);
  });

  it('still answers 305 in the request where the company reveals unknown addresses', async () => {
    await buildCompany(t.db, { subdomain: 'candid', revealUnknownEmails: true });
    const res = await post(app, 'candid', '/api/v1/auth/recover', { username: 'nobody@candid.example' });
    expect(res.json()).toMatchObject({ error: ErrorCode.EMAIL_NOT_FOUND });
  });

  it('mails a member of a revealing company in the request', async () => {
    const candid = await buildCompany(t.db, { subdomain: 'candid2', revealUnknownEmails: true });
    const member = await buildUser(t.db, [{ company: candid }]);
    expect((await post(app, 'candid2', '/api/v1/auth/recover', { username: member.email })).json()).toEqual({ sent: true });
    expect(await mailsTo(member.email, 'recovery')).toHaveLength(1);
  });
});
