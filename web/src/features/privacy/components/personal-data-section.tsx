import { useState } from 'react';
import type { JSX } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Spinner,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, EyeRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../lib/notify.tsx';
import { useFetchPersonalData, usePersonalData } from '../api/personal-data.ts';
import styles from './privacy-page.module.css';

/** The file name the spec gives the download. */
export const PERSONAL_DATA_FILE = 'personalData.json';

function saveJson(data: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  URL.revokeObjectURL(url);
}

/** View (in a dialog) and Download (personalData.json) of everything stored about the user. */
export function PersonalDataSection(): JSX.Element {
  const { t } = useTranslation(['privacy']);
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const data = usePersonalData(open);
  const fetchData = useFetchPersonalData();

  const handleDownload = (): void => {
    setDownloading(true);
    fetchData()
      .then((result) => saveJson(result, PERSONAL_DATA_FILE))
      .catch((error: unknown) => notify.failure(error))
      .finally(() => setDownloading(false));
  };

  return (
    <section className={styles.section} aria-labelledby="privacy-data-heading">
      <h2 id="privacy-data-heading" className={styles.heading}>
        {t('privacy:data.title')}
      </h2>
      <p>{t('privacy:data.description')}</p>
      <div className={styles.actions}>
        <Dialog open={open} onOpenChange={(_, state) => setOpen(state.open)}>
          <DialogTrigger disableButtonEnhancement>
            <Button icon={<EyeRegular />}>{t('privacy:data.view')}</Button>
          </DialogTrigger>
          <DialogSurface className={styles.dataSurface}>
            <DialogBody>
              <DialogTitle>{t('privacy:data.dialogTitle')}</DialogTitle>
              <DialogContent>
                {data.data ? (
                  <pre className={styles.json} tabIndex={0} aria-label={t('privacy:data.dialogTitle')}>
                    {JSON.stringify(data.data, null, 2)}
                  </pre>
                ) : data.error ? (
                  <p role="alert">{t('privacy:data.loadFailed')}</p>
                ) : (
                  <Spinner label={t('privacy:data.loading')} />
                )}
              </DialogContent>
              <DialogActions>
                <DialogTrigger disableButtonEnhancement>
                  <Button appearance="primary">{t('privacy:data.close')}</Button>
                </DialogTrigger>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
        <Button icon={<ArrowDownloadRegular />} disabled={downloading} onClick={handleDownload}>
          {t('privacy:data.download')}
        </Button>
      </div>
    </section>
  );
}
