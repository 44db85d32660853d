/**
 * AI-assisted captions (content-library spec 3 "AI caption request", 5 "AI caption", 7
 * `/ai/user/post/caption`, 9 "AI tones"; accounts spec for the person's AI settings). Path:
 * v4 `POST /api/v4/ai/user/post/caption`.
 */
import { z } from 'zod';
import { AI_TONES, SHAREABLE_NETWORK_KEYS, type ShareableNetworkId } from '../domain/enums.ts';
import { CaptionText, ShareableNetworkIdSchema } from './share.ts';

const NETWORK_BY_NAME = new Map<string, ShareableNetworkId>(
  Object.entries(SHAREABLE_NETWORK_KEYS).map(([id, name]) => [name, Number(id) as ShareableNetworkId]),
);

/** The target network: its id (1, 2, 3) or its spec name (TWITTER, FACEBOOK, LINKEDIN, any case). */
export const TargetSocialNetwork = z.preprocess(
  (value) => (typeof value === 'string' && NETWORK_BY_NAME.has(value.toUpperCase()) ? NETWORK_BY_NAME.get(value.toUpperCase()) : value),
  ShareableNetworkIdSchema,
);

/** Body of `POST /api/v4/ai/user/post/caption`. Without tones the person's default tone is used. */
export const AiCaptionRequest = z.object({
  target_social_network: TargetSocialNetwork,
  tones: z.array(z.enum(AI_TONES)).max(AI_TONES.length).default([]),
  post_id: z.coerce.number().int().positive(),
  /** The caption in the editor now. */
  caption: CaptionText.default(''),
  /** The post's title. */
  title: z.string().max(500).default(''),
});
export type AiCaptionRequest = z.input<typeof AiCaptionRequest>;
export type AiCaptionRequestParsed = z.output<typeof AiCaptionRequest>;

/** Answer: the caption offered, already within the network's length and the company's compliance. */
export const AiCaptionResponse = z.object({ caption: z.string() });
export type AiCaptionResponse = z.infer<typeof AiCaptionResponse>;
