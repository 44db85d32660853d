import { LINKABLE_NETWORKS } from '@chorus/core';
import { describe, expect, it } from 'vitest';
import { deliverShareQueue } from './deliver-share.ts';
import { JOBS, runsHere } from './job-list.ts';

describe('the job list', () => {
  it('names each queue once, a delivery queue per network among them', () => {
    const names = JOBS.map((job) => job.queue);
    expect(new Set(names).size).toBe(names.length);
    for (const network of LINKABLE_NETWORKS) expect(names).toContain(deliverShareQueue(network));
  });

  it('runs a job only where what it needs is there', () => {
    const needing = (needs: string) => JOBS.filter((job) => job.needs === needs);
    const none = { publisher: null, notifier: null };
    expect(JOBS.filter((job) => runsHere(job, none))).toEqual(needing('nothing'));
    expect(needing('publisher').length).toBeGreaterThan(LINKABLE_NETWORKS.length - 1);
    expect(needing('notifier').length).toBeGreaterThan(0);
  });

  it('gives every recurring job a five-field cron schedule', () => {
    for (const job of JOBS.filter((entry) => entry.cron !== undefined)) expect(job.cron?.trim().split(/\s+/), job.queue).toHaveLength(5);
  });
});
