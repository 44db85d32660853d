import { useRef, type JSX, type MouseEvent } from 'react';
import { Button, Text } from '@fluentui/react-components';
import { DismissRegular, PhoneRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { browserAppOpener, companyAppLink, openAppOrStore, storeUrl } from '../../../lib/app-link.ts';
import { subdomainOf } from '../../../lib/hosts.ts';
import { localStore } from '../../../lib/safe-storage.ts';
import { SMART_BANNER_KEY, smartBannerHiddenUntil, type SmartBannerExit } from '../utils/smart-banner.ts';
import styles from './smart-app-banner.module.css';

/**
 * The smart app banner (accounts spec 9): on phone widths of the standalone site, a compact
 * strip above the top bar offering the mobile app. It sits in the page's flow and scrolls away
 * with it, never over the content. Closing it hides it for 7 days, opening the app for 7 days
 * (the reminder); where storage is blocked it stays closed for the page's life only. The layout
 * decides where it shows (utils/smart-banner.ts) and hides it on `onLeave`.
 */
export function SmartAppBanner(props: { onLeave: () => void }): JSX.Element {
  const { t } = useTranslation();
  const cancel = useRef<(() => void) | null>(null);

  const link = companyAppLink(subdomainOf(window.location.hostname));
  const leave = (exit: SmartBannerExit): void => {
    localStore.set(SMART_BANNER_KEY, smartBannerHiddenUntil(exit, Date.now()));
    props.onLeave();
  };
  const handleOpen = (event: MouseEvent<HTMLAnchorElement>): void => {
    event.preventDefault();
    cancel.current?.();
    cancel.current = openAppOrStore(link, storeUrl(navigator.userAgent), t('signUp.storePrompt'), browserAppOpener());
    leave('opened');
  };
  return (
    <section aria-label={t('smartBanner.label')} className={styles.banner}>
      <PhoneRegular aria-hidden className={styles.icon} />
      <Text size={200} className={styles.text}>
        {t('smartBanner.text')}
      </Text>
      <Button as="a" href={link} size="small" appearance="primary" onClick={handleOpen}>
        {t('smartBanner.open')}
      </Button>
      <Button appearance="subtle" icon={<DismissRegular />} aria-label={t('smartBanner.dismiss')} className={styles.dismiss} onClick={() => leave('dismissed')} />
    </section>
  );
}
