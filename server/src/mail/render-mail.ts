/**
 * Renders a mail in the recipient's language as plain text and HTML. Strings come from the
 * per-language files beside this module; every interpolated value is escaped in the HTML
 * part, since names and company titles are user data.
 */
import { resolveLanguage, type Language } from '@chorus/core';
import deDE from './locales/de-DE.json' with { type: 'json' };
import enUS from './locales/en-US.json' with { type: 'json' };
import esES from './locales/es-ES.json' with { type: 'json' };
import frCA from './locales/fr-CA.json' with { type: 'json' };
import type { CompanyLink, MailContent, MailKind } from './mail-content.ts';

/** The strings of one language; en-US's shape is the reference the others are tested against. */
export type MailStrings = typeof enUS;

/** Mail strings by language. */
export const MAIL_STRINGS: Readonly<Record<Language, MailStrings>> = {
  'en-US': enUS,
  'es-ES': esES,
  'fr-CA': frCA,
  'de-DE': deDE,
};

/** A rendered mail, ready to store and send. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Every link the mail carries, in order (the dev outbox shows them; tests follow them). */
  links: string[];
  language: Language;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

type Values = Readonly<Record<string, string | number>>;

function fill(template: string, values: Values, escape: (value: string) => string): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : escape(String(value));
  });
}

/** A mail before it is written out: the same structure feeds the text and the HTML part. */
interface MailBody {
  subject: string;
  greeting: string;
  intro: string;
  action: { label: string; url: string } | null;
  list: readonly CompanyLink[];
  note: string;
}

type TemplateKey = Exclude<keyof MailStrings, 'greeting' | 'greetingNoName' | 'linkFallback' | 'footer'>;

const TEMPLATE_KEY: Readonly<Record<MailKind, TemplateKey>> = {
  recovery: 'recovery',
  'magic-link': 'magicLink',
  invite: 'invite',
  verification: 'verification',
  'find-your-team': 'findYourTeam',
  'deletion-request': 'deletionRequest',
  'email-confirmation': 'emailConfirmation',
  'sign-up-join': 'signUpJoin',
};

/** One translated string with its template text kept apart from the values. */
interface Line {
  template: string;
  values: Values;
}

function line(template: string, values: Values = {}): Line {
  return { template, values };
}

interface Plan {
  subject: Line;
  greeting: Line;
  intro: Line;
  action: { label: Line; url: string } | null;
  list: readonly CompanyLink[];
  note: Line;
}

function plan(content: MailContent, s: MailStrings): Plan {
  const greeting = content.name.trim() ? line(s.greeting, { name: content.name.trim() }) : line(s.greetingNoName);
  switch (content.kind) {
    case 'recovery':
    case 'magic-link':
    case 'verification':
    case 'email-confirmation':
    case 'sign-up-join': {
      const t = s[TEMPLATE_KEY[content.kind]] as MailStrings['recovery'];
      const values = { company: content.companyName };
      return {
        subject: line(t.subject, values),
        greeting,
        intro: line(t.intro, values),
        action: { label: line(t.action), url: content.url },
        list: [],
        note: line(t.note, values),
      };
    }
    case 'invite': {
      const values = { company: content.companyName, inviter: content.inviterName ?? '' };
      return {
        subject: line(s.invite.subject, values),
        greeting,
        intro: line(content.inviterName ? s.invite.introBy : s.invite.intro, values),
        action: { label: line(s.invite.action), url: content.url },
        list: [],
        note: line(s.invite.note),
      };
    }
    case 'find-your-team':
      return {
        subject: line(s.findYourTeam.subject),
        greeting,
        intro: line(s.findYourTeam.intro),
        action: null,
        list: content.companies,
        note: line(s.findYourTeam.note),
      };
    case 'deletion-request': {
      const values = { requester: content.requesterName, email: content.requesterEmail, userId: content.requesterId, company: content.companyName };
      return {
        subject: line(s.deletionRequest.subject, values),
        greeting,
        intro: line(s.deletionRequest.intro, values),
        action: { label: line(s.deletionRequest.action), url: content.url },
        list: [],
        note: line(s.deletionRequest.note),
      };
    }
  }
}

function asText(value: string): string {
  return value;
}

function written(p: Plan, escape: (value: string) => string): MailBody {
  // The template text itself is escaped too, so a translation with "&" or "<" stays literal.
  const out = (l: Line): string => fill(escape(l.template), l.values, escape);
  return {
    // A header line: user data must not be able to break it.
    subject: fill(p.subject.template, p.subject.values, asText).replace(/[\r\n]+/g, ' '),
    greeting: out(p.greeting),
    intro: out(p.intro),
    action: p.action ? { label: out(p.action.label), url: p.action.url } : null,
    list: p.list.map((company) => ({ name: escape(company.name), url: company.url })),
    note: out(p.note),
  };
}

function renderText(body: MailBody, s: MailStrings): string {
  const parts = [body.greeting, '', body.intro, ''];
  if (body.action) parts.push(`${body.action.label}: ${body.action.url}`, '');
  for (const company of body.list) parts.push(`${company.name}: ${company.url}`);
  if (body.list.length > 0) parts.push('');
  parts.push(body.note, '', '--', s.footer, '');
  return parts.join('\n');
}

function renderHtml(body: MailBody, subject: string, s: MailStrings, language: Language): string {
  const p = (html: string): string => `<p style="margin:0 0 16px">${html}</p>`;
  const parts = [p(body.greeting), p(body.intro)];
  if (body.action) {
    const href = escapeHtml(body.action.url);
    parts.push(
      `<p style="margin:24px 0"><a href="${href}" style="background:#5b5fc7;color:#ffffff;padding:10px 20px;border-radius:4px;text-decoration:none;display:inline-block">${body.action.label}</a></p>`,
      p(`${escapeHtml(s.linkFallback)}<br><a href="${href}">${href}</a>`),
    );
  }
  if (body.list.length > 0) {
    const items = body.list.map((company) => `<li style="margin:0 0 8px"><strong>${company.name}</strong>: <a href="${escapeHtml(company.url)}">${escapeHtml(company.url)}</a></li>`);
    parts.push(`<ul style="margin:0 0 16px;padding-left:20px">${items.join('')}</ul>`);
  }
  parts.push(p(body.note), `<hr style="border:none;border-top:1px solid #dddddd;margin:24px 0"><p style="margin:0;color:#666666;font-size:12px">${escapeHtml(s.footer)}</p>`);
  return [
    '<!doctype html>',
    `<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f5f5f5;font-family:Segoe UI,Helvetica,Arial,sans-serif;color:#242424">',
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:32px;border-radius:8px">${parts.join('')}</div>`,
    '</body></html>',
  ].join('');
}

/** Renders a mail in the given language (unsupported tags fall back to en-US). */
export function renderMail(content: MailContent, requestedLanguage: string): RenderedMail {
  const language = resolveLanguage(requestedLanguage);
  const s = MAIL_STRINGS[language];
  const p = plan(content, s);
  const text = written(p, asText);
  const html = written(p, escapeHtml);
  const links = [...(p.action ? [p.action.url] : []), ...p.list.map((company) => company.url)];
  return { subject: text.subject, text: renderText(text, s), html: renderHtml(html, text.subject, s, language), links, language };
}
