/**
 * The benchmark's data set on PostgreSQL: a fresh database, migrated and seeded with the demo
 * data by the server's own code, then grown with set-based SQL to the size of the API budget
 * (50,000 posts and 5,000 users in Acme).
 */
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { hashToken } from '../server/src/auth/sessions.ts';
import { openDatabase } from '../server/src/db/database.ts';
import { seedDemoData } from '../server/src/seed/seed.ts';

/** Size of the generated data. */
export interface DatasetSize {
  posts: number;
  users: number;
  shares: number;
  likes: number;
}

/** The word that the search target looks for; it is in the title of about 1 post in 20. */
export const SEARCH_WORD = 'sustainability';

/** Media files of the demo seed are cached here between runs (they are identical each time). */
const MEDIA_CACHE = path.join(os.tmpdir(), 'chorus-bench-media');

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe database name: ${name}`);
  return `"${name}"`;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Drops (if there) and creates the database; returns its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  await withClient(adminUrl, async (client) => {
    await client.query(`drop database if exists ${quoteIdent(name)} with (force)`);
    await client.query(`create database ${quoteIdent(name)}`);
  });
  return databaseUrl(adminUrl, name);
}

/** Drops the database, disconnecting whoever is still connected. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, async (client) => {
    await client.query(`drop database if exists ${quoteIdent(name)} with (force)`);
  });
}

/** Migrates and seeds the demo data with the server's code (it only seeds PGlite on start). */
export async function seedDemo(url: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: url, pgDataDir: '' });
  try {
    await seedDemoData(database.db, { mediaDir: MEDIA_CACHE });
  } finally {
    await database.close();
  }
}

const ADJECTIVES = ['Quarterly', 'Global', 'Fresh', 'Inside', 'Bold', 'Smart', 'Hidden', 'Practical', 'Open', 'Future', 'Local', 'Candid', 'Weekly'];
const NOUNS = [
  'roadmap', 'customer story', 'product launch', 'team spotlight', 'hiring update', 'event recap', 'partner news', 'engineering notes',
  'design review', 'market outlook', 'culture memo', 'webinar', 'case study', 'award', 'research brief', 'field report', 'release notes',
  'community day', 'leadership letter', SEARCH_WORD,
];
const TAGS = ['acme', 'hiring', 'innovation', 'teamwork', 'product', 'customers', 'events', 'culture', 'engineering', 'design', 'growth', 'people'];

function sqlTextArray(values: readonly string[]): string {
  return `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`;
}

/**
 * Adds the budget's data to Acme in a few set-based statements, then VACUUM ANALYZE. Posts copy the
 * type, media and attachment of Acme's demo posts in turn, so payloads have realistic size;
 * about 1% are expired and 1% scheduled, 1 in 1,000 is featured.
 */
export async function growDataset(url: string, size: DatasetSize): Promise<{ companyId: number; totalPosts: number; members: number }> {
  return withClient(url, async (client) => {
    const company = await client.query<{ id: number }>(`select id from companies where subdomain = 'acme'`);
    const companyId = company.rows[0]?.id;
    if (companyId === undefined) throw new Error('the demo seed did not create acme');
    await client.query('select setseed(0.42)');
    await client.query('begin');

    await client.query(
      `insert into users (email, first_name, last_name, timezone, created)
       select 'bench.user' || g || '@acme.example', 'Bench', 'User ' || g, 'UTC', now() - g * interval '1 hour'
       from generate_series(1, $1::int) g`,
      [size.users],
    );
    await client.query(
      `insert into memberships (user_id, company_id, role)
       select id, $1, case when id % 50 = 0 then 4 else 3 end from users where email like 'bench.user%@acme.example'`,
      [companyId],
    );
    // One session per bench user, so the session lookup works on a table of realistic size.
    await client.query(
      `insert into sessions (token_hash, user_id, company_id, expires_at)
       select md5('bench-a' || id) || md5('bench-b' || id), id, $1, now() + interval '30 days'
       from users where email like 'bench.user%@acme.example'`,
      [companyId],
    );
    // Each bench user follows three of the company's topics, so the feed builds its topic doormats.
    await client.query(
      `insert into category_follows (user_id, category_id, company_id, position)
       select u.id, c.id, $1, k
       from users u
       cross join generate_series(0, 2) k
       join (select id, row_number() over (order by id) - 1 as idx, count(*) over () as n from categories where company_id = $1) c
         on c.idx = (u.id + k) % c.n
       where u.email like 'bench.user%@acme.example'
       on conflict do nothing`,
      [companyId],
    );

    await client.query(
      `create temporary table bench_templates on commit drop as
       select row_number() over (order by id) - 1 as idx, type, media, attachment, url, content
       from posts where company_id = $1`,
      [companyId],
    );
    const before = await client.query<{ id: number }>('select coalesce(max(id), 0)::int as id from posts');
    const lastDemoPost = before.rows[0]?.id ?? 0;
    await client.query(
      `insert into posts (company_id, title, content, type, media, attachment, url, hashtags, twitter, is_featured, start, expiration, created, modified)
       select $1,
              (${sqlTextArray(ADJECTIVES)})[1 + g % ${ADJECTIVES.length}] || ' ' || (${sqlTextArray(NOUNS)})[1 + (g / 7) % ${NOUNS.length}] || ' #' || g,
              t.content || ' Update ' || g || ' for everyone at Acme.',
              t.type, t.media, t.attachment, t.url,
              array[(${sqlTextArray(TAGS)})[1 + g % ${TAGS.length}], (${sqlTextArray(TAGS)})[1 + (g / 3) % ${TAGS.length}]],
              g % 9 <> 4,
              g % 1000 = 0,
              case when g % 100 = 13 then now() + interval '3 days' else c.created end,
              case when g % 100 = 7 then c.created + interval '7 days' end,
              c.created, c.created
       from generate_series(1, $2::int) g
       cross join lateral (select now() - interval '1 day' - g * interval '15 minutes' as created) c
       join bench_templates t on t.idx = g % (select count(*) from bench_templates)`,
      [companyId, size.posts],
    );
    await client.query(
      `create temporary table bench_posts on commit drop as
       select id, row_number() over (order by id) - 1 as idx from posts
       where company_id = $1 and id > $2`,
      [companyId, lastDemoPost],
    );
    await client.query(
      `create temporary table bench_topics on commit drop as
       select id, row_number() over (order by id) - 1 as idx from categories where company_id = $1`,
      [companyId],
    );
    const topics = await client.query<{ n: number }>('select count(*)::int as n from bench_topics');
    const topicCount = topics.rows[0]?.n ?? 0;
    if (topicCount === 0) throw new Error('acme has no topics');
    await client.query(
      `insert into post_categories (post_id, category_id, position)
       select p.id, t.id, 0 from bench_posts p join bench_topics t on t.idx = p.idx % $1`,
      [topicCount],
    );
    await client.query(
      `insert into post_categories (post_id, category_id, position)
       select p.id, t.id, 1 from bench_posts p join bench_topics t on t.idx = (p.idx / 3 + 1) % $1
       where p.idx % 3 = 0 and (p.idx / 3 + 1) % $1 <> p.idx % $1
       on conflict do nothing`,
      [topicCount],
    );

    await client.query(
      `create temporary table bench_members on commit drop as
       select user_id as id, row_number() over (order by user_id) - 1 as idx from memberships where company_id = $1`,
      [companyId],
    );
    const members = await client.query<{ n: number }>('select count(*)::int as n from bench_members');
    const memberCount = members.rows[0]?.n ?? 0;
    // Shares favour recent posts (the cube skews towards index 0, the newest).
    await client.query(
      `insert into shares (post_id, user_id, company_id, network, state, created)
       select p.id, m.id, $1, 1 + (g % 3), 'published', now() - random() * interval '300 days'
       from generate_series(1, $2::int) g
       cross join lateral (select floor(power(random() + g * 0, 3) * $3)::int as pidx, floor((random() + g * 0) * $4)::int as midx offset 0) r
       join bench_posts p on p.idx = r.pidx
       join bench_members m on m.idx = r.midx`,
      [companyId, size.shares, size.posts, memberCount],
    );
    await client.query(
      `insert into post_reactions (post_id, user_id, type)
       select p.id, m.id, 1
       from generate_series(1, $1::int) g
       cross join lateral (select floor(power(random() + g * 0, 2) * $2)::int as pidx, floor((random() + g * 0) * $3)::int as midx offset 0) r
       join bench_posts p on p.idx = r.pidx
       join bench_members m on m.idx = r.midx
       on conflict do nothing`,
      [size.likes, size.posts, memberCount],
    );
    await client.query('commit');
    // As autovacuum leaves a library that has settled: statistics, and the visibility map set,
    // so an index-only scan reads no heap page (a bare ANALYZE measured a just-loaded table).
    await client.query('vacuum analyze');

    const totals = await client.query<{ posts: number; members: number }>(
      `select (select count(*)::int from posts where company_id = $1) as posts,
              (select count(*)::int from memberships where company_id = $1) as members`,
      [companyId],
    );
    return { companyId, totalPosts: totals.rows[0]?.posts ?? 0, members: totals.rows[0]?.members ?? 0 };
  });
}

/**
 * Signs in `count` of the bench users: a session each, with a known token, so the load comes
 * from many people (each with a feed and cache entries of their own), not one.
 */
export async function benchSessions(url: string, count: number): Promise<string[]> {
  return withClient(url, async (client) => {
    const rows = await client.query<{ id: number; company_id: number }>(
      `select u.id, m.company_id from users u join memberships m on m.user_id = u.id
       where u.email like 'bench.user%@acme.example' order by u.id limit $1`,
      [count],
    );
    const tokens: string[] = [];
    for (const { id, company_id: companyId } of rows.rows) {
      const token = randomBytes(32).toString('base64url');
      await client.query(`insert into sessions (token_hash, user_id, company_id, expires_at) values ($1, $2, $3, now() + interval '1 day')`, [
        hashToken(token),
        id,
        companyId,
      ]);
      tokens.push(token);
    }
    return tokens;
  });
}
