import { useId, useState } from 'react';
import type { FormEvent, JSX } from 'react';
import { Button, Card, Field, Input, MessageBar, MessageBarBody, Select, Spinner, Text, Title2 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { RouterButtonLink } from '../../../components/router-link.tsx';
import { errorText } from '../../../lib/notify.tsx';
import { AUDIT_FAMILIES } from '../actions.ts';
import { useAuditLog } from '../api/audit-log.ts';
import { NO_FILTERS, auditQueryOf, datesReversed, isFiltered, type AuditFilters } from '../filters.ts';
import { AuditEntryItem } from './audit-entry.tsx';
import styles from './audit-log.module.css';

const ALL = 'all';

/** The filters: the family and the days apply at once, the text when searched for. */
function Filters(props: { filters: AuditFilters; onChange: (filters: AuditFilters) => void }): JSX.Element {
  const { t } = useTranslation(['screens']);
  const [text, setText] = useState(props.filters.text);
  const reversed = datesReversed(props.filters);
  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    props.onChange({ ...props.filters, text });
  };
  const handleClear = (): void => {
    setText('');
    props.onChange(NO_FILTERS);
  };
  return (
    <Card className={styles.card}>
      <form role="search" aria-label={t('screens:adminAudit.filters')} className={styles.filters} onSubmit={handleSubmit} noValidate>
        <Field label={t('screens:adminAudit.actionFilter')} className={styles.filter}>
          <Select
            value={props.filters.family ?? ALL}
            onChange={(_, data) => props.onChange({ ...props.filters, family: AUDIT_FAMILIES.find((family) => family === data.value) ?? null })}
          >
            <option value={ALL}>{t('screens:adminAudit.family.all')}</option>
            {AUDIT_FAMILIES.map((family) => (
              <option key={family} value={family}>
                {t(`screens:adminAudit.family.${family}`)}
              </option>
            ))}
          </Select>
        </Field>
        <div className={styles.search}>
          <Field label={t('screens:adminAudit.search')} hint={t('screens:adminAudit.searchHint')} className={styles.filter}>
            <Input type="search" value={text} maxLength={200} onChange={(_, data) => setText(data.value)} />
          </Field>
          <Button type="submit">{t('screens:adminAudit.searchButton')}</Button>
        </div>
        <Field label={t('screens:adminAudit.from')} className={styles.filter}>
          <Input type="date" value={props.filters.from} max={props.filters.to || undefined} onChange={(_, data) => props.onChange({ ...props.filters, from: data.value })} />
        </Field>
        <Field
          label={t('screens:adminAudit.to')}
          className={styles.filter}
          validationState={reversed ? 'error' : 'none'}
          validationMessage={reversed ? t('screens:adminAudit.datesReversed') : undefined}
        >
          <Input type="date" value={props.filters.to} min={props.filters.from || undefined} onChange={(_, data) => props.onChange({ ...props.filters, to: data.value })} />
        </Field>
        {isFiltered(props.filters) || text !== '' ? (
          <div className={styles.clear}>
            <Button appearance="subtle" onClick={handleClear}>
              {t('screens:adminAudit.clear')}
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}

/**
 * The audit log of the admin console (`/admin/audit`, managers and admins): every change made
 * in the company, newest first, filtered by kind, text and days, a page at a time, each entry
 * with the change it made behind "Show changes".
 */
export function AuditLog(): JSX.Element {
  const { t } = useTranslation(['screens']);
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const log = useAuditLog(auditQueryOf(filters, page));
  const listId = useId();
  const pages = Math.max(1, log.data?.total_pages ?? 1);
  const entries = log.data?.objects ?? [];

  const refilter = (next: AuditFilters): void => {
    setFilters(next);
    setPage(1);
  };

  return (
    <div className={styles.page}>
      <Title2 as="h1">{t('screens:adminAudit.title')}</Title2>
      <Text as="p">{t('screens:adminAudit.intro')}</Text>
      <Filters filters={filters} onChange={refilter} />
      {log.isError ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{errorText(t, log.error)}</MessageBarBody>
        </MessageBar>
      ) : null}
      {log.isPending ? (
        <Spinner label={t('screens:adminAudit.loading')} />
      ) : log.data !== undefined ? (
        <section className={styles.results} aria-labelledby={listId} aria-busy={log.isFetching}>
          <Text as="h2" id={listId} size={400} weight="semibold" aria-live="polite">
            {t('screens:adminAudit.results', { count: log.data.num_results })}
          </Text>
          {entries.length === 0 ? (
            <Text as="p" italic>
              {isFiltered(filters) ? t('screens:adminAudit.emptyFiltered') : t('screens:adminAudit.emptyLog')}
            </Text>
          ) : (
            <>
              <div className={styles.columns} aria-hidden="true">
                <span>{t('screens:adminAudit.column.when')}</span>
                <span>{t('screens:adminAudit.column.who')}</span>
                <span>{t('screens:adminAudit.column.what')}</span>
                <span>{t('screens:adminAudit.column.target')}</span>
              </div>
              <ul className={styles.entries} aria-labelledby={listId}>
                {entries.map((entry) => (
                  <AuditEntryItem key={entry.id} entry={entry} />
                ))}
              </ul>
            </>
          )}
          {pages > 1 ? (
            <nav className={styles.pager} aria-label={t('screens:adminAudit.pages')}>
              <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('screens:adminAudit.previous')}
              </Button>
              <Text>{t('screens:adminAudit.page', { page, pages })}</Text>
              <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('screens:adminAudit.next')}
              </Button>
            </nav>
          ) : null}
        </section>
      ) : null}
      <div>
        <RouterButtonLink to="/admin">{t('screens:adminAudit.back')}</RouterButtonLink>
      </div>
    </div>
  );
}
