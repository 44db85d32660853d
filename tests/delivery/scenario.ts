/**
 * A wave of queued X shares all due at once, delivered by worker processes against the local
 * fake X network: shared by the crash test (tests/integration/delivery-crash.test.ts) and the
 * delivery benchmark (bench/delivery.ts). The database is PostgreSQL where an admin URL is
 * given, else PGlite in a data folder the parent and the worker open in turn.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Network, Role } from '@chorus/core';
import pg from 'pg';
import { storedTokens } from '../../server/src/commands/social-link.ts';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/database.ts';
import { companies, memberships, posts, shares, socialAccounts, users, type ShareRow } from '../../server/src/db/schema.ts';
import { fakeXToken, type FakeXApi } from '../../server/src/test/fakes/x-api.ts';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'worker-process.ts');

/** How the wave is made. */
export interface DeliveryScenarioOptions {
  shares: number;
  /** People sharing; X lets each post 100 per 15 minutes, so keep shares / people at most 100. */
  people: number;
  xBaseUrl: string;
  /** PostgreSQL server to create a database on; null for PGlite. */
  adminUrl: string | null;
  /** When every share is due. */
  dueAt: Date;
  leaseSeconds: number;
  sweepSeconds: number;
}

/** A prepared wave. */
export interface DeliveryScenario {
  /** The environment of a worker process. */
  env: NodeJS.ProcessEnv;
  /** Opens the database (PGlite: only while no worker runs). */
  open(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
}

async function admin(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The caption of share number `index`: unique, so a post at the network names its share. */
export function waveCaption(index: number): string {
  return `Delivery wave share #${index}.`;
}

/** Creates the database, the company, the people with linked X accounts and the queued shares. */
export async function prepareDeliveryScenario(options: DeliveryScenarioOptions): Promise<DeliveryScenario> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chorus-delivery-'));
  let databaseUrl: string | null = null;
  let databaseName: string | null = null;
  if (options.adminUrl !== null) {
    databaseName = `chorus_delivery_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin(options.adminUrl, `create database ${databaseName}`);
    const url = new URL(options.adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.href;
  }
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    CHORUS_DATA_DIR: path.join(dir, 'data'),
    CHORUS_SECRET_KEY: randomBytes(32).toString('base64'),
    X_CLIENT_ID: 'delivery-test-client',
    X_CLIENT_SECRET: 'delivery-test-secret',
    X_API_BASE_URL: options.xBaseUrl,
    CHORUS_FETCH_ALLOW_ADDRESSES: '127.0.0.1',
    CHORUS_DELIVERY_LEASE_SECONDS: String(options.leaseSeconds),
    CHORUS_DELIVERY_SWEEP_SECONDS: String(options.sweepSeconds),
    ...(databaseUrl === null ? {} : { DATABASE_URL: databaseUrl }),
  };
  const config = loadConfig(env);
  const open = () => openDatabase(config);

  const database = await open();
  try {
    const db = database.db;
    const [company] = await db.insert(companies).values({ name: 'Delivery', title: 'Delivery', subdomain: `delivery${randomBytes(3).toString('hex')}` }).returning();
    if (!company) throw new Error('no company');
    // A person queues a post once per network: each share of a person is of another post.
    const postCount = Math.ceil(options.shares / options.people);
    const postIds = (
      await db
        .insert(posts)
        .values(Array.from({ length: postCount }, (_, i) => ({ companyId: company.id, title: `Wave ${i}`, content: 'Wave', type: 1, hashtags: [], url: `https://example.com/wave/${i}` })))
        .returning({ id: posts.id })
    ).map((row) => row.id);
    const people: number[] = [];
    for (let i = 0; i < options.people; i += 1) {
      const [user] = await db.insert(users).values({ email: `wave${i}@delivery.test`, firstName: 'Wave', lastName: String(i), passwordHash: 'x' }).returning({ id: users.id });
      if (!user) throw new Error('no user');
      // A member of the company: delivery checks that the sharer still is one.
      await db.insert(memberships).values({ userId: user.id, companyId: company.id, role: Role.USER });
      const externalId = `wave-${i}`;
      await db.insert(socialAccounts).values({ userId: user.id, network: Network.TWITTER, externalId, username: externalId, ...storedTokens(config, { accessToken: fakeXToken(externalId), refreshToken: null }) });
      people.push(user.id);
    }
    const rows = Array.from({ length: options.shares }, (_, index) => ({
      companyId: company.id,
      userId: people[index % people.length] ?? null,
      postId: postIds[Math.floor(index / people.length)] ?? 0,
      network: Network.TWITTER,
      state: 'queued' as const,
      content: waveCaption(index),
      scheduledAt: options.dueAt,
      dueAt: options.dueAt,
      timezone: 'UTC',
    }));
    for (let start = 0; start < rows.length; start += 1000) await db.insert(shares).values(rows.slice(start, start + 1000));
  } finally {
    await database.close();
  }
  return {
    env,
    open,
    async dispose() {
      if (options.adminUrl !== null && databaseName !== null) await admin(options.adminUrl, `drop database if exists ${databaseName} with (force)`);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A running worker process. */
export interface WorkerProcess {
  child: ChildProcess;
  /** Resolves when it works its queues. */
  ready: Promise<void>;
  /** Resolves with its exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** What it wrote to stderr, for a failure message. */
  stderr(): string;
}

/** Starts a worker process on the scenario's database. */
export function startWorker(scenario: DeliveryScenario): WorkerProcess {
  const child = spawn(process.execPath, [WORKER], { env: scenario.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before it was ready: ${err}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, ready, exited, stderr: () => err };
}

/** How a wave ended. */
export interface DeliveryReport {
  states: Record<string, number>;
  /** Shares the fake network took more than once. */
  duplicates: number;
  /** Shares not in a final state, or failed or unconfirmed without a reason. */
  lost: number;
  /** Shares marked published that the network never took, and taken ones not marked published. */
  mismatched: number;
  /** Per published share, ms from its due time to the network taking it. */
  lateness: number[];
}

/** Compares the database with what the fake network took. */
export async function deliveryReport(database: DatabaseHandle, network: Pick<FakeXApi, 'posts' | 'refused'>): Promise<DeliveryReport> {
  const rows: ShareRow[] = await database.db.select().from(shares);
  const taken = new Map<string, { count: number; at: Date }>();
  // A second send of the same text is a duplicate even though X refuses it (403 duplicate content).
  for (const post of [...network.posts, ...network.refused]) {
    // The published text is the caption and then the person's tracked link.
    const caption = post.text.split(' http')[0] ?? post.text;
    const seen = taken.get(caption);
    taken.set(caption, { count: (seen?.count ?? 0) + 1, at: seen?.at ?? post.created });
  }
  const states: Record<string, number> = {};
  let lost = 0;
  let mismatched = 0;
  const lateness: number[] = [];
  for (const row of rows) {
    states[row.state] = (states[row.state] ?? 0) + 1;
    const final = row.state === 'published' || ((row.state === 'failed' || row.state === 'unconfirmed') && (row.errorReason ?? '') !== '');
    if (!final) lost += 1;
    const atNetwork = taken.get(row.content);
    if ((row.state === 'published') !== (atNetwork !== undefined)) mismatched += 1;
    if (row.state === 'published' && atNetwork && row.dueAt) lateness.push(atNetwork.at.getTime() - (row.scheduledAt ?? row.dueAt).getTime());
  }
  const duplicates = [...taken.values()].filter((t) => t.count > 1).length;
  return { states, duplicates, lost, mismatched, lateness };
}

/** The p-th percentile (0 to 100) of some numbers, nearest rank; 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}
