import { useId, useState } from 'react';
import type { FormEvent, JSX } from 'react';
import { Button, Card, Field, Input, MessageBar, MessageBarBody, MessageBarTitle, Text, Title2 } from '@fluentui/react-components';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can, Role } from '@chorus/core';
import { RouterButtonLink } from '../../../components/router-link.tsx';
import { viewSwitchLabel } from '../../../lib/view-switch.ts';
import { deleteCodeOf } from '../utils/delete-code.ts';
import styles from './admin-landing.module.css';

/** Translation keys of what is coming to the admin console, by role. */
const COMING: Readonly<Record<'admin' | 'manager' | 'creator', readonly string[]>> = {
  admin: ['coming.topics', 'coming.analytics', 'coming.members', 'coming.company'],
  manager: ['coming.topics', 'coming.analytics'],
  creator: ['coming.ownAnalytics'],
};

function roleKey(role: number): 'admin' | 'manager' | 'creator' {
  if (role === Role.ADMIN) return 'admin';
  return role === Role.CONTENT_CREATOR ? 'creator' : 'manager';
}

/** An admin opens a deletion request from the link (or its code) in the mail they received. */
function DeletionRequests(): JSX.Element {
  const { t } = useTranslation(['screens']);
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const headingId = useId();
  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const code = deleteCodeOf(text);
    if (code === null) {
      setInvalid(true);
      return;
    }
    void navigate(`/confirm-user-deletion?${new URLSearchParams({ delete_code: code }).toString()}`);
  };
  return (
    <Card className={styles.card} aria-labelledby={headingId}>
      <Text as="h2" id={headingId} size={500} weight="semibold" className={styles.heading}>
        {t('screens:admin.deletion.title')}
      </Text>
      <Text as="p" className={styles.paragraph}>
        {t('screens:admin.deletion.body')}
      </Text>
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <Field
          label={t('screens:admin.deletion.field')}
          validationState={invalid ? 'error' : 'none'}
          validationMessage={invalid ? t('screens:admin.deletion.invalid') : undefined}
          className={styles.field}
        >
          <Input
            value={text}
            onChange={(_, data) => {
              setText(data.value);
              setInvalid(false);
            }}
          />
        </Field>
        <Button type="submit" appearance="primary">
          {t('screens:admin.deletion.open')}
        </Button>
      </form>
    </Card>
  );
}

/**
 * The admin landing page (/admin), where the view switcher and `/redirect` lead until the
 * admin console exists: it says so, and shows what the person's role can do today (admins
 * answer deletion requests; managers and content creators suggest content) and what is coming.
 * The company gate (dashboard_enabled) and the role gate of the view switcher apply: others
 * are told the admin view is not available to them.
 */
export function AdminLanding(props: { role: number; dashboardEnabled: boolean }): JSX.Element {
  const { t } = useTranslation(['screens']);
  if (viewSwitchLabel(props.role, props.dashboardEnabled) === null) {
    return (
      <div className={styles.page}>
        <Title2 as="h1">{t('screens:admin.title')}</Title2>
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{t('screens:admin.unavailable.title')}</MessageBarTitle>
            {props.role === Role.USER ? t('screens:admin.unavailable.role') : t('screens:admin.unavailable.company')}
          </MessageBarBody>
        </MessageBar>
        <div>
          <RouterButtonLink to="/" appearance="primary">
            {t('screens:admin.back')}
          </RouterButtonLink>
        </div>
      </div>
    );
  }
  const key = roleKey(props.role);
  return (
    <div className={styles.page}>
      <Title2 as="h1">{t(`screens:admin.heading.${key}`)}</Title2>
      <Text as="p" className={styles.paragraph}>
        {t('screens:admin.intro')}
      </Text>
      {can(props.role, 'posts.write') ? (
        <Card className={styles.card}>
          <Text as="h2" size={500} weight="semibold" className={styles.heading}>
            {t('screens:admin.console.postsTitle')}
          </Text>
          <Text as="p" className={styles.paragraph}>
            {t('screens:admin.console.posts')}
          </Text>
          <div>
            <RouterButtonLink to="/admin/posts" appearance="primary">
              {t('screens:admin.console.openPosts')}
            </RouterButtonLink>
          </div>
        </Card>
      ) : null}
      {can(props.role, 'suggestions.review') ? (
        <Card className={styles.card}>
          <Text as="h2" size={500} weight="semibold" className={styles.heading}>
            {t('screens:adminSuggestions.landing.title')}
          </Text>
          <Text as="p" className={styles.paragraph}>
            {t('screens:adminSuggestions.landing.body')}
          </Text>
          <div>
            <RouterButtonLink to="/admin/suggestions" appearance="primary">
              {t('screens:adminSuggestions.landing.open')}
            </RouterButtonLink>
          </div>
        </Card>
      ) : null}
      {can(props.role, 'compliance.manage') ? (
        <Card className={styles.card}>
          <Text as="h2" size={500} weight="semibold" className={styles.heading}>
            {t('screens:admin.console.title')}
          </Text>
          <Text as="p" className={styles.paragraph}>
            {t('screens:admin.console.compliance')}
          </Text>
          <div>
            <RouterButtonLink to="/admin/compliance" appearance="primary">
              {t('screens:admin.console.openCompliance')}
            </RouterButtonLink>
          </div>
        </Card>
      ) : null}
      {can(props.role, 'company.settings') ? (
        <Card className={styles.card}>
          <Text as="h2" size={500} weight="semibold" className={styles.heading}>
            {t('screens:adminCompany.landing.title')}
          </Text>
          <Text as="p" className={styles.paragraph}>
            {t('screens:adminCompany.landing.body')}
          </Text>
          <div>
            <RouterButtonLink to="/admin/company" appearance="primary">
              {t('screens:adminCompany.landing.open')}
            </RouterButtonLink>
          </div>
        </Card>
      ) : null}
      {can(props.role, 'audit.read') ? (
        <Card className={styles.card}>
          <Text as="h2" size={500} weight="semibold" className={styles.heading}>
            {t('screens:adminAudit.landing.title')}
          </Text>
          <Text as="p" className={styles.paragraph}>
            {t('screens:adminAudit.landing.body')}
          </Text>
          <div>
            <RouterButtonLink to="/admin/audit" appearance="primary">
              {t('screens:adminAudit.landing.open')}
            </RouterButtonLink>
          </div>
        </Card>
      ) : null}
      {key === 'admin' ? (
        <DeletionRequests />
      ) : (
        <Card className={styles.card}>
          <Text as="h2" size={500} weight="semibold" className={styles.heading}>
            {t('screens:admin.today.title')}
          </Text>
          <Text as="p" className={styles.paragraph}>
            {t('screens:admin.today.suggest')}
          </Text>
        </Card>
      )}
      <Card className={styles.card}>
        <Text as="h2" size={500} weight="semibold" className={styles.heading}>
          {t('screens:admin.comingTitle')}
        </Text>
        <ul className={styles.list}>
          {COMING[key].map((entry) => (
            <li key={entry}>{t(`screens:admin.${entry}`)}</li>
          ))}
        </ul>
      </Card>
      <div>
        <RouterButtonLink to="/">{t('screens:admin.back')}</RouterButtonLink>
      </div>
    </div>
  );
}
