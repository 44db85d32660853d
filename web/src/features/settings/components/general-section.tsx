import { useMemo, useState } from 'react';
import type { JSX } from 'react';
import { Combobox, Dropdown, Field, Option, Spinner, Switch } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, resolveLanguage, type Language, type UserResponse, type UserSettings } from '@chorus/core';
import { useNotify } from '../../../lib/notify.tsx';
import { useSaveLanguage, useTimezones } from '../api/account.ts';
import type { SettingsFormState } from '../utils/settings-form.ts';
import styles from './settings.module.css';

/** Each language named in itself, so people find theirs whatever the interface shows. */
const LANGUAGE_KEYS: Readonly<Record<Language, string>> = { 'en-US': 'enUS', 'es-ES': 'esES', 'fr-CA': 'frCA', 'de-DE': 'deDE' };

function LanguageField(props: { user: UserResponse }): JSX.Element {
  const { t } = useTranslation(['settings']);
  const notify = useNotify();
  const save = useSaveLanguage(props.user);
  const current = resolveLanguage(props.user.language);
  const handleSelect = (value: string | undefined): void => {
    if (value === undefined || value === current) return;
    save.mutate(resolveLanguage(value), { onError: (error) => notify.failure(error) });
  };
  return (
    <Field label={t('settings:general.language')} hint={t('settings:general.languageHint')}>
      <Dropdown
        value={t(`settings:general.languages.${LANGUAGE_KEYS[current]}`)}
        selectedOptions={[current]}
        disabled={save.isPending}
        onOptionSelect={(_event, data) => handleSelect(data.optionValue)}
      >
        {LANGUAGES.map((language) => (
          <Option key={language} value={language} lang={language}>
            {t(`settings:general.languages.${LANGUAGE_KEYS[language]}`)}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

function TimezoneField(props: { value: string; onChange: (zone: string) => void }): JSX.Element {
  const { t } = useTranslation(['settings']);
  const zones = useTimezones();
  const [text, setText] = useState<string | null>(null);
  const labelOf = (value: string): string => zones.data?.find((zone) => zone.value === value)?.name ?? value;
  const options = useMemo(() => {
    const all = zones.data ?? [];
    // While the box shows the chosen zone every zone is listed; typing narrows the list.
    if (text === null) return all;
    const needle = text.trim().toLowerCase();
    return all.filter((zone) => zone.name.toLowerCase().includes(needle));
  }, [zones.data, text]);
  if (zones.data === undefined) return <Spinner size="small" label={t('settings:general.timezonesLoading')} />;
  return (
    <Field label={t('settings:general.timezone')}>
      <Combobox
        className={styles.combobox}
        expandIcon={{ 'aria-label': t('fluent.openList', { ns: 'common' }) }}
        value={text ?? labelOf(props.value)}
        selectedOptions={[props.value]}
        onChange={(event) => setText(event.target.value)}
        onOptionSelect={(_event, data) => {
          if (data.optionValue) props.onChange(data.optionValue);
          setText(null);
        }}
        onOpenChange={(_event, data) => {
          if (!data.open) setText(null);
        }}
      >
        {options.map((zone) => (
          <Option key={zone.value} value={zone.value} text={zone.name}>
            {zone.name}
          </Option>
        ))}
      </Combobox>
    </Field>
  );
}

/**
 * General: the interface language (saved and applied at once), the time zone (anchor
 * `application-timezone`), company newsletters and post recommendations.
 */
export function GeneralSection(props: {
  user: UserResponse;
  form: SettingsFormState;
  onTimezoneChange: (zone: string) => void;
  onSettingsChange: (next: UserSettings) => void;
}): JSX.Element {
  const { t } = useTranslation(['settings']);
  const settings = props.form.user_settings;
  return (
    <section aria-labelledby="settings-general-heading" className={styles.section}>
      <h2 id="settings-general-heading" className={styles.sectionTitle}>
        {t('settings:general.title')}
      </h2>
      <div className={styles.row}>
        <LanguageField user={props.user} />
        <div id="application-timezone" className={styles.anchor}>
          <TimezoneField value={props.form.timezone} onChange={props.onTimezoneChange} />
        </div>
      </div>
      <Switch
        checked={settings.email_updates.manual_updates}
        label={t('settings:general.newsletters')}
        onChange={(_event, data) => props.onSettingsChange({ ...settings, email_updates: { ...settings.email_updates, manual_updates: data.checked } })}
      />
      <Switch
        checked={settings.intelligence.post_recommendations_enabled}
        label={t('settings:general.recommendations')}
        onChange={(_event, data) => props.onSettingsChange({ ...settings, intelligence: { ...settings.intelligence, post_recommendations_enabled: data.checked } })}
      />
    </section>
  );
}
