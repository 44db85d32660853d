import { Suspense, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { JSX } from 'react';
import type { Theme } from '@fluentui/react-components';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import type { Language } from '@chorus/core';
import { loseSession } from '../lib/auth.tsx';
import { ChorusContext, type ChorusHost, type ChorusSettings } from '../lib/chorus-context.ts';
import { createChorusI18n, initialLanguage } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { subscribeToToasterRequest, toasterRequested } from '../lib/toaster-id.ts';
import { useOnDemand } from '../lib/use-on-demand.ts';
import { BrandThemeProvider } from './brand-theme-provider.tsx';
import { AppRoutes } from './router.tsx';
import './global.css';

// Toasts are never part of the first render; the Toaster loads with the first toast (lib/notify.tsx).
const loadToaster = () => import('../lib/chorus-toaster.tsx').then((m) => m.ChorusToaster);

/** Props of {@link ChorusApp}. */
export interface ChorusAppProps {
  /** Path prefix the app is served under, e.g. "/tab" for the Teams tab build. */
  basename?: string;
  /** A path inside the app to show first instead of the address bar's, e.g. "/post/123". */
  initialPath?: string;
  /** Overrides the company's branded theme (the tab passes the Teams theme). */
  theme?: Theme;
  /** Forces the interface language (the tab passes the Teams locale's). */
  language?: Language;
  host?: ChorusHost;
  /** The data cache, when made before the first render (the web app's main.tsx asks for the page's data with it). */
  queryClient?: QueryClient;
}

function normalizeBasename(basename: string | undefined): string {
  const trimmed = (basename ?? '').replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** Puts `initialPath` into the address bar before the router reads it. */
function applyInitialPath(basename: string, initialPath: string | undefined): void {
  if (!initialPath || !initialPath.startsWith('/') || initialPath.startsWith('//')) return;
  const target = `${basename === '/' ? '' : basename}${initialPath}`;
  if (`${window.location.pathname}${window.location.search}` !== target) {
    window.history.replaceState(window.history.state, '', target);
  }
}

/**
 * The whole Chorus web app: branded Fluent theme, translations, data cache, routes, toasts.
 * The standalone site renders it at "/", the Teams tab under "/tab" with the Teams theme and
 * locale. Re-rendering with another theme or language restyles or re-translates in place.
 */
export function ChorusApp(props: ChorusAppProps): JSX.Element {
  const host = props.host ?? 'web';
  const [queryClient] = useState(() => props.queryClient ?? createQueryClient(loseSession));
  const [i18n] = useState(() => createChorusI18n(initialLanguage(props.language)));

  const [basename] = useState(() => {
    const normalized = normalizeBasename(props.basename);
    applyInitialPath(normalized, props.initialPath);
    return normalized;
  });
  const ChorusToaster = useOnDemand(loadToaster, useSyncExternalStore(subscribeToToasterRequest, toasterRequested, toasterRequested));
  const settings = useMemo<ChorusSettings>(() => ({ host, language: props.language }), [host, props.language]);

  useEffect(() => {
    if (props.language && i18n.language !== props.language) void i18n.changeLanguage(props.language);
  }, [props.language, i18n]);

  useEffect(() => {
    const handleLanguageChanged = (language: string): void => {
      document.documentElement.lang = language;
    };
    handleLanguageChanged(i18n.language);
    i18n.on('languageChanged', handleLanguageChanged);
    return () => i18n.off('languageChanged', handleLanguageChanged);
  }, [i18n]);

  return (
    <ChorusContext value={settings}>
      <I18nextProvider i18n={i18n}>
        {/* Until a language other than the fallback has its strings (one small chunk). */}
        <Suspense fallback={null}>
          <QueryClientProvider client={queryClient}>
            <BrandThemeProvider theme={props.theme}>
              <BrowserRouter basename={basename}>
                <AppRoutes />
              </BrowserRouter>
              {ChorusToaster ? <ChorusToaster /> : null}
            </BrandThemeProvider>
          </QueryClientProvider>
        </Suspense>
      </I18nextProvider>
    </ChorusContext>
  );
}
