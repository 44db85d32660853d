import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ErrorCode, errorMessageKey, LANGUAGES, Network } from '@chorus/core';
import { loadNamespace, resources } from '@chorus/locales';
import { shareFailureKey } from './share-failure.ts';

/** The share modal's message for a failure, as the four locales word it. */
async function messageIn(language: string, networkId: 1 | 2 | 3, code: number): Promise<string> {
  const t = i18next.createInstance();
  await t.init({ resources, lng: language, fallbackLng: 'en-US' });
  t.addResourceBundle(language, 'share', await loadNamespace(language, 'share'));
  const key = shareFailureKey(networkId, code);
  return key === null ? t.t(errorMessageKey(code), { ns: 'errors' }) : t.t(key);
}

describe('shareFailureKey (spec 8: 470, with the Facebook wording on Facebook)', () => {
  it('gives Facebook its own wording for 470 and the general message for any other failure', () => {
    expect(shareFailureKey(Network.FACEBOOK, ErrorCode.REPHRASE)).toBe('share:messages.facebookProblem');
    expect(shareFailureKey(Network.FACEBOOK, ErrorCode.UNKNOWN)).toBe('share:messages.failed');
    expect(shareFailureKey(Network.FACEBOOK, ErrorCode.DUPLICATE_POST)).toBe('share:messages.failed');
  });

  it('gives other networks the code’s own message, and the general one for an unknown failure', () => {
    expect(shareFailureKey(Network.LINKEDIN, ErrorCode.REPHRASE)).toBeNull();
    expect(shareFailureKey(Network.TWITTER, ErrorCode.DUPLICATE_POST)).toBeNull();
    expect(shareFailureKey(Network.TWITTER, ErrorCode.UNKNOWN)).toBe('share:messages.failed');
  });

  it('words 470 as the spec does in en-US', async () => {
    expect(await messageIn('en-US', Network.FACEBOOK, ErrorCode.REPHRASE)).toBe('There was a problem sharing this content to Facebook. Please contact your administrator.');
    expect(await messageIn('en-US', Network.LINKEDIN, ErrorCode.REPHRASE)).toBe('Please rephrase to share.');
  });

  it.each(LANGUAGES.filter((language) => language !== 'en-US'))('words both 470 messages in %s, apart from each other and from English', async (language) => {
    const facebook = await messageIn(language, Network.FACEBOOK, ErrorCode.REPHRASE);
    const other = await messageIn(language, Network.LINKEDIN, ErrorCode.REPHRASE);
    expect(facebook).toContain('Facebook');
    expect(facebook).not.toBe(await messageIn('en-US', Network.FACEBOOK, ErrorCode.REPHRASE));
    expect(other).not.toBe('Please rephrase to share.');
    expect(facebook).not.toBe(other);
  });

  it('addresses the person formally in German, as the rest of de-DE does (Sie, not du)', async () => {
    expect(await messageIn('de-DE', Network.FACEBOOK, ErrorCode.REPHRASE)).toBe(
      'Beim Teilen dieses Inhalts auf Facebook ist ein Problem aufgetreten. Bitte wenden Sie sich an Ihren Administrator.',
    );
    expect(await messageIn('de-DE', Network.TWITTER, ErrorCode.UNKNOWN)).toBe('Es ist ein Fehler aufgetreten und Ihr Beitrag konnte nicht geteilt werden. Bitte versuchen Sie es erneut.');
  });
});
