import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '@chorus/core';
import { useNotify } from '../../../lib/notify.tsx';
import { trackedLink } from '../api/share-api.ts';
import { mailtoHref } from '../utils/share-drafts.ts';

/** The web app's share-flow type (spec 3). */
const WEB_CHANNEL_ID = 9;

/** A link the clipboard refused: shown in a failed input to copy by hand (spec 8 "Clipboard"). */
export interface FailedCopy {
  url: string;
  message: string;
}

/** Writes text to the clipboard; the reason it could not, as a spec message key, or null. */
export async function writeClipboard(text: string, clipboard: Pick<Clipboard, 'writeText'> | undefined): Promise<'copyFailed' | 'unsupported' | null> {
  if (!clipboard || typeof clipboard.writeText !== 'function') return 'unsupported';
  try {
    await clipboard.writeText(text);
    return null;
  } catch {
    return 'copyFailed';
  }
}

/**
 * Copy link and share by e-mail (spec 2 "Post card", 7 `POST /share/copy-link`): the person's
 * tracked link goes to the clipboard ('URL copied to clipboard successfully!'), or, when the
 * clipboard refuses, into a failed input with the spec's message; e-mail opens a `mailto:` with it.
 */
export function useCopyLink(): { copy: (post: Post) => Promise<void>; email: (post: Post) => Promise<void>; failed: FailedCopy | null; dismiss: () => void } {
  const { t } = useTranslation(['share']);
  const notify = useNotify();
  const [failed, setFailed] = useState<FailedCopy | null>(null);

  const copy = useCallback(
    async (post: Post) => {
      let url: string;
      try {
        url = (await trackedLink(post.id, WEB_CHANNEL_ID)).url;
      } catch (error) {
        notify.failure(error);
        return;
      }
      const problem = await writeClipboard(url, typeof navigator === 'undefined' ? undefined : navigator.clipboard);
      if (problem === null) notify.success(t('share:copyLink.copied'));
      else setFailed({ url, message: t(`share:copyLink.${problem}`) });
    },
    [notify, t],
  );

  const email = useCallback(
    async (post: Post) => {
      try {
        const { url } = await trackedLink(post.id, WEB_CHANNEL_ID);
        window.location.href = mailtoHref(post.title, t('share:email.body', { url }));
      } catch (error) {
        notify.failure(error);
      }
    },
    [notify, t],
  );

  return { copy, email, failed, dismiss: () => setFailed(null) };
}
