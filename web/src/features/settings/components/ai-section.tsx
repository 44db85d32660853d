import type { JSX } from 'react';
import { Dropdown, Field, Input, Option, Switch, Textarea } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { AI_TONES, type UserSettings } from '@chorus/core';
import { aiTone } from '../utils/settings-form.ts';
import styles from './settings.module.css';

/**
 * The AI toggle: consent to AI-assisted captions; with consent, job title and goal (both
 * required) and the default tone.
 */
export function AiSection(props: { value: UserSettings['ai']; onChange: (next: UserSettings['ai']) => void; showErrors: boolean }): JSX.Element {
  const { t } = useTranslation(['settings']);
  const { value } = props;
  const set = (change: Partial<UserSettings['ai']>): void => props.onChange({ ...value, ...change });
  const tone = aiTone(value.default_tone);
  const missing = (text: string): string | undefined => (props.showErrors && text.trim() === '' ? t('settings:ai.required') : undefined);
  return (
    <section aria-labelledby="settings-ai-heading" className={styles.section}>
      <h3 id="settings-ai-heading" className={styles.sectionTitle}>
        {t('settings:ai.title')}
      </h3>
      <Switch checked={value.consent_granted} label={t('settings:ai.consent')} onChange={(_event, data) => set({ consent_granted: data.checked })} />
      {value.consent_granted ? (
        <>
          <div className={styles.row}>
            <Field label={t('settings:ai.jobTitle')} required validationMessage={missing(value.job_title)}>
              <Input value={value.job_title} maxLength={200} onChange={(_event, data) => set({ job_title: data.value })} />
            </Field>
            <Field label={t('settings:ai.tone')}>
              <Dropdown
                value={t(`settings:ai.tones.${tone}`)}
                selectedOptions={[tone]}
                onOptionSelect={(_event, data) => {
                  if (data.optionValue) set({ default_tone: data.optionValue });
                }}
              >
                {AI_TONES.map((option) => (
                  <Option key={option} value={option}>
                    {t(`settings:ai.tones.${option}`)}
                  </Option>
                ))}
              </Dropdown>
            </Field>
          </div>
          <Field label={t('settings:ai.goal')} required validationMessage={missing(value.goal)}>
            <Textarea value={value.goal} maxLength={1000} onChange={(_event, data) => set({ goal: data.value })} />
          </Field>
        </>
      ) : null}
    </section>
  );
}
