/**
 * The installable web app (issue 53): each company's web app manifest (its name, its colour,
 * its icon), the icons, and the service worker at the site's root. Public: a browser reads them
 * before anyone signs in, and they say nothing but the company's public branding.
 */
import { readFileSync } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import type { CompanyRow } from '../../db/schema.ts';
import { parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { serve } from '../../lib/serve.ts';

/** The icon sizes served: Apple's touch icon, and the manifest's two. */
export const APP_ICON_SIZES = [180, 192, 512] as const;

const FALLBACK_COLOR = '#0f6cbd';

/** A CSS hex colour, or null. */
function hexColor(value: string | null | undefined): string | null {
  return value !== null && value !== undefined && /^#[0-9a-f]{6}$/i.test(value) ? value : null;
}

/** The manifest of a company's site (or of the product, on a host without a company). */
export function webAppManifest(company: Pick<CompanyRow, 'name' | 'title' | 'tintColor'> | null): Record<string, unknown> {
  const name = company?.title || company?.name || 'Chorus';
  const short = company?.name || 'Chorus';
  const color = hexColor(company?.tintColor) ?? FALLBACK_COLOR;
  return {
    id: '/',
    name,
    short_name: short.length > 12 ? short.slice(0, 12).trim() : short,
    description: `${name}: share the posts your company approved to Twitter, LinkedIn and Facebook.`,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: '#ffffff',
    theme_color: color,
    icons: [
      { src: '/app-icon/192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/app-icon/512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/app-icon/512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The company's app icon: its initial in white on its colour, inside the central 60 % so the
 * same picture serves as a maskable icon (the platform may cut it to a circle).
 */
export async function appIcon(company: Pick<CompanyRow, 'name' | 'tintColor'> | null, size: number): Promise<Buffer> {
  const initial = Array.from((company?.name ?? 'Chorus').trim())[0]?.toUpperCase() ?? 'C';
  const color = hexColor(company?.tintColor) ?? FALLBACK_COLOR;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100"><rect width="100" height="100" fill="${color}"/><text x="50" y="50" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="46" fill="#ffffff">${escapeXml(initial)}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const IconParams = z.object({ file: z.string().regex(new RegExp(`^(${APP_ICON_SIZES.join('|')})\\.png$`)) });

const SERVICE_WORKER = readFileSync(new URL('./service-worker.js', import.meta.url), 'utf8');

/** PWA routes. */
export const pwaRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app) => {
  // A new deployment is a new worker: its shell cache is named for the build it was started with.
  const worker = SERVICE_WORKER.replace('__CHORUS_SW_VERSION__', String(Date.now()));
  const icons = new Map<string, Buffer>();

  serve(app, 'GET /manifest.webmanifest', async (request, reply) => {
    return reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'public, max-age=3600').send(JSON.stringify(webAppManifest(request.company)));
  });

  serve(app, 'GET /app-icon/:file', async (request, reply) => {
    const { file } = parseInput(IconParams, request.params);
    const size = file.replace('.png', '');
    const company = request.company;
    const key = `${company?.id ?? 0}:${company?.name ?? ''}:${company?.tintColor ?? ''}:${size}`;
    let png = icons.get(key);
    if (png === undefined) {
      png = await appIcon(company, Number(size));
      if (icons.size > 1000) icons.clear();
      icons.set(key, png);
    }
    return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(png);
  });

  serve(app, 'GET /sw.js', async (_request, reply) => {
    // Browsers check for a new worker on each visit; it must never be cached for long.
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').header('service-worker-allowed', '/').send(worker);
  });
};
