/**
 * The sandbox wall: what a company's members "published" through the embedded sandbox
 * networks (connectors/sandbox), newest first, each post styled like its network (X, LinkedIn,
 * Facebook) with author, page, time, caption, link and media. Plain server-rendered HTML like
 * the sandbox consent pages, in the viewer's language; every value is escaped.
 */
import type { Language, LinkableNetwork } from '@chorus/core';
import type { SandboxMediaColumn } from '../../db/schema.ts';
import { escapeHtml } from '../../mail/render-mail.ts';
import { htmlText } from '../social-sign-in/consent-page-language.ts';
import deDE from './locales/de-DE.json' with { type: 'json' };
import enUS from './locales/en-US.json' with { type: 'json' };
import esES from './locales/es-ES.json' with { type: 'json' };
import frCA from './locales/fr-CA.json' with { type: 'json' };

/** The strings of one language; en-US's shape is the reference the others are tested against. */
export type SandboxWallStrings = typeof enUS;

/** Wall strings by language. */
export const SANDBOX_WALL_STRINGS: Readonly<Record<Language, SandboxWallStrings>> = { 'en-US': enUS, 'es-ES': esES, 'fr-CA': frCA, 'de-DE': deDE };

/** Posts the wall shows at most. */
export const SANDBOX_WALL_LIMIT = 100;

/** The networks' own names (brands, not translated), in the spec's order. */
const NETWORKS: readonly (readonly [LinkableNetwork, string])[] = [
  ['twitter', 'X'],
  ['linkedin', 'LinkedIn'],
  ['facebook', 'Facebook'],
];

/** One post on the wall. */
export interface WallPost {
  id: number;
  network: LinkableNetwork;
  authorName: string;
  pageName: string | null;
  text: string;
  link: string | null;
  media: SandboxMediaColumn[];
  created: Date;
}

/** What the page shows. */
export interface SandboxWallInput {
  language: Language;
  /** The viewer's time zone (IANA), for the posts' times. */
  timeZone: string;
  companyName: string;
  /** The network filter, or null for all. */
  network: LinkableNetwork | null;
  posts: readonly WallPost[];
}

/** Each network's look: its colours and shapes, close enough to recognise at a glance. */
const STYLES = `
body{margin:0;background:#f3f2ef;color:#1d2226;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:36rem;margin:0 auto;padding:1rem .75rem 3rem}
h1{font-size:1.5rem;margin:.5rem 0}
nav ul{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0;margin:1rem 0}
nav a{display:inline-block;padding:.35rem .8rem;border-radius:999px;border:1px solid #8c8c8c;color:#1d2226;text-decoration:none}
nav a[aria-current="page"]{background:#1d2226;color:#fff;border-color:#1d2226}
nav a:focus-visible,.post a:focus-visible{outline:3px solid #0a66c2;outline-offset:2px}
.post{margin:0 0 1rem;padding:.9rem 1rem;border-radius:.5rem;overflow-wrap:anywhere}
.post header{display:flex;align-items:center;gap:.6rem;margin-bottom:.5rem}
.avatar{flex:none;width:2.5rem;height:2.5rem;border-radius:50%;display:grid;place-items:center;font-weight:700;color:#fff}
.who{display:flex;flex-direction:column;min-width:0;flex:1}
.who strong{font-weight:700}
.meta{font-size:.85rem}
.badge{flex:none;white-space:nowrap;align-self:flex-start;font-size:.75rem;padding:.1rem .5rem;border-radius:.25rem}
.caption{white-space:pre-wrap;margin:.25rem 0 .5rem}
.media{display:grid;gap:.25rem;grid-template-columns:repeat(auto-fit,minmax(8rem,1fr));margin:.5rem 0}
.media img,.media video{width:100%;height:auto;display:block}
.link{display:block;margin-top:.5rem;font-size:.9rem}
.post-twitter{background:#000;color:#e7e9ea;border:1px solid #2f3336;border-radius:1rem}
.post-twitter .avatar{background:#1d9bf0}
.post-twitter .meta{color:#a3aab1}
.post-twitter .badge{background:#16181c;color:#e7e9ea;border:1px solid #536471}
.post-twitter a{color:#6cc4ff}
.post-twitter .media img,.post-twitter .media video{border-radius:1rem}
.post-linkedin{background:#fff;border:1px solid #d9d9d9}
.post-linkedin .avatar{background:#0a66c2;border-radius:.25rem}
.post-linkedin .meta{color:#595959}
.post-linkedin .badge{background:#e8f1fb;color:#004182}
.post-linkedin a{color:#0a58b0}
.post-facebook{background:#fff;border:1px solid #ced0d4;box-shadow:0 1px 2px rgba(0,0,0,.15)}
.post-facebook .avatar{background:#1877f2}
.post-facebook .meta{color:#57595d}
.post-facebook .badge{background:#e7f0fd;color:#0b4aa6}
.post-facebook a{color:#1559c0}
`;

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter((part) => part !== '')
    .slice(0, 2)
    .map((part) => Array.from(part)[0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

function isWebLink(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** The wall path with a network filter. */
function filterHref(network: LinkableNetwork | null): string {
  return network === null ? '/sandbox/wall' : `/sandbox/wall?network=${network}`;
}

function renderPost(post: WallPost, s: SandboxWallStrings, format: Intl.DateTimeFormat): string {
  const networkName = NETWORKS.find(([n]) => n === post.network)?.[1] ?? post.network;
  const shownAs = post.pageName ?? post.authorName;
  const who = post.pageName === null ? escapeHtml(post.authorName) : htmlText(s.postedFor, { author: post.authorName, page: post.pageName });
  const images = post.media.filter((m) => m.kind === 'image');
  const media = post.media
    .map((m) => {
      if (m.kind === 'video') return `<video controls preload="metadata" src="${escapeHtml(m.url)}" aria-label="${htmlText(s.video)}"></video>`;
      const n = images.indexOf(m) + 1;
      return `<img src="${escapeHtml(m.url)}" alt="${htmlText(s.picture, { n: String(n), count: String(images.length) })}" loading="lazy">`;
    })
    .join('');
  return [
    `<article class="post post-${post.network}" id="sandbox-post-${post.id}" aria-labelledby="sandbox-post-${post.id}-who">`,
    '<header>',
    `<span class="avatar" aria-hidden="true">${escapeHtml(initials(shownAs))}</span>`,
    `<span class="who"><strong id="sandbox-post-${post.id}-who">${who}</strong>`,
    `<span class="meta">${escapeHtml(networkName)} · <time datetime="${post.created.toISOString()}">${escapeHtml(format.format(post.created))}</time></span></span>`,
    `<span class="badge">${htmlText(s.sandboxBadge)}</span>`,
    '</header>',
    post.text.trim() === '' ? '' : `<p class="caption">${escapeHtml(post.text)}</p>`,
    media === '' ? '' : `<div class="media">${media}</div>`,
    post.link !== null && isWebLink(post.link) ? `<a class="link" href="${escapeHtml(post.link)}" rel="noopener noreferrer nofollow">${escapeHtml(post.link)}</a>` : '',
    '</article>',
  ].join('\n');
}

/** The wall's HTML. */
export function renderSandboxWall(input: SandboxWallInput): string {
  const s = SANDBOX_WALL_STRINGS[input.language];
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(input.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: input.timeZone });
  } catch {
    // A time zone the runtime does not know: UTC rather than no page.
    format = new Intl.DateTimeFormat(input.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  }
  const filters = [[null, htmlText(s.all)] as const, ...NETWORKS.map(([network, name]) => [network, escapeHtml(name)] as const)]
    .map(([network, label]) => `<li><a href="${filterHref(network)}"${network === input.network ? ' aria-current="page"' : ''}>${label}</a></li>`)
    .join('');
  const body =
    input.posts.length === 0
      ? `<p>${htmlText(s.empty)}</p>`
      : [...input.posts.map((post) => renderPost(post, s, format)), input.posts.length >= SANDBOX_WALL_LIMIT ? `<p>${htmlText(s.latest, { count: String(SANDBOX_WALL_LIMIT) })}</p>` : ''].join('\n');
  return [
    '<!doctype html>',
    `<html lang="${input.language}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${htmlText(s.title)} · ${escapeHtml(input.companyName)}</title>`,
    `<style>${STYLES}</style></head>`,
    '<body>',
    '<main>',
    `<h1>${htmlText(s.title)}</h1>`,
    `<p>${htmlText(s.intro, { company: input.companyName })}</p>`,
    `<nav aria-label="${htmlText(s.filters)}"><ul>${filters}</ul></nav>`,
    body,
    '</main>',
    '</body>',
    '</html>',
  ].join('\n');
}
