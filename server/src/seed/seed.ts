/**
 * Seeds the demo data set on a fresh database (no companies yet); a database with any
 * company is left alone, so running it again is harmless.
 */
import { AttachmentType, Network, PostType, SUGGESTION_PENDING_STATUS, suggestionTitle, type Attachment, type MediaImage } from '@chorus/core';
import { count } from 'drizzle-orm';
import { createInvite } from '../auth/invites.ts';
import { DRAFT_STATUS } from '../lib/admin-post-states.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Database } from '../db/database.ts';
import { DEFAULT_FEATURE_TOGGLES } from '../db/defaults.ts';
import { categories, categoryFollows, companies, companyCompliance, memberships, postCategories, postReactions, posts, shares, userEvents, users, type PostMedia } from '../db/schema.ts';
import { DEMO_COMPANIES, DEMO_INVITES, DEMO_PASSWORD, DEMO_USERS, PALETTE, type DemoCompany, type DemoInvite, type DemoPost } from './demo-content.ts';
import { renderImage, renderSquare, renderVideo, type MediaTarget } from './media.ts';

/** Where media goes and what "now" is (posts are dated backwards from it). */
export interface SeedOptions {
  mediaDir: string;
  now?: Date;
}

/** What a seeding run did. */
export interface SeedResult {
  seeded: boolean;
  companies: number;
  users: number;
  posts: number;
  /** The seeded invites with their codes: the only time the codes are known. */
  invites: SeededInvite[];
}

/** A seeded invite and its (secret) code. */
export interface SeededInvite extends DemoInvite {
  code: string;
}

const HOUR = 60 * 60 * 1000;

/** Shares by demo users, as [company, post index, e-mail, network]: older posts lead top performing. */
const DEMO_SHARES: [string, number, string, number][] = [
  ['acme', 19, 'admin@acme.example', Network.LINKEDIN],
  ['acme', 19, 'manager@acme.example', Network.LINKEDIN],
  ['acme', 19, 'creator@acme.example', Network.TWITTER],
  ['acme', 19, 'user@acme.example', Network.LINKEDIN],
  ['acme', 19, 'multi@acme.example', Network.FACEBOOK],
  ['acme', 6, 'admin@acme.example', Network.TWITTER],
  ['acme', 6, 'manager@acme.example', Network.LINKEDIN],
  ['acme', 6, 'creator@acme.example', Network.LINKEDIN],
  ['acme', 6, 'multi@acme.example', Network.LINKEDIN],
  ['acme', 32, 'manager@acme.example', Network.FACEBOOK],
  ['acme', 32, 'creator@acme.example', Network.LINKEDIN],
  ['acme', 32, 'admin@acme.example', Network.LINKEDIN],
  ['acme', 0, 'user@acme.example', Network.LINKEDIN],
  ['acme', 0, 'admin@acme.example', Network.TWITTER],
  ['acme', 11, 'user@acme.example', Network.FACEBOOK],
  ['globex', 2, 'user@globex.example', Network.LINKEDIN],
  ['globex', 2, 'multi@acme.example', Network.TWITTER],
  ['globex', 5, 'user@globex.example', Network.FACEBOOK],
];

/** Topics (the company's first ones) every demo member follows. */
const DEMO_FOLLOWED_TOPICS = 4;
/** Follows an admin locked, as [company, e-mail, topic]. */
const DEMO_LOCKED_FOLLOWS: readonly (readonly [string, string, string])[] = [['acme', 'user@acme.example', 'Company News']];

/** Likes by demo users, as [company, post index, e-mail]. */
const DEMO_LIKES: [string, number, string][] = [
  ['acme', 0, 'manager@acme.example'],
  ['acme', 0, 'creator@acme.example'],
  ['acme', 0, 'multi@acme.example'],
  ['acme', 1, 'admin@acme.example'],
  ['acme', 3, 'user@acme.example'],
  ['acme', 11, 'admin@acme.example'],
  ['acme', 19, 'user@acme.example'],
  ['globex', 0, 'user@globex.example'],
];

/**
 * The admin console's work on first start (issue 47): Acme's drafts, written by the content
 * creator, and members' suggestions waiting for review, so the console is not empty.
 */
const DEMO_DRAFTS: readonly { title: string; content: string; hashtags: string[]; topic: string }[] = [
  { title: 'Draft: our spring volunteering day', content: 'Forty of us spent Saturday planting trees along the river. Photos to follow!', hashtags: ['AcmeCares'], topic: 'Company News' },
  { title: 'Draft: three tips from our support team', content: 'What our support team wishes every customer knew, in three short tips.', hashtags: [], topic: 'Company News' },
];
const DEMO_SUGGESTIONS: readonly { email: string; content: string; url: string | null; hoursAgo: number }[] = [
  { email: 'user@acme.example', content: 'Our new office opens next month\nWorth a post? The building has a rooftop garden.', url: null, hoursAgo: 30 },
  { email: 'multi@acme.example', content: 'Great article on employee advocacy https://example.com/advocacy-guide', url: 'https://example.com/advocacy-guide', hoursAgo: 6 },
  { email: 'user@acme.example', content: 'Could we share the customer award we won last week?', url: null, hoursAgo: 2 },
];

/** Posts suggested by the content creator, by index in Acme's list. */
const SUGGESTED_BY_CREATOR = new Set([3, 11, 23]);

async function inBatches<T, R>(items: readonly T[], size: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(...(await Promise.all(items.slice(start, start + size).map((item, i) => work(item, start + i)))));
  }
  return results;
}

function domainOf(url: string): string {
  return new URL(url).hostname.replace(/^www\./, '');
}

interface BuiltPost {
  type: number;
  media: PostMedia;
  attachment: Attachment | null;
}

async function buildMedia(target: MediaTarget, post: DemoPost, index: number): Promise<BuiltPost> {
  const art = PALETTE[index % PALETTE.length] ?? PALETTE[0];
  if (art === undefined) throw new Error('The demo palette is empty');
  const name = `post-${index + 1}`;
  switch (post.kind) {
    case 'text':
      return { type: PostType.TEXT, media: { images: [], videos: [] }, attachment: null };
    case 'image':
      return { type: PostType.IMAGE, media: { images: [await renderImage(target, name, art)], videos: [] }, attachment: null };
    case 'video': {
      const video = await renderVideo(target, name, post.video ?? 'testsrc2', art);
      return { type: PostType.NATIVE_VIDEO, media: { images: [], videos: [video] }, attachment: null };
    }
    case 'link':
    case 'article': {
      const url = post.url ?? 'https://www.example.com/';
      const image: MediaImage = await renderImage(target, name, art);
      return {
        type: PostType.URL,
        media: { images: [], videos: [] },
        attachment: {
          type: post.kind === 'article' ? AttachmentType.ARTICLE : AttachmentType.LINK,
          object: {
            url,
            domain: domainOf(url),
            title: post.linkTitle ?? post.title,
            description: post.linkDescription ?? null,
            image: image.medium,
            video_embed_url: null,
          },
        },
      };
    }
  }
}

async function seedCompany(
  db: Database,
  company: DemoCompany,
  built: BuiltPost[],
  brand: { logo: string; favicon: string; background: string },
  userIds: ReadonlyMap<string, number>,
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(companies)
    .values({
      subdomain: company.subdomain,
      name: company.name,
      title: company.title,
      logo: brand.logo,
      favicon: brand.favicon,
      backgroundImage: brand.background,
      explainer: company.explainer,
      tintColor: company.tintColor,
      socialMediaPolicy: company.socialMediaPolicy,
      teamsTenantId: company.teamsTenantId,
      selfSignUpEnabled: company.selfSignUpEnabled === true,
      signUpDomains: company.signUpDomains ?? [],
      ...(company.socialSignIn ? { socialSignIn: company.socialSignIn } : {}),
      ...(company.featureToggles ? { featureToggles: { ...DEFAULT_FEATURE_TOGGLES, ...company.featureToggles } } : {}),
    })
    .returning({ id: companies.id });
  if (!row) throw new Error(`Could not create ${company.subdomain}`);
  const companyId = row.id;
  await db.insert(companyCompliance).values({ companyId, ...company.compliance });

  const members = DEMO_USERS.filter((u) => u.companies.includes(company.subdomain));
  await db.insert(memberships).values(
    members.map((u) => ({
      userId: userIds.get(u.email) ?? 0,
      companyId,
      role: u.role,
      // The order a user joined their companies decides companies[0] of the user response.
      created: new Date(now.getTime() - (u.companies.indexOf(company.subdomain) === 0 ? 48 : 24) * HOUR),
    })),
  );
  // Demo staff went through onboarding long ago; only people who join later are onboarded.
  await db.insert(userEvents).values(members.map((u) => ({ userId: userIds.get(u.email) ?? 0, companyId, event: 'finished' })));

  const topicRows = await db
    .insert(categories)
    .values(company.topics.map((name) => ({ companyId, name })))
    .returning({ id: categories.id, name: categories.name });
  const topicIds = new Map(topicRows.map((t) => [t.name, t.id]));

  const creatorId = userIds.get('creator@acme.example') ?? null;
  const postRows = await db
    .insert(posts)
    .values(
      company.posts.map((post, i) => {
        const media = built[i] ?? { type: PostType.TEXT, media: { images: [], videos: [] }, attachment: null };
        // Newest first: post 0 was published two hours ago, each next one about 17 hours earlier.
        const created = new Date(now.getTime() - (2 + i * 17) * HOUR);
        return {
          companyId,
          title: post.title,
          content: post.content,
          url: media.attachment?.object.url ?? null,
          type: media.type,
          attachment: media.attachment,
          media: media.media,
          hashtags: post.hashtags,
          twitter: i % 9 !== 4,
          isFeatured: post.featured === true,
          start: created,
          created,
          modified: created,
          // Demo history is not news: only posts going live later are announced in Teams.
          announcedAt: created,
          suggestedBy: company.subdomain === 'acme' && SUGGESTED_BY_CREATOR.has(i) ? creatorId : null,
        };
      }),
    )
    .returning({ id: posts.id });
  const postIds = postRows.map((p) => p.id);

  await db.insert(postCategories).values(
    company.posts.flatMap((post, i) =>
      post.topics.map((topic, position) => ({ postId: postIds[i] ?? 0, categoryId: topicIds.get(topic) ?? 0, position })),
    ),
  );

  // Every member follows the company's first topics, so the demo feed has doormats; one
  // follow is admin-locked to show the locked state.
  await db.insert(categoryFollows).values(
    members.flatMap((u) =>
      company.topics.slice(0, DEMO_FOLLOWED_TOPICS).map((topic, position) => ({
        userId: userIds.get(u.email) ?? 0,
        categoryId: topicIds.get(topic) ?? 0,
        companyId,
        position,
        locked: DEMO_LOCKED_FOLLOWS.some(([sub, email, name]) => sub === company.subdomain && email === u.email && name === topic),
      })),
    ),
  );

  const demoShares = DEMO_SHARES.filter(([sub]) => sub === company.subdomain);
  if (demoShares.length > 0) {
    await db.insert(shares).values(
      demoShares.map(([, index, email, network], i) => ({
        postId: postIds[index] ?? 0,
        userId: userIds.get(email) ?? 0,
        companyId,
        network,
        state: 'published' as const,
        created: new Date(now.getTime() - i * HOUR),
        publishedAt: new Date(now.getTime() - i * HOUR),
      })),
    );
  }
  const likes = DEMO_LIKES.filter(([sub]) => sub === company.subdomain);
  if (likes.length > 0) {
    await db.insert(postReactions).values(likes.map(([, index, email]) => ({ postId: postIds[index] ?? 0, userId: userIds.get(email) ?? 0 })));
  }
  if (company.subdomain === 'acme') await seedConsoleWork(db, companyId, topicIds, userIds, now);
  return postIds.length;
}

/** Acme's drafts and pending suggestions (DEMO_DRAFTS, DEMO_SUGGESTIONS), never in the library. */
async function seedConsoleWork(db: Database, companyId: number, topicIds: ReadonlyMap<string, number>, userIds: ReadonlyMap<string, number>, now: Date): Promise<void> {
  const drafts = await db
    .insert(posts)
    .values(
      DEMO_DRAFTS.map((draft, i) => {
        const created = new Date(now.getTime() - (3 + i) * HOUR);
        return {
          companyId,
          title: draft.title,
          content: draft.content,
          hashtags: draft.hashtags,
          type: PostType.TEXT,
          status: DRAFT_STATUS,
          startsOnPublish: true,
          createdBy: userIds.get('creator@acme.example') ?? null,
          start: created,
          created,
          modified: created,
          announcedAt: created,
        };
      }),
    )
    .returning({ id: posts.id });
  await db.insert(postCategories).values(drafts.map((draft, i) => ({ postId: draft.id, categoryId: topicIds.get(DEMO_DRAFTS[i]?.topic ?? '') ?? 0, position: 0 })));
  await db.insert(posts).values(
    DEMO_SUGGESTIONS.map((suggestion) => {
      const created = new Date(now.getTime() - suggestion.hoursAgo * HOUR);
      return {
        companyId,
        title: suggestionTitle(suggestion.content, 'Suggested content'),
        content: suggestion.content,
        url: suggestion.url,
        type: suggestion.url === null ? PostType.TEXT : PostType.URL,
        status: SUGGESTION_PENDING_STATUS,
        suggestedBy: userIds.get(suggestion.email) ?? null,
        start: created,
        created,
        modified: created,
        announcedAt: created,
      };
    }),
  );
}

/** Seeds the demo companies, users, topics, posts and media unless the database has companies. */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<SeedResult> {
  const [existing] = await db.select({ n: count() }).from(companies);
  if ((existing?.n ?? 0) > 0) return { seeded: false, companies: 0, users: 0, posts: 0, invites: [] };
  const now = options.now ?? new Date();

  // Media first, outside the transaction: files are idempotent and slow next to the inserts.
  const media = await Promise.all(
    DEMO_COMPANIES.map(async (company) => {
      const target: MediaTarget = { mediaDir: options.mediaDir, folder: `demo/${company.subdomain}` };
      const [logo, favicon, background] = await Promise.all([
        renderSquare(target, 'logo', company.brand, 256),
        renderSquare(target, 'favicon', company.brand, 64),
        renderImage(target, 'background', company.brand),
      ]);
      const built = await inBatches(company.posts, 8, (post, i) => buildMedia(target, post, i));
      return { built, brand: { logo, favicon, background: background.original } };
    }),
  );
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  let postCount = 0;
  const seededInvites: SeededInvite[] = [];
  await db.transaction(async (tx) => {
    const userRows = await tx
      .insert(users)
      .values(DEMO_USERS.map((u) => ({ email: u.email, passwordHash, firstName: u.firstName, lastName: u.lastName, timezone: u.timezone })))
      .returning({ id: users.id, email: users.email });
    const userIds = new Map(userRows.map((u) => [u.email, u.id]));
    for (const [i, company] of DEMO_COMPANIES.entries()) {
      const built = media[i];
      if (!built) continue;
      postCount += await seedCompany(tx, company, built.built, built.brand, userIds, now);
    }
    const companyRows = await tx.select({ id: companies.id, subdomain: companies.subdomain }).from(companies);
    const companyIds = new Map(companyRows.map((c) => [c.subdomain, c.id]));
    for (const invite of DEMO_INVITES) {
      const { code } = await createInvite(tx, {
        companyId: companyIds.get(invite.subdomain) ?? 0,
        version: invite.version,
        email: invite.email,
        firstName: invite.firstName,
        lastName: invite.lastName,
        role: invite.role,
        maxUses: invite.maxUses,
        invitedBy: userIds.get('admin@acme.example') ?? null,
      });
      seededInvites.push({ ...invite, code });
    }
  });
  return { seeded: true, companies: DEMO_COMPANIES.length, users: DEMO_USERS.length, posts: postCount, invites: seededInvites };
}
