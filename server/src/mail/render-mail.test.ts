import { LANGUAGES } from '@chorus/core';
import { describe, expect, it } from 'vitest';
import { MAIL_KINDS, type MailContent, type MailKind } from './mail-content.ts';
import { MAIL_STRINGS, escapeHtml, renderMail } from './render-mail.ts';

const HOSTILE = `<script>alert("x")</script> & 'co'`;

const SAMPLES: Readonly<Record<MailKind, MailContent>> = {
  recovery: { kind: 'recovery', name: HOSTILE, companyName: HOSTILE, url: 'http://acme.localhost:3000/sign-in/email/reset?recover_code=abc' },
  'magic-link': { kind: 'magic-link', name: HOSTILE, companyName: HOSTILE, url: 'http://acme.localhost:3000/sign-up/email?code=abc&type=1' },
  invite: { kind: 'invite', name: HOSTILE, companyName: HOSTILE, inviterName: HOSTILE, url: 'http://acme.localhost:3000/sign-up?code=abc' },
  verification: { kind: 'verification', name: HOSTILE, companyName: HOSTILE, url: 'http://acme.localhost:3000/verify-email?usa_id=1' },
  'email-confirmation': { kind: 'email-confirmation', name: HOSTILE, companyName: HOSTILE, url: 'http://acme.localhost:3000/confirm-email?code=abc' },
  'sign-up-join': { kind: 'sign-up-join', name: HOSTILE, companyName: HOSTILE, url: 'http://acme.localhost:3000/sign-up/join?code=abc' },
  'find-your-team': {
    kind: 'find-your-team',
    name: HOSTILE,
    companies: [
      { name: HOSTILE, url: 'http://acme.localhost:3000/sign-in' },
      { name: 'Globex', url: 'http://globex.localhost:3000/sign-in' },
    ],
  },
  'deletion-request': {
    kind: 'deletion-request',
    name: HOSTILE,
    companyName: HOSTILE,
    requesterName: HOSTILE,
    requesterEmail: 'a&b@acme.test',
    requesterId: 42,
    url: 'http://acme.localhost:3000/confirm-user-deletion?delete_code=abc',
  },
};

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`]));
}

describe('mail strings', () => {
  it.each(LANGUAGES)('%s has exactly the keys of en-US, none empty', (language) => {
    const strings = MAIL_STRINGS[language];
    expect(keysOf(strings).sort()).toEqual(keysOf(MAIL_STRINGS['en-US']).sort());
    for (const key of keysOf(strings)) {
      const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], strings);
      expect(value, key).toMatch(/\S/);
    }
  });
});

describe('renderMail', () => {
  it.each(LANGUAGES.flatMap((language) => MAIL_KINDS.map((kind) => ({ language, kind }))))(
    'renders $kind in $language with its links and escaped HTML',
    ({ language, kind }) => {
      const mail = renderMail(SAMPLES[kind], language);
      expect(mail.language).toBe(language);
      expect(mail.subject).not.toMatch(/\{\{|\n/);
      expect(mail.text).not.toContain('{{');
      expect(mail.html).not.toContain('{{');
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain(escapeHtml(HOSTILE));
      expect(mail.text).toContain(HOSTILE);
      expect(mail.html).toContain(`lang="${language}"`);
      expect(mail.links.length).toBeGreaterThan(0);
      for (const link of mail.links) {
        expect(mail.text).toContain(link);
        expect(mail.html).toContain(`href="${escapeHtml(link)}"`);
      }
    },
  );

  it('uses the recipient language and falls back to en-US', () => {
    expect(renderMail(SAMPLES['magic-link'], 'fr-CA').subject).toBe(`Votre lien de connexion à ${HOSTILE}`);
    expect(renderMail(SAMPLES.recovery, 'es').subject).toBe('Restablece tu contraseña');
    expect(renderMail(SAMPLES.recovery, 'xx-YY').subject).toBe('Reset your password');
  });

  it('lists every company of a find-your-team mail', () => {
    const mail = renderMail(SAMPLES['find-your-team'], 'en-US');
    expect(mail.links).toEqual(['http://acme.localhost:3000/sign-in', 'http://globex.localhost:3000/sign-in']);
    expect(mail.text).toContain('Globex: http://globex.localhost:3000/sign-in');
  });

  it('names the inviter only when there is one', () => {
    const invite = { kind: 'invite', name: 'Sam', url: 'http://acme.localhost:3000/sign-up?code=abc' } as const;
    expect(renderMail({ ...invite, inviterName: 'Ada', companyName: 'Acme' }, 'en-US').text).toContain('Ada invited you to join Acme');
    expect(renderMail({ ...invite, inviterName: null, companyName: 'Acme' }, 'en-US').text).toContain('You have been invited to join Acme');
  });

  it('keeps user data from breaking the subject line', () => {
    const mail = renderMail({ kind: 'magic-link', name: '', companyName: 'Acme\r\nBcc: x@evil.test', url: 'http://a.test/' }, 'en-US');
    expect(mail.subject).toBe('Your sign-in link for Acme Bcc: x@evil.test');
    expect(mail.text.startsWith('Hello,\n')).toBe(true);
  });
});
