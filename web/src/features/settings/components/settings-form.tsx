import { useState } from 'react';
import type { FormEvent, JSX, ReactNode } from 'react';
import { Button, Field, Input, Spinner, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { VALIDATION_NAMESPACE, type ConfigInfoResponse, type UserResponse, type UserSettings } from '@chorus/core';
import { useNotify } from '../../../lib/notify.tsx';
import { useLeaveGuard } from '../../../lib/use-leave-guard.ts';
import { LeaveDialog } from '../../../components/leave-dialog.tsx';
import { useSaveUser } from '../api/account.ts';
import { initialSettingsForm, isSettingsFormChanged, settingsFeatures, settingsFormProblem, settingsRequest, validateNames, type SettingsFormState } from '../utils/settings-form.ts';
import { AiSection } from './ai-section.tsx';
import { AvatarSection } from './avatar-section.tsx';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { GeneralSection } from './general-section.tsx';
import { NotificationsSection } from './notifications-section.tsx';
import { LockClosedRegular } from '@fluentui/react-icons';
import styles from './settings.module.css';

/** Props of the settings form; the social and queue sections come from the route. */
export interface SettingsFormProps {
  user: UserResponse;
  config: ConfigInfoResponse;
  /** Linked networks, shown between the personal and queue sections. */
  socialSection: ReactNode;
  /** Queue settings per network: the value is held by this form and saved by Save Settings. */
  renderQueueSection: (value: UserSettings['post_queue'], onChange: (next: UserSettings['post_queue']) => void) => ReactNode;
}

/**
 * /settings: Personal (names, read-only email, change password, profile picture, AI), the
 * social and queue sections, Notifications and General. Save Settings sends everything but
 * the picture, the password and the language (each saved on its own) once the form is valid.
 */
export function SettingsForm(props: SettingsFormProps): JSX.Element {
  const { t } = useTranslation(['settings']);
  const notify = useNotify();
  const save = useSaveUser(props.user.id);
  const [form, setForm] = useState<SettingsFormState>(() => initialSettingsForm(props.user));
  const [saved, setSaved] = useState<SettingsFormState>(form);
  const [submitted, setSubmitted] = useState(false);
  const leaveGuard = useLeaveGuard(isSettingsFormChanged(saved, form));
  const features = settingsFeatures(props.config);
  const names = validateNames(form);
  const setSettings = (user_settings: UserSettings): void => setForm((current) => ({ ...current, user_settings }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setSubmitted(true);
    const problem = settingsFormProblem(form, features);
    if (problem === 'required') {
      notify.error(t('required', { ns: 'validation' }));
      return;
    }
    if (problem === 'ai') {
      notify.error(t('ai.incomplete', { ns: 'validation' }), { title: t('ai.title', { ns: 'validation' }) });
      return;
    }
    if (save.isPending) return;
    const sent = form;
    save.mutate(settingsRequest(sent, features), {
      onSuccess: () => {
        setSaved(sent);
        notify.success(t('settings:saved'));
      },
      onError: (error) => notify.failure(error),
    });
  };

  return (
    <form className={styles.page} onSubmit={handleSubmit} noValidate>
      <Text as="h1" size={800} weight="semibold" className={styles.heading}>
        {t('settings:title')}
      </Text>

      <section aria-labelledby="settings-personal-heading" className={styles.section}>
        <h2 id="settings-personal-heading" className={styles.sectionTitle}>
          {t('settings:personal.title')}
        </h2>
        <div className={styles.row}>
          <Field
            label={t('settings:personal.firstName')}
            required
            validationMessage={submitted && !names.first.ok ? t(names.first.error, { ns: VALIDATION_NAMESPACE }) : undefined}
          >
            <Input name="first_name" autoComplete="given-name" maxLength={100} value={form.first_name} onChange={(_event, data) => setForm((current) => ({ ...current, first_name: data.value }))} />
          </Field>
          <Field
            label={t('settings:personal.lastName')}
            required
            validationMessage={submitted && !names.last.ok ? t(names.last.error, { ns: VALIDATION_NAMESPACE }) : undefined}
          >
            <Input name="last_name" autoComplete="family-name" maxLength={100} value={form.last_name} onChange={(_event, data) => setForm((current) => ({ ...current, last_name: data.value }))} />
          </Field>
        </div>
        <Field label={t('settings:personal.email')} hint={t('settings:personal.emailReadOnly')}>
          {/* Read-only, and it looks it: a filled field without the editable underline. */}
          <Input type="email" value={props.user.username} readOnly appearance="filled-darker" contentBefore={<LockClosedRegular aria-hidden />} />
        </Field>
        {features.password ? (
          <div id="auth" className={`${styles.inline} ${styles.anchor}`}>
            <Text weight="semibold">{t('settings:password.label')}</Text>
            <ChangePasswordDialog />
          </div>
        ) : null}
      </section>

      <AvatarSection user={props.user} />

      {features.ai ? <AiSection value={form.user_settings.ai} showErrors={submitted} onChange={(ai) => setSettings({ ...form.user_settings, ai })} /> : null}

      {props.socialSection}

      {props.renderQueueSection(form.user_settings.post_queue, (post_queue) => setSettings({ ...form.user_settings, post_queue }))}

      {features.notifications ? (
        <NotificationsSection value={form.user_settings.notifications} onChange={(notifications) => setSettings({ ...form.user_settings, notifications })} />
      ) : null}

      <GeneralSection
        user={props.user}
        form={form}
        onTimezoneChange={(timezone) => setForm((current) => ({ ...current, timezone }))}
        onSettingsChange={setSettings}
      />

      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabledFocusable={save.isPending} icon={save.isPending ? <Spinner size="tiny" /> : undefined}>
          {t('settings:save')}
        </Button>
      </div>
      <LeaveDialog open={leaveGuard.held} body={t('settings:leave.body')} onLeave={leaveGuard.leave} onStay={leaveGuard.stay} />
    </form>
  );
}
