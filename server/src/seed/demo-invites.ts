/**
 * The demo invite links. Codes are random and stored only hashed, so the links exist only
 * when seeding. Outside production they are kept in `{CHORUS_DATA_DIR}/demo-invites.json`,
 * where later starts print them again and the end-to-end suite reads them (its server seeds
 * an in-process database the tests cannot query).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { inviteUrl } from '../auth/invites.ts';
import type { Config } from '../config.ts';
import { companies } from '../db/schema.ts';
import { companyDefaultLanguage } from '../presenters/company.ts';
import { sendMail, type MailContext } from '../mail/send-mail.ts';
import type { SeededInvite } from './seed.ts';

/** The file's name inside the data folder. */
export const DEMO_INVITES_FILE = 'demo-invites.json';

/** One line of the file. */
export const DemoInviteLink = z.object({
  subdomain: z.string(),
  version: z.union([z.literal(1), z.literal(2)]),
  /** Null for a group invite. */
  email: z.string().nullable(),
  code: z.string(),
  url: z.string(),
});
export type DemoInviteLink = z.infer<typeof DemoInviteLink>;

type LinkConfig = Pick<Config, 'baseDomain' | 'nodeEnv' | 'port'>;

/** The sign-up links of seeded invites. */
export function demoInviteLinks(config: LinkConfig, invites: readonly SeededInvite[]): DemoInviteLink[] {
  return invites.map((invite) => ({
    subdomain: invite.subdomain,
    version: invite.version,
    email: invite.email,
    code: invite.code,
    url: inviteUrl(config, invite.subdomain, invite.code),
  }));
}

/** Keeps the links in the data folder; never in production, where they would be live secrets on disk. */
export async function writeDemoInviteLinks(config: Pick<Config, 'dataDir' | 'nodeEnv'>, links: readonly DemoInviteLink[]): Promise<void> {
  if (config.nodeEnv === 'production') return;
  await writeFile(path.join(config.dataDir, DEMO_INVITES_FILE), `${JSON.stringify(links, null, 2)}\n`, { mode: 0o600 });
}

/** The kept links, or none when there is no (readable) file. */
export async function readDemoInviteLinks(config: Pick<Config, 'dataDir'>): Promise<DemoInviteLink[]> {
  try {
    const parsed = z.array(DemoInviteLink).safeParse(JSON.parse(await readFile(path.join(config.dataDir, DEMO_INVITES_FILE), 'utf8')));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/**
 * Mails each seeded individual invite (group invites have no recipient) through the outbox,
 * so in development the invite is found at /dev/outbox as a real invitee would get it.
 */
export async function mailDemoInvites(ctx: MailContext, config: LinkConfig, invites: readonly SeededInvite[]): Promise<number> {
  let sent = 0;
  for (const invite of invites) {
    if (invite.email === null) continue;
    const [company] = await ctx.db.select().from(companies).where(eq(companies.subdomain, invite.subdomain)).limit(1);
    if (!company) continue;
    const [link] = demoInviteLinks(config, [invite]);
    if (!link) continue;
    await sendMail(ctx, {
      kind: 'invite',
      to: invite.email,
      language: companyDefaultLanguage(company),
      companyId: company.id,
      name: `${invite.firstName} ${invite.lastName}`.trim(),
      companyName: company.name,
      inviterName: null,
      url: link.url,
    });
    sent += 1;
  }
  return sent;
}
