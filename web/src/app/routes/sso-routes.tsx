import { useEffect, useRef } from 'react';
import type { JSX } from 'react';
import { Text } from '@fluentui/react-components';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStartSession } from '../../lib/auth.tsx';
import { afterSignInTarget } from '../../lib/redirects.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { RouterButtonLink } from '../../components/router-link.tsx';
import { useSsoExchange } from '../../features/auth/api/sso.ts';
import { finishSsoSignIn } from '../../features/auth/sso-finish.ts';
import styles from '../../features/auth/components/auth-screen.module.css';

/** The /error address the SSO landing page sends a failed exchange to. */
export const SSO_INVALID_LINK_PATH = '/error?reason=invalid_link';

/**
 * /sign-in/sso?encrypted_token&is_in_iframe&next: trades the exchange token for a session
 * (once: the token is single use, so the call is guarded against the effect running twice),
 * then tells the opener (popup) or the parent (`is_in_iframe`), or goes to `next`, the admin
 * hand-over or the feed. A missing or refused token shows 'Invalid link' on /error.
 */
export function SsoSignInRoute(): JSX.Element {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const startSession = useStartSession();
  const exchange = useSsoExchange();
  const started = useRef(false);
  const token = params.get('encrypted_token');
  const inIframe = params.has('is_in_iframe') && params.get('is_in_iframe') !== '0';
  const { mutate } = exchange;

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    mutate(token, {
      onSuccess: (result) => {
        startSession(result.user);
        if (finishSsoSignIn(window, inIframe, { token: result.token, userId: result.user.id }) === 'navigate') void navigate(afterSignInTarget(location.search), { replace: true });
      },
      onError: () => void navigate(SSO_INVALID_LINK_PATH, { replace: true }),
    });
  }, [token, inIframe, mutate, navigate, startSession, location.search]);

  if (!token) return <Navigate to={SSO_INVALID_LINK_PATH} replace />;
  if (exchange.isSuccess) return <Text as="p">{t('ssoSignIn.finished')}</Text>;
  return <PageSpinner label={t('ssoSignIn.signingIn')} />;
}

/** /sign-in/sso/domain-not-found: the SSO identity's domain is not registered with the company. */
export function SsoDomainNotFoundRoute(): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className={styles.root} role="alert">
      <Text as="h1" size={600} weight="semibold" className={styles.heading}>
        {t('authError.heading')}
      </Text>
      <Text as="p">{t('ssoSignIn.domainNotFound')}</Text>
      <RouterButtonLink to="/sign-in" appearance="primary">
        {t('authError.back')}
      </RouterButtonLink>
    </div>
  );
}
