import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/database.ts';
import { latestMails, sendMail } from './send-mail.ts';

let database: TestDatabase;
let server: SMTPServer;
let port: number;
const received: { envelopeTo: string[]; raw: string }[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.dispose();
});

/** The parts of a multipart message, quoted-printable decoded (all nodemailer uses for these). */
function partsOf(raw: string): { type: string; body: string }[] {
  const boundary = /boundary="?([^"\r\n;]+)"?/i.exec(raw)?.[1];
  if (!boundary) return [];
  return raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const [head = '', ...rest] = part.split('\r\n\r\n');
      const type = /Content-Type: ([^;\r\n]+)/i.exec(head)?.[1] ?? '';
      const encoded = rest.join('\r\n\r\n');
      const body = /quoted-printable/i.test(head)
        ? Buffer.from(encoded.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
        : encoded;
      return { type, body };
    });
}

const recovery = {
  kind: 'recovery',
  to: 'user@acme.test',
  language: 'en-US',
  companyId: null,
  name: 'Sam',
  companyName: 'Acme',
  url: 'http://acme.localhost:3000/sign-in/email/reset?recover_code=abc',
} as const;

describe('sendMail', () => {
  it('stores the mail and sends it as multipart text and HTML through SMTP', async () => {
    const ctx = { db: database.handle.db, config: { mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Chorus <no-reply@chorus.test>' } } };
    const stored = await sendMail(ctx, recovery);
    expect(stored.sentAt).toBeInstanceOf(Date);
    expect(stored.error).toBeNull();

    expect(received).toHaveLength(1);
    const message = received[0];
    if (!message) throw new Error('nothing received');
    expect(message.envelopeTo).toEqual(['user@acme.test']);
    expect(message.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(message.raw).toMatch(/^Subject: Reset your password\r$/m);
    expect(message.raw).toMatch(/^From: Chorus <no-reply@chorus\.test>\r$/m);
    expect(message.raw).toMatch(/^To: user@acme\.test\r$/m);
    const parts = partsOf(message.raw);
    expect(parts.map((part) => part.type)).toEqual(['text/plain', 'text/html']);
    expect(parts[0]?.body).toContain('Hello Sam,');
    expect(parts[0]?.body).toContain(recovery.url);
    expect(parts[1]?.body).toContain(`href="${recovery.url}"`);

    const [latest] = await latestMails(database.handle.db);
    expect(latest).toMatchObject({ id: stored.id, kind: 'recovery', to: 'user@acme.test', language: 'en-US', links: [recovery.url] });
    expect(latest?.sentAt).toBeInstanceOf(Date);
  });

  it('keeps the mail with the error when the SMTP server cannot be reached', async () => {
    const closed = new SMTPServer({ authOptional: true, logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const ctx = { db: database.handle.db, config: { mail: { smtpUrl: `smtp://127.0.0.1:${deadPort}`, from: 'Chorus <no-reply@chorus.test>' } } };
    const stored = await sendMail(ctx, { ...recovery, to: 'down@acme.test' });
    expect(stored.sentAt).toBeNull();
    expect(stored.error).toMatch(/ECONNREFUSED|connect/i);
    const [latest] = await latestMails(database.handle.db);
    expect(latest).toMatchObject({ id: stored.id, to: 'down@acme.test', sentAt: null });
    expect(latest?.error).toBe(stored.error);
  });

  it('only stores the mail when no SMTP server is configured', async () => {
    const before = received.length;
    const stored = await sendMail({ db: database.handle.db, config: { mail: { smtpUrl: null, from: 'x@chorus.test' } } }, { ...recovery, to: 'outbox@acme.test' });
    expect(stored).toMatchObject({ to: 'outbox@acme.test', sentAt: null, error: null });
    expect(received.length).toBe(before);
  });
});
