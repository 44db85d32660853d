import { useState, type JSX } from 'react';
import { Button, Text } from '@fluentui/react-components';
import { DismissRegular, PhoneAddRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { isAppleMobile, useInstallPrompt } from '../../../lib/pwa.ts';
import { localStore } from '../../../lib/safe-storage.ts';
import { SMART_BANNER_KEY, smartBannerHiddenUntil, type SmartBannerExit } from '../utils/smart-banner.ts';
import styles from './smart-app-banner.module.css';

/**
 * The smart app banner (accounts spec 9): on phone widths of the standalone site, a compact
 * strip above the top bar offering to install Chorus as an app (a progressive web app: the
 * browser's own install where it has one, else how to add it to the home screen). It sits in
 * the page's flow and scrolls away with it, never over the content. Closing it hides it for 7
 * days, installing for 7 days (the reminder); where storage is blocked it stays closed for the
 * page's life only. The layout decides where it shows (utils/smart-banner.ts) and hides it on
 * `onLeave`.
 */
export function SmartAppBanner(props: { onLeave: () => void }): JSX.Element {
  const { t } = useTranslation();
  const prompt = useInstallPrompt();
  const [steps, setSteps] = useState(false);
  const leave = (exit: SmartBannerExit): void => {
    localStore.set(SMART_BANNER_KEY, smartBannerHiddenUntil(exit, Date.now()));
    props.onLeave();
  };
  const handleInstall = (): void => {
    if (!prompt.available) {
      setSteps(true);
      return;
    }
    void prompt.install().then(() => leave('opened'));
  };
  return (
    <section aria-label={t('smartBanner.label')} className={styles.banner}>
      <PhoneAddRegular aria-hidden className={styles.icon} />
      <Text size={200} className={styles.text} role={steps ? 'status' : undefined}>
        {steps ? t(isAppleMobile(navigator.userAgent) ? 'smartBanner.appleSteps' : 'smartBanner.browserSteps') : t('smartBanner.text')}
      </Text>
      {steps ? null : (
        <Button size="small" appearance="primary" onClick={handleInstall}>
          {t('smartBanner.install')}
        </Button>
      )}
      <Button appearance="subtle" icon={<DismissRegular />} aria-label={t('smartBanner.dismiss')} className={styles.dismiss} onClick={() => leave('dismissed')} />
    </section>
  );
}
