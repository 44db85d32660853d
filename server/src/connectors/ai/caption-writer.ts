/**
 * AI-assisted caption writers (content-library spec 5 "AI caption"; ARCHITECTURE.md
 * "Runtime picture": AI captions through any OpenAI-compatible chat API, with an offline tone
 * rewriter as the embedded default). A writer gets a brief and answers one caption; the
 * caption command checks what it answers (length, compliance) and asks once more on failure.
 */
import type { AiTone } from '@chorus/core';
import type { Config } from '../../config.ts';
import { offlineCaptionWriter } from './offline-writer.ts';
import { openAiCaptionWriter } from './openai-writer.ts';

/** What a caption is written from. */
export interface CaptionBrief {
  /** The network's name as people know it: X, Facebook or LinkedIn. */
  networkName: string;
  tone: AiTone;
  /** The post's title and text, and its hashtags without '#'. */
  title: string;
  content: string;
  hashtags: readonly string[];
  /** The caption in the editor now (may be empty). */
  caption: string;
  /** The person's AI settings (accounts spec: job title and goal, required with consent). */
  jobTitle: string;
  goal: string;
  /** Most characters the caption may use, after the hashtags and link the share adds. */
  maxLength: number;
  /** The caption's length as the network counts it (X weighs some characters 2, URLs 23). */
  measure: (text: string) => number;
  /** Set on the second attempt: why the first caption was refused. */
  retry: { previous: string; reason: 'length' | 'compliance'; terms: readonly string[] } | null;
}

/** Writes one caption for a brief. */
export interface CaptionWriter {
  /** 'openai' (the configured API) or 'offline' (the embedded writer). */
  readonly kind: 'openai' | 'offline';
  write(brief: CaptionBrief): Promise<string>;
}

/** A writer failed (the API refused, timed out or answered nothing usable). */
export class CaptionWriterError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CaptionWriterError';
  }
}

/** The configured writer: the OpenAI-compatible API when AI_API_KEY is set, else the offline writer. */
export function createCaptionWriter(config: Pick<Config, 'ai' | 'fetchAllowAddresses'>): CaptionWriter {
  if (config.ai === null) return offlineCaptionWriter();
  return openAiCaptionWriter({ ...config.ai, allowAddresses: config.fetchAllowAddresses });
}
