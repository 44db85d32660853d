import { useMemo } from 'react';
import type { JSX, ReactNode } from 'react';
import { FluentProvider, createLightTheme } from '@fluentui/react-components';
import type { Theme } from '@fluentui/react-components';
import { brandVariantsFromTint } from '../lib/brand-palette.ts';
import { useBrandedSettings } from '../features/auth/api/get-branded-settings.ts';
import { PageSpinner } from '../components/page-spinner.tsx';
import styles from './brand-theme-provider.module.css';

/**
 * Fluent theme from the company's branding (its tint colour), unless the host passes a
 * theme (Teams). Waits for the branding so the page does not flash in the default colours.
 */
export function BrandThemeProvider(props: { theme: Theme | undefined; children: ReactNode }): JSX.Element {
  const branding = useBrandedSettings({ enabled: props.theme === undefined });
  const tint = branding.data?.ios.tint_color;
  const theme = useMemo(() => props.theme ?? createLightTheme(brandVariantsFromTint(tint)), [props.theme, tint]);
  const waiting = props.theme === undefined && branding.isPending;
  return (
    <FluentProvider theme={theme} applyStylesToPortals>
      {/* Page styles sit inside: the provider's own class is copied onto every portal. */}
      <div className={styles.root}>{waiting ? <PageSpinner /> : props.children}</div>
    </FluentProvider>
  );
}
