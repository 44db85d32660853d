import { Suspense, lazy, useState } from 'react';
import type { JSX } from 'react';
import { Button, MenuButton, MenuItem, MenuList } from '@fluentui/react-components';
import { BuildingMultipleRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { UserCompany } from '@chorus/core';
import { MenuOnFirstUse } from '../../../components/menu-on-first-use.tsx';
import { useNotify } from '../../../lib/notify.tsx';
import { useSwitchCompany } from '../api/switch-company.ts';
import { otherCompanies, switcherKind } from '../utils/switcher.ts';

// The searchable dialog is only for people in many companies, and only once they open it.
const CompanySwitcherDialog = lazy(() => import('./company-switcher-dialog.tsx').then((m) => ({ default: m.CompanySwitcherDialog })));

interface CompanySwitcherProps {
  /** All the user's companies. */
  companies: readonly UserCompany[];
  /** The host's company. */
  currentCompanyId: number;
  /** The current company's name, for the button's accessible name. */
  currentName: string;
  /** Class of the button's text (the top bar hides it on narrow bars; the button keeps its name). */
  labelClassName?: string;
  /** Class of the button. */
  className?: string;
}

/**
 * The top bar's company switcher: a menu of the other companies when there are fewer than 4
 * (INSTANCE_SWITCHER_THRESHOLD), else a button opening the searchable advanced switcher.
 * Choosing a company moves the browser to that company's host, signed in.
 */
export function CompanySwitcher(props: CompanySwitcherProps): JSX.Element | null {
  const { t } = useTranslation();
  const notify = useNotify();
  const switchCompany = useSwitchCompany();
  const [dialogOpen, setDialogOpen] = useState(false);
  const others = otherCompanies(props.companies, props.currentCompanyId);
  const kind = switcherKind(others.length);
  const label = t('topBar.switchCompanyLabel', { company: props.currentName });
  const handleSwitch = (companyId: number): void => {
    if (switchCompany.isPending) return;
    switchCompany.mutate(companyId, { onError: (error) => notify.failure(error) });
  };
  const buttonText = switchCompany.isPending ? t('topBar.switching') : t('topBar.switchCompany');

  if (kind === 'none') return null;
  if (kind === 'menu') {
    return (
      <MenuOnFirstUse
        trigger={
          <MenuButton appearance="subtle" icon={<BuildingMultipleRegular />} aria-label={label} data-switcher="menu" className={props.className}>
            <span className={props.labelClassName}>{buttonText}</span>
          </MenuButton>
        }
      >
        <MenuList>
          {others.map((company) => (
            <MenuItem key={company.company_id} onClick={() => handleSwitch(company.company_id)}>
              {company.company_name}
            </MenuItem>
          ))}
        </MenuList>
      </MenuOnFirstUse>
    );
  }
  return (
    <>
      <Button appearance="subtle" icon={<BuildingMultipleRegular />} aria-label={label} aria-haspopup="dialog" data-switcher="advanced" className={props.className} onClick={() => setDialogOpen(true)}>
        <span className={props.labelClassName}>{buttonText}</span>
      </Button>
      {dialogOpen ? (
        <Suspense fallback={null}>
          <CompanySwitcherDialog
            companies={others}
            pending={switchCompany.isPending}
            onSwitch={handleSwitch}
            onClose={() => setDialogOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
