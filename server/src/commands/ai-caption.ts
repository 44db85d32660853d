/**
 * AI-assisted captions (content-library spec 5 "AI caption", 7 `/ai/user/post/caption`, 8
 * "AI"): offered only when the company's `user_ai_enabled` toggle is on, the person gave their
 * AI consent (with job title and goal, accounts spec), the post is not native video and its
 * caption is editable. What is offered already fits the network (with the hashtags and link
 * the share adds) and passes the company's compliance rules: a caption that does not is asked
 * for once more, with the reason, and a second failure is the AI error (202), never a caption
 * trimmed or altered here.
 */
import { AI_TONES, aiCaptionRefusal, isComplianceValid, NETWORK_NAMES, PostType, SHAREABLE_NETWORK_SLUGS, type AiCaptionRefusal, type AiCaptionRequestParsed, type AiTone } from '@chorus/core';
import { CAPTION_LIMITS } from '@chorus/core/caption-length';
import type { CaptionBrief, CaptionWriter } from '../connectors/ai/caption-writer.ts';
import { CaptionWriterError } from '../connectors/ai/caption-writer.ts';
import type { Database } from '../db/database.ts';
import type { CompanyRow, UserRow } from '../db/schema.ts';
import { aiCaptionFailed, forbidden, postUnavailable } from '../errors.ts';
import { findLivePost } from '../queries/posts.ts';
import { checkCompliance } from './compliance.ts';
import { captionLengthOn, requireNetworkAllowed } from './share-checks.ts';

/** Tries at writing a caption that passes: the first, and one more with the reason. */
export const AI_CAPTION_ATTEMPTS = 2;

/** X is the spec's Twitter; people know it as X. */
const SHOWN_NETWORK_NAMES: Readonly<Record<number, string>> = { 1: 'X', 2: NETWORK_NAMES[2], 3: NETWORK_NAMES[3] };

/** The tone asked for, else the person's default tone, else Professional. */
export function captionTone(requested: readonly AiTone[], defaultTone: string): AiTone {
  const [first] = requested;
  if (first !== undefined) return first;
  return (AI_TONES as readonly string[]).includes(defaultTone) ? (defaultTone as AiTone) : 'Professional';
}

/** The 403 message of each reason the helper is not offered. */
const REFUSALS: Readonly<Record<AiCaptionRefusal, string>> = {
  'feature-off': 'AI-assisted captions are turned off for your company.',
  'no-consent': 'Allow AI-assisted captions in your settings first.',
  'settings-incomplete': 'You need to fill out your job title and goal before you can use the AI feature',
  'native-video': 'AI-assisted captions are not offered for native video.',
  'not-editable': "This post's caption cannot be edited.",
};

/** Refuses a person or post the AI caption is not offered to (403, 662, 653). */
async function captionablePost(db: Database, company: CompanyRow, user: UserRow, input: AiCaptionRequestParsed) {
  const ai = user.settings.ai;
  const early = aiCaptionRefusal({ userAiEnabled: company.featureToggles.user_ai_enabled, ai, postType: PostType.TEXT, editable: true });
  if (early !== null) throw forbidden(REFUSALS[early]);
  const post = await findLivePost(db, company.id, input.post_id);
  if (post === null) throw postUnavailable();
  // Every post's caption is editable here (the post presenter's `editable`).
  const refusal = aiCaptionRefusal({ userAiEnabled: true, ai, postType: post.type, editable: true });
  if (refusal !== null) throw forbidden(REFUSALS[refusal]);
  requireNetworkAllowed(company, post, SHAREABLE_NETWORK_SLUGS[input.target_social_network]);
  return post;
}

/** Writes the caption to offer, or throws the AI error (202). */
export async function writeAiCaption(
  db: Database,
  writer: CaptionWriter,
  company: CompanyRow,
  user: UserRow,
  input: AiCaptionRequestParsed,
  log: (message: string, error?: unknown) => void = () => undefined,
): Promise<string> {
  const post = await captionablePost(db, company, user, input);
  const network = input.target_social_network;
  const slug = SHAREABLE_NETWORK_SLUGS[network];
  const ai = user.settings.ai;
  // What the share adds (hashtags, and on X the post's link), counted as the share route counts it.
  const additions = captionLengthOn(slug, post, '', []).length;
  const brief: CaptionBrief = {
    networkName: SHOWN_NETWORK_NAMES[network] ?? NETWORK_NAMES[network],
    tone: captionTone(input.tones, ai.default_tone),
    title: input.title.trim() || post.title,
    content: post.content,
    hashtags: post.hashtags,
    caption: input.caption,
    jobTitle: ai.job_title,
    goal: ai.goal,
    maxLength: CAPTION_LIMITS[slug] - additions,
    measure: (text) => captionLengthOn(slug, post, text, []).length - additions,
    retry: null,
  };
  for (let attempt = 1; attempt <= AI_CAPTION_ATTEMPTS; attempt += 1) {
    let caption: string;
    try {
      caption = await writer.write(brief);
    } catch (error) {
      if (!(error instanceof CaptionWriterError)) throw error;
      log(`AI caption writer (${writer.kind}) failed`, error);
      throw aiCaptionFailed();
    }
    if (brief.measure(caption) > brief.maxLength) {
      log(`AI caption attempt ${attempt} too long for network ${network}`);
      brief.retry = { previous: caption, reason: 'length', terms: [] };
      continue;
    }
    const compliance = await checkCompliance(db, company, caption);
    if (!isComplianceValid(compliance.type_id)) {
      log(`AI caption attempt ${attempt} refused by compliance (type ${compliance.type_id})`);
      brief.retry = { previous: caption, reason: 'compliance', terms: [...compliance.content_prohibited_set, ...compliance.content_limited_set] };
      continue;
    }
    return caption;
  }
  throw aiCaptionFailed();
}
