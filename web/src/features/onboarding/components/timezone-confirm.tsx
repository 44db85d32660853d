import { useMemo, useState } from 'react';
import type { JSX } from 'react';
import { Button, Combobox, Field, Option, Spinner, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { TimezoneListResponse } from '@chorus/core';
import { useNotify } from '../../../lib/notify.tsx';
import { useSaveTimezone, useTimezones } from '../api/timezone.ts';
import styles from './onboarding-screen.module.css';

function TimezonePicker(props: { zones: TimezoneListResponse; current: string; onSaved: () => void }): JSX.Element {
  const { t } = useTranslation(['social']);
  const notify = useNotify();
  const save = useSaveTimezone();
  const labelOf = (value: string): string => props.zones.find((zone) => zone.value === value)?.name ?? value;
  const [selected, setSelected] = useState(props.current);
  const [query, setQuery] = useState(() => labelOf(props.current));

  const options = useMemo(() => {
    // While the box shows the chosen zone every zone is listed; typing narrows the list.
    const chosen = props.zones.find((zone) => zone.value === selected)?.name ?? selected;
    if (query === chosen) return props.zones;
    const needle = query.trim().toLowerCase();
    return props.zones.filter((zone) => zone.name.toLowerCase().includes(needle));
  }, [props.zones, query, selected]);

  const changed = selected !== props.current;
  const handleSave = (): void =>
    save.mutate(selected, {
      onSuccess: () => {
        notify.success(t('social:onboarding.timezoneSaved'));
        props.onSaved();
      },
      onError: (error) => notify.failure(error),
    });

  return (
    <div className={styles.timezoneRow}>
      <Field label={t('social:onboarding.timezone')}>
        <Combobox
          className={styles.combobox}
          expandIcon={{ 'aria-label': t('fluent.openList', { ns: 'common' }) }}
          value={query}
          selectedOptions={[selected]}
          onChange={(event) => setQuery(event.target.value)}
          onOptionSelect={(_, data) => {
            // Typing clears the selection (no option value): the saved choice stays until one is picked.
            if (data.optionValue === undefined) return;
            setSelected(data.optionValue);
            setQuery(data.optionText ?? labelOf(data.optionValue));
          }}
        >
          {options.map((zone) => (
            <Option key={zone.value} value={zone.value} text={zone.name}>
              {zone.name}
            </Option>
          ))}
        </Combobox>
      </Field>
      <Button appearance={changed ? 'primary' : 'secondary'} disabled={save.isPending} onClick={handleSave}>
        {t('social:onboarding.save')}
      </Button>
    </div>
  );
}

/**
 * Confirms the user's time zone: a searchable list from GET /common/timezone; Save is
 * highlighted only when the choice differs from the saved zone (spec 5).
 */
export function TimezoneConfirm(props: { current: string; onSaved: () => void }): JSX.Element {
  const { t } = useTranslation(['social']);
  const zones = useTimezones();
  return (
    <section aria-labelledby="onboarding-timezone-heading" id="application-timezone" className={styles.timezone}>
      <h2 id="onboarding-timezone-heading">{t('social:onboarding.timezoneTitle')}</h2>
      <Text as="p">{t('social:onboarding.timezoneIntro')}</Text>
      {zones.data === undefined ? (
        <Spinner size="small" label={t('social:onboarding.timezonesLoading')} />
      ) : (
        <TimezonePicker zones={zones.data} current={props.current} onSaved={props.onSaved} />
      )}
    </section>
  );
}
