import { useState } from 'react';
import type { FormEvent, JSX } from 'react';
import { Button, Card, MessageBar, MessageBarBody, Switch, Text, Title2 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { COMPANY_FEATURE_GROUPS, COMPANY_FEATURES, type CompanyFeatureGroup, type FeatureToggle, type FeatureToggles } from '@chorus/core';
import { LeaveDialog } from '../../../components/leave-dialog.tsx';
import { RouterButtonLink } from '../../../components/router-link.tsx';
import { errorText, useNotify } from '../../../lib/notify.tsx';
import { useLeaveGuard } from '../../../lib/use-leave-guard.ts';
import { useSaveCompanyFeatures } from '../api/company-features.ts';
import styles from './feature-switches.module.css';

/** The switches that differ between two states. */
function changedSwitches(saved: FeatureToggles, draft: FeatureToggles): Partial<FeatureToggles> {
  return Object.fromEntries(COMPANY_FEATURES.filter((toggle) => saved[toggle] !== draft[toggle]).map((toggle) => [toggle, draft[toggle]]));
}

/**
 * The company's feature switches (`/admin/company`, admins): each with a line saying what it
 * does, in groups; nothing is saved until Save changes, and leaving with changes asks first.
 * A saved switch applies to members on their next request.
 */
export function FeatureSwitches(props: { saved: FeatureToggles }): JSX.Element {
  const { t } = useTranslation(['screens']);
  const notify = useNotify();
  const save = useSaveCompanyFeatures();
  const [base, setBase] = useState(props.saved);
  const [draft, setDraft] = useState(props.saved);
  const [saveError, setSaveError] = useState<string | null>(null);
  const changes = changedSwitches(base, draft);
  const changed = Object.keys(changes).length > 0;
  const leaveGuard = useLeaveGuard(changed && !save.isPending);

  const flip = (toggle: FeatureToggle, on: boolean): void => {
    setDraft((current) => ({ ...current, [toggle]: on }));
    setSaveError(null);
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    save.mutate(
      { feature_toggles: changes },
      {
        onSuccess: ({ feature_toggles }) => {
          setBase(feature_toggles);
          setDraft(feature_toggles);
          notify.success(t('screens:adminCompany.saved'));
        },
        onError: (error) => setSaveError(errorText(t, error)),
      },
    );
  };

  return (
    <form className={styles.page} onSubmit={handleSubmit} noValidate>
      <Title2 as="h1">{t('screens:adminCompany.title')}</Title2>
      <Text as="p">{t('screens:adminCompany.intro')}</Text>
      {(Object.entries(COMPANY_FEATURE_GROUPS) as [CompanyFeatureGroup, readonly FeatureToggle[]][]).map(([group, toggles]) => (
        <Card key={group} className={styles.card}>
          <Text as="h2" size={500} weight="semibold" className={styles.heading}>
            {t(`screens:adminCompany.group.${group}`)}
          </Text>
          <ul className={styles.switches}>
            {toggles.map((toggle) => (
              <li key={toggle} className={styles.switch}>
                <Switch
                  checked={draft[toggle]}
                  label={t(`screens:adminCompany.toggle.${toggle}.label`)}
                  aria-describedby={`feature-${toggle}`}
                  onChange={(_, data) => flip(toggle, data.checked)}
                />
                <Text id={`feature-${toggle}`} size={200} className={styles.hint}>
                  {t(`screens:adminCompany.toggle.${toggle}.hint`)}
                </Text>
              </li>
            ))}
          </ul>
        </Card>
      ))}
      {saveError !== null ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{saveError}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.actions}>
        {changed ? <Text>{t('screens:adminCompliance.unsaved')}</Text> : null}
        <Button onClick={() => setDraft(base)} disabled={!changed || save.isPending}>
          {t('screens:adminCompliance.discard')}
        </Button>
        <Button appearance="primary" type="submit" disabled={!changed || save.isPending}>
          {t('screens:adminCompliance.save')}
        </Button>
      </div>
      <div>
        <RouterButtonLink to="/admin">{t('screens:adminAudit.back')}</RouterButtonLink>
      </div>
      <LeaveDialog open={leaveGuard.held} body={t('screens:adminCompany.leaveBody')} onLeave={leaveGuard.leave} onStay={leaveGuard.stay} />
    </form>
  );
}
