import { describe, expect, it } from 'vitest';
import { PostType } from '../domain/enums.ts';
import { aiCaptionRefusal, type AiCaptionOfferInput } from './ai-caption-offer.ts';

const OFFERED: AiCaptionOfferInput = { userAiEnabled: true, ai: { consent_granted: true, job_title: 'Engineer', goal: 'Share news' }, postType: PostType.IMAGE, editable: true };

describe('aiCaptionRefusal', () => {
  it.each<[string, Partial<AiCaptionOfferInput>, ReturnType<typeof aiCaptionRefusal>]>([
    ['offered', {}, null],
    ['offered on a hosted video', { postType: PostType.HOSTED_VIDEO }, null],
    ['the company feature off', { userAiEnabled: false }, 'feature-off'],
    ['no consent', { ai: { consent_granted: false, job_title: 'Engineer', goal: 'Share news' } }, 'no-consent'],
    ['consent without a goal', { ai: { consent_granted: true, job_title: 'Engineer', goal: '  ' } }, 'settings-incomplete'],
    ['native video', { postType: PostType.NATIVE_VIDEO }, 'native-video'],
    ['content not editable', { editable: false }, 'not-editable'],
    ['the feature off comes first', { userAiEnabled: false, postType: PostType.NATIVE_VIDEO }, 'feature-off'],
  ])('%s', (_name, change, refusal) => {
    expect(aiCaptionRefusal({ ...OFFERED, ...change })).toBe(refusal);
  });
});
