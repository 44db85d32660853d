import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { JSX, ReactNode } from 'react';
import { FluentProvider, createLightTheme } from '@fluentui/react-components';
import type { BrandVariants, Theme } from '@fluentui/react-components';
import { brandVariantsFromTint } from '../lib/brand-palette.ts';
import { useBrandedSettings } from '../features/auth/api/get-branded-settings.ts';
import { PageSpinner } from '../components/page-spinner.tsx';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { useRevealed } from '../lib/use-revealed.ts';
import styles from './brand-theme-provider.module.css';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * Fluent theme from the company's branding (its tint colour), light or dark as the system
 * asks, unless the host passes a theme (Teams). Waits for the branding so the page does not
 * flash in the default colours.
 */
export function BrandThemeProvider(props: { theme: Theme | undefined; children: ReactNode }): JSX.Element {
  const branding = useBrandedSettings({ enabled: props.theme === undefined });
  // The brand's colours change with the app it reveals, in the same deferred render (lib/use-revealed.ts).
  const tint = useDeferredValue(branding.data?.ios.tint_color);
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
        {revealed ? props.children : <PageSpinner />}
      </div>
    </FluentProvider>
  );
}
