import { useEffect, useRef } from 'react';
import type { JSX, MouseEvent } from 'react';
import { Button } from '@fluentui/react-components';
import { PhoneRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { browserAppOpener, offersApp, openAppOrStore, signUpAppLink, storeUrl } from '../../../lib/app-link.ts';

/**
 * 'Continue in the app' on phones and narrow windows: opens the mobile app on this sign-up;
 * if the app does not open within 250 ms, offers the store.
 */
export function ContinueInApp(props: { code: string; subdomain: string }): JSX.Element | null {
  const { t } = useTranslation();
  const cancel = useRef<(() => void) | null>(null);
  useEffect(() => () => cancel.current?.(), []);

  if (!offersApp(window.innerWidth, navigator.userAgent)) return null;
  const link = signUpAppLink(props.code, props.subdomain);

  const handleClick = (event: MouseEvent<HTMLAnchorElement>): void => {
    event.preventDefault();
    cancel.current?.();
    cancel.current = openAppOrStore(link, storeUrl(navigator.userAgent), t('signUp.storePrompt'), browserAppOpener());
  };

  return (
    <Button as="a" href={link} onClick={handleClick} icon={<PhoneRegular />}>
      {t('signUp.continueInApp')}
    </Button>
  );
}
