import { createContext, use, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { JSX, ReactNode } from 'react';
import { FluentProvider, createLightTheme } from '@fluentui/react-components';
import type { BrandVariants, Theme } from '@fluentui/react-components';
import { brandVariantsFromTint } from '../lib/brand-palette.ts';
import { useBrandedSettings } from '../features/auth/api/get-branded-settings.ts';
import { PageSpinner } from '../components/page-spinner.tsx';
import { holdTabsterOnceStarted } from '../lib/hold-tabster.ts';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { useRevealed } from '../lib/use-revealed.ts';
import styles from './brand-theme-provider.module.css';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * The company's favicon on every page, once its branding is in. index.html declares an empty
 * icon until then: without one, the browser asked for /favicon.ico with each page load, and got
 * the app's page (an unknown path that wants HTML).
 */
function useFavicon(href: string | null | undefined): void {
  useEffect(() => {
    if (!href) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    link.href = href;
  }, [href]);
}

/** Whether the branded theme is ready (BrandThemeProvider), read by BrandGate. */
const BrandReady = createContext(true);

/**
 * Fluent theme from the company's branding (its tint colour), light or dark as the system
 * asks, unless the host passes a theme (Teams). Waits for the branding so the page does not
 * flash in the default colours: BrandGate, inside the routes' Suspense boundary, shows a spinner
 * until then.
 */
export function BrandThemeProvider(props: { theme: Theme | undefined; children: ReactNode }): JSX.Element {
  const branding = useBrandedSettings({ enabled: props.theme === undefined });
  // The brand's colours change with the app it reveals, in the same deferred render (lib/use-revealed.ts).
  const tint = useDeferredValue(branding.data?.ios.tint_color);
  useFavicon(branding.data?.signin_favicon);
  // Fluent's focus manager outlives the dialogs that start it (lib/hold-tabster.ts).
  useEffect(holdTabsterOnceStarted, []);
  // Follows the system's setting as it changes.
  const dark = useMediaQuery(DARK_QUERY) && props.theme === undefined;
  // The dark theme's module loads only for people whose system asks for dark colours.
  const [makeDark, setMakeDark] = useState<((brand: BrandVariants) => Theme) | null>(null);
  useEffect(() => {
    if (!dark || makeDark !== null) return;
    void import('./dark-theme.ts').then((m) => setMakeDark(() => m.brandDarkTheme));
  }, [dark, makeDark]);
  const theme = useMemo(() => {
    if (props.theme) return props.theme;
    const brand = brandVariantsFromTint(tint);
    return dark && makeDark !== null ? makeDark(brand) : createLightTheme(brand);
  }, [props.theme, tint, dark, makeDark]);
  const revealed = useRevealed(!((props.theme === undefined && branding.isPending) || (dark && makeDark === null)));
  return (
    <FluentProvider theme={theme} applyStylesToPortals>
      {/* Page styles sit inside: the provider's own class is copied onto every portal. */}
      <div className={styles.root} data-color-scheme={props.theme || !dark ? 'light' : 'dark'}>
        <BrandReady value={revealed}>{props.children}</BrandReady>
      </div>
    </FluentProvider>
  );
}

/**
 * A spinner until the branded theme is ready, then the page. It sits inside the routes' Suspense
 * boundary (router.tsx, RootRoute) rather than around it: a boundary first mounted in the render
 * that reveals the page showed its own spinner as a fallback while the page's lazy code
 * arrived, and React holds back a boundary's content for 300 ms after its fallback shows
 * (FALLBACK_THROTTLE_MS), so the first cards waited on a timer for some 200 ms with everything
 * they needed at hand. Mounted from the first render, the boundary is already showing this
 * spinner as its content when the page's render suspends; that render is a deferred one
 * (lib/use-revealed.ts), so React keeps the spinner and commits the page as soon as its code is in.
 */
export function BrandGate(props: { children: ReactNode }): JSX.Element {
  return use(BrandReady) ? <>{props.children}</> : <PageSpinner />;
}
