import { useState } from 'react';
import type { FormEvent, JSX } from 'react';
import {
  Button,
  Combobox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Option,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { UserCompany } from '@chorus/core';
import { filterCompanies } from '../utils/switcher.ts';
import styles from './top-bar.module.css';

interface CompanySwitcherDialogProps {
  companies: readonly UserCompany[];
  pending: boolean;
  onSwitch: (companyId: number) => void;
  onClose: () => void;
}

/** The advanced switcher: search the user's companies by name, pick one and switch. */
export function CompanySwitcherDialog(props: CompanySwitcherDialogProps): JSX.Element {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const matches = filterCompanies(props.companies, query);
  const handleSubmit = (event: FormEvent): void => {
    event.preventDefault();
    if (selected !== null) props.onSwitch(selected);
  };
  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => (data.open ? undefined : props.onClose())}>
      <DialogSurface>
        <form onSubmit={handleSubmit}>
          <DialogBody>
            <DialogTitle>{t('topBar.chooseCompany')}</DialogTitle>
            <DialogContent className={styles.dialogList}>
              <Field label={t('topBar.searchCompanies')}>
                <Combobox
                  freeform
                  expandIcon={{ 'aria-label': t('fluent.openList') }}
                  value={query}
                  selectedOptions={selected === null ? [] : [String(selected)]}
                  onChange={(event) => {
                    setQuery(event.target.value);
                    setSelected(null);
                  }}
                  onOptionSelect={(_, data) => {
                    setSelected(data.optionValue ? Number(data.optionValue) : null);
                    setQuery(data.optionText ?? '');
                  }}
                >
                  {matches.map((company) => (
                    <Option key={company.company_id} value={String(company.company_id)} text={company.company_name}>
                      {company.company_name}
                    </Option>
                  ))}
                  {matches.length === 0 ? (
                    <Option key="none" value="" text="" disabled>
                      {t('topBar.noCompanies')}
                    </Option>
                  ) : null}
                </Combobox>
              </Field>
            </DialogContent>
            <DialogActions>
              <Button type="submit" appearance="primary" disabledFocusable={selected === null || props.pending}>
                {props.pending ? t('topBar.switching') : t('topBar.switch')}
              </Button>
              <Button onClick={props.onClose}>{t('topBar.cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
