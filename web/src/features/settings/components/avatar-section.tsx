import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent, JSX } from 'react';
import { Avatar, Button, Image, Spinner, Text } from '@fluentui/react-components';
import { ArrowUploadRegular, DeleteRegular, ImageAddRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { AVATAR_EXTENSIONS, AVATAR_MIME_TYPES, VALIDATION_NAMESPACE, type UserResponse } from '@chorus/core';
import { useNotify } from '../../../lib/notify.tsx';
import { useDeleteAvatar, useUploadAvatar } from '../api/account.ts';
import { checkAvatarFile } from '../utils/avatar-file.ts';
import styles from './settings.module.css';

const ACCEPT = [...AVATAR_MIME_TYPES, ...AVATAR_EXTENSIONS.map((extension) => `.${extension}`)].join(',');

/**
 * Profile picture: choose a .jpg or .png (at most 4 MB, 150x150 to 600x800 pixels, checked
 * before anything is sent), see it previewed, then save it; or delete the current one.
 */
export function AvatarSection(props: { user: UserResponse }): JSX.Element {
  const { t } = useTranslation(['settings']);
  const notify = useNotify();
  const upload = useUploadAvatar(props.user.id);
  const remove = useDeleteAvatar(props.user.id);
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => () => {
    if (chosen) URL.revokeObjectURL(chosen.url);
  }, [chosen]);

  const handleChoose = async (event: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const result = await checkAvatarFile(file);
    if (!result.ok) {
      setChosen(null);
      setProblem(t(result.error, { ns: VALIDATION_NAMESPACE }));
      return;
    }
    setProblem(null);
    setChosen({ file, url: URL.createObjectURL(file) });
  };

  const handleSave = (): void => {
    if (!chosen || upload.isPending) return;
    upload.mutate(chosen.file, {
      onSuccess: () => {
        setChosen(null);
        notify.success(t('settings:avatar.saved'));
      },
      onError: (error) => notify.failure(error),
    });
  };

  const handleDelete = (): void => {
    if (remove.isPending) return;
    remove.mutate(undefined, {
      onSuccess: () => notify.success(t('settings:avatar.deleted')),
      onError: (error) => notify.failure(error),
    });
  };

  const current = props.user.picture_images.avatar;
  const shown = chosen?.url ?? current;
  return (
    <section aria-labelledby="settings-avatar-heading" className={styles.section}>
      <h3 id="settings-avatar-heading" className={styles.sectionTitle}>
        {t('settings:avatar.title')}
      </h3>
      <Text as="p">{t('settings:avatar.rules')}</Text>
      <div className={styles.inline}>
        {shown ? (
          <Image src={shown} alt={chosen ? t('settings:avatar.preview') : t('settings:avatar.current')} shape="circular" fit="cover" width={96} height={96} />
        ) : (
          <Avatar size={96} name={props.user.full_name} />
        )}
        {/* The native input is driven by the button, which keyboard users reach instead. */}
        <input ref={input} className={styles.hiddenInput} type="file" accept={ACCEPT} tabIndex={-1} aria-label={t('settings:avatar.file')} onChange={(event) => void handleChoose(event)} />
        <Button icon={<ImageAddRegular />} onClick={() => input.current?.click()}>
          {t('settings:avatar.choose')}
        </Button>
        {chosen ? (
          <>
            <Button appearance="primary" icon={upload.isPending ? <Spinner size="tiny" /> : <ArrowUploadRegular />} disabledFocusable={upload.isPending} onClick={handleSave}>
              {t('settings:avatar.save')}
            </Button>
            <Button onClick={() => setChosen(null)}>{t('settings:avatar.cancel')}</Button>
          </>
        ) : null}
        {current && !chosen ? (
          <Button icon={remove.isPending ? <Spinner size="tiny" /> : <DeleteRegular />} disabledFocusable={remove.isPending} onClick={handleDelete}>
            {t('settings:avatar.delete')}
          </Button>
        ) : null}
      </div>
      {problem ? (
        <Text role="alert" className={styles.error}>
          {problem}
        </Text>
      ) : null}
    </section>
  );
}
