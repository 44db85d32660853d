/**
 * When the AI caption helper is offered (content-library spec 5 "AI caption"): the company's
 * user AI feature on, the person's consent given (with job title and goal, accounts spec), the
 * post not native video, its content editable. The editor hides the helper and the server
 * refuses the call by the same rule.
 */
import { PostType } from '../domain/enums.ts';
import { validateAiSettings, type AiSettingsInput } from './ai-settings.ts';

/** Why the helper is not offered, or null when it is. */
export type AiCaptionRefusal = 'feature-off' | 'no-consent' | 'settings-incomplete' | 'native-video' | 'not-editable';

/** What the rule looks at. */
export interface AiCaptionOfferInput {
  userAiEnabled: boolean;
  ai: AiSettingsInput;
  postType: number;
  editable: boolean;
}

/** The first reason the AI caption helper is not offered, or null. */
export function aiCaptionRefusal(input: AiCaptionOfferInput): AiCaptionRefusal | null {
  if (!input.userAiEnabled) return 'feature-off';
  if (!input.ai.consent_granted) return 'no-consent';
  if (!validateAiSettings(input.ai).ok) return 'settings-incomplete';
  if (input.postType === PostType.NATIVE_VIDEO) return 'native-video';
  if (!input.editable) return 'not-editable';
  return null;
}
