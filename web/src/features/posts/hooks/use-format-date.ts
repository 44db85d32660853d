import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../../lib/date-format.ts';

/** Formats post dates in the interface language, e.g. "Mar 4, 2026" or "4 mars 2026". */
export function useFormatDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const format = dateTimeFormat(language, { dateStyle: 'medium' });
    return (iso) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? '' : format.format(date);
    };
  }, [language]);
}
