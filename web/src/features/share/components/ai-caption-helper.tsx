/**
 * The AI caption helper (content-library spec 2 "Share modal": an AI caption helper and a
 * tone dropdown; 5 "AI caption"; 9 "AI tones"): the tone, defaulting to the person's default
 * tone, and a button that replaces the caption with an AI-assisted one, with the spec's
 * success and error toasts. The caller shows it only where aiCaptionRefusal allows.
 */
import { useState } from 'react';
import type { JSX } from 'react';
import { Button, Dropdown, Field, Option, Spinner } from '@fluentui/react-components';
import { Sparkle20Regular } from '@fluentui/react-icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AI_TONES, type AiTone, type ShareableNetworkId } from '@chorus/core';
import { useNotify } from '../../../lib/notify.tsx';
import { writeAiCaption } from '../api/captions-api.ts';
import styles from './captions.module.css';

function asTone(value: string): AiTone {
  return (AI_TONES as readonly string[]).includes(value) ? (value as AiTone) : 'Professional';
}

/** Tone and button; `onCaption` receives the caption offered. */
export function AiCaptionHelper(props: {
  postId: number;
  networkId: ShareableNetworkId;
  title: string;
  caption: string;
  defaultTone: string;
  onCaption: (caption: string) => void;
}): JSX.Element {
  const { t } = useTranslation(['captions', 'settings']);
  const notify = useNotify();
  const [tone, setTone] = useState<AiTone>(asTone(props.defaultTone));
  const write = useMutation({
    mutationFn: () => writeAiCaption({ target_social_network: props.networkId, tones: [tone], post_id: props.postId, caption: props.caption, title: props.title }),
    onSuccess: ({ caption }) => {
      props.onCaption(caption);
      notify.success(t('captions:ai.success'), { timeout: 6000 });
    },
    onError: () => notify.error(t('captions:ai.error')),
  });

  return (
    <div className={styles.helpers}>
      <Field className={styles.tone} label={t('captions:ai.tone')}>
        <Dropdown
          value={t(`settings:ai.tones.${tone}`)}
          selectedOptions={[tone]}
          onOptionSelect={(_, data) => setTone(asTone(data.optionValue ?? tone))}
        >
          {AI_TONES.map((option) => (
            <Option key={option} value={option}>
              {t(`settings:ai.tones.${option}`)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Button icon={write.isPending ? <Spinner size="tiny" /> : <Sparkle20Regular />} disabled={write.isPending} onClick={() => write.mutate()}>
        {write.isPending ? t('captions:ai.writing') : t('captions:ai.button')}
      </Button>
    </div>
  );
}
