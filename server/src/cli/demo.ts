/**
 * `chorus demo seed`: the demo data of `npm start` on whatever database is configured
 * (PostgreSQL included), so a scale-out set-up can be tried with the same companies and
 * people. Refused in production, where demo accounts with a published password must never exist.
 */
import type { Config } from '../config.ts';
import { createMediaStore, publishLocalFolder } from '../lib/media-store.ts';
import { recordAudit } from '../commands/audit.ts';
import { demoInviteLinks, mailDemoInvites, writeDemoInviteLinks } from '../seed/demo-invites.ts';
import { DEMO_COMPANIES, DEMO_PASSWORD } from '../seed/demo-content.ts';
import { seedDemoData } from '../seed/seed.ts';
import { ProvisioningError, type ProvisioningContext } from './provisioning.ts';

/** What seeding did: the companies, the demo password and the invite links (shown once). */
export interface DemoSeedResult {
  seeded: boolean;
  companies: string[];
  posts: number;
  password: string;
  invites: string[];
}

/** Seeds the demo data unless the database already has a company. */
export async function seedDemo(ctx: ProvisioningContext, config: Config): Promise<DemoSeedResult> {
  if (config.nodeEnv === 'production') throw new ProvisioningError('demo seed is refused when NODE_ENV=production: demo users share a published password.');
  const db = await ctx.open();
  const result = await seedDemoData(db, { mediaDir: config.mediaDir });
  if (!result.seeded) return { seeded: false, companies: [], posts: 0, password: DEMO_PASSWORD, invites: [] };
  // The seed renders its media into the local folder; a bucket gets a copy.
  await publishLocalFolder(createMediaStore(config), config.mediaDir, 'demo');
  const links = demoInviteLinks(config, result.invites);
  await writeDemoInviteLinks(config, links);
  await mailDemoInvites({ db, config }, config, result.invites);
  const subdomains = DEMO_COMPANIES.map((c) => c.subdomain);
  await recordAudit(db, { actor: ctx.actor, companyId: null, action: 'demo.seed', target: null, data: { companies: result.companies, posts: result.posts } });
  return { seeded: true, companies: subdomains, posts: result.posts, password: DEMO_PASSWORD, invites: links.map((l) => l.url) };
}
