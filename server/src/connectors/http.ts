/**
 * What the network connectors share: calling a network through the SSRF guard's fetch with a
 * time limit, telling "never sent" from "may have arrived" when a call fails, reading
 * Retry-After style headers, and building multipart bodies (the guard sends bytes, not FormData).
 */
import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@chorus/core';
import { SafeFetchError } from '../lib/safe-fetch.ts';
import type { ConnectorFetch, PublishOutcome } from './types.ts';

/** Time for an ordinary API call. */
export const CALL_TIMEOUT_MS = 20_000;
/** Time for one upload request (an image, or one chunk of a video). */
export const UPLOAD_TIMEOUT_MS = 120_000;
/** The wait suggested after a 429 that names none. */
export const DEFAULT_RETRY_AFTER_MS = 60_000;

/** A JSON object, or an empty one when the body was something else. */
export type Json = Record<string, unknown>;

/** A network's answer: status, headers and the body read as JSON where it is JSON. */
export interface NetworkAnswer {
  status: number;
  headers: Headers;
  json: Json;
  text: string;
}

/**
 * A call that got no answer. `sent` says whether the request may have reached the network: a
 * refused connection or an address the guard refused cannot have, a timeout or a reset can.
 */
export class NetworkCallError extends Error {
  readonly sent: boolean;
  constructor(message: string, sent: boolean) {
    super(message);
    this.name = 'NetworkCallError';
    this.sent = sent;
  }
}

/** Socket errors that happen before a byte of the request is sent. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

function notSent(error: SafeFetchError): boolean {
  if (error.reason === 'address' || error.reason === 'scheme') return true;
  if (error.reason !== 'network') return false;
  const cause = error.cause;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : '';
  return NOT_SENT_CODES.has(code) || error.message.startsWith('Could not resolve') || error.message.startsWith('No address');
}

export function asRecord(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

export function str(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : typeof value === 'number' ? String(value) : null;
}

export function num(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

/** A request to a network. */
export interface CallInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer | URLSearchParams;
}

/** Calls a network; throws NetworkCallError when no answer came back. */
export async function callNetwork(fetch: ConnectorFetch, url: string, init: CallInit = {}, timeoutMs = CALL_TIMEOUT_MS): Promise<NetworkAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    if (error instanceof SafeFetchError) throw new NetworkCallError(error.message, !notSent(error));
    throw new NetworkCallError(error instanceof Error ? error.message : String(error), true);
  }
  const text = await response.text();
  let json: Json = {};
  try {
    json = text === '' ? {} : asRecord(JSON.parse(text));
  } catch {
    // Not JSON (an HTML error page of a proxy): the status still tells what happened.
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** How long a 429 asks to wait: Retry-After (seconds or a date), else an epoch-seconds reset header. */
export function retryAfterMs(headers: Headers, resetHeader: string | null = null, now = Date.now()): number {
  const retryAfter = headers.get('retry-after');
  if (retryAfter !== null) {
    const seconds = num(retryAfter);
    if (seconds !== null) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  const reset = resetHeader === null ? null : num(headers.get(resetHeader));
  if (reset !== null) return Math.max(0, reset * 1000 - now);
  return DEFAULT_RETRY_AFTER_MS;
}

/** The outcome of a call that got no answer while creating the post itself. */
export function unansweredPost(error: NetworkCallError): PublishOutcome {
  return error.sent ? { kind: 'unconfirmed', detail: error.message } : { kind: 'retryable', detail: error.message };
}

/**
 * The outcome of a failed step before the post exists (an upload): nothing was published, so
 * anything but a refusal is safe to retry.
 */
export function failedUpload(answer: NetworkAnswer | NetworkCallError, what: 'image' | 'video', resetHeader: string | null = null): PublishOutcome {
  if (answer instanceof NetworkCallError) return { kind: 'retryable', detail: `The ${what} upload failed: ${answer.message}` };
  const detail = `The ${what} upload was refused (HTTP ${answer.status}): ${answer.text.slice(0, 300)}`;
  if (answer.status === 401) return { kind: 'relink', detail };
  if (answer.status === 429) return { kind: 'rate_limited', retryAfterMs: retryAfterMs(answer.headers, resetHeader), detail };
  if (answer.status >= 500) return { kind: 'retryable', detail };
  return { kind: 'rejected', code: what === 'video' ? ErrorCode.VIDEO_UNAVAILABLE : ErrorCode.UNKNOWN, detail };
}

/** One part of a multipart/form-data body. */
export type MultipartPart = { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body and its content type. */
export function multipart(parts: readonly MultipartPart[]): { body: Buffer; contentType: string } {
  const boundary = `chorus-${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'data' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    chunks.push(Buffer.from(head), 'data' in part ? part.data : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Splits a buffer into chunks of at most `size` bytes. */
export function chunksOf(data: Buffer, size: number): Buffer[] {
  const chunks: Buffer[] = [];
  for (let start = 0; start < data.length; start += size) chunks.push(data.subarray(start, start + size));
  return chunks;
}

/**
 * Pages a crash-recovery search reads at most (findRecent): enough for 3,200 posts on X at 100
 * a page, and a bound on the calls one share's recovery can make.
 */
export const RECOVERY_MAX_PAGES = 32;

/** The tracked links (`…/r/{code}`) in a text, as the share engine writes them. */
export function trackedLinksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s/]+\/r\/[A-Za-z0-9_-]+/g)].map((match) => match[0]);
}

/**
 * Whether a post found at the network is the share being recovered: it carries the share's
 * tracked link (the one in its text, and its `link` on LinkedIn and Facebook; in the post's text
 * or its expanded links) and, when the share has none, its text
 * starts with the share's caption (`caption`, already in the network's form). One rule for
 * every connector's crash recovery.
 */
export function isRecoveredPost(shareText: string, shareLink: string | null, caption: string, post: { text: string; links?: readonly string[] }): boolean {
  const tracked = [...trackedLinksIn(shareText), ...(shareLink === null ? [] : [shareLink])];
  if (tracked.length > 0) {
    const carried = [post.text, ...(post.links ?? [])];
    return tracked.every((link) => {
      const pattern = new RegExp(`${link.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_-])`);
      return carried.some((where) => pattern.test(where));
    });
  }
  return caption.trim() !== '' && post.text.startsWith(caption.trim());
}
