import { useState } from 'react';
import type { JSX } from 'react';
import { Accordion, AccordionHeader, AccordionItem, AccordionPanel, Text } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@chorus/core';
import { dateTimeFormat } from '../../../lib/date-format.ts';
import { actionKey, fieldKey } from '../actions.ts';
import { changeRows, valueText, type ChangeRow } from '../changes.ts';
import styles from './audit-log.module.css';

/** Who did it, in words: a person's name, a deleted person, the operator, or the system. */
function actorText(t: TFunction, actor: AuditEntry['actor']): string {
  if (actor.kind === 'user') return actor.name ?? t('screens:adminAudit.actor.deleted');
  if (actor.kind === 'cli') return t('screens:adminAudit.actor.cli', { login: actor.name ?? '' });
  return actor.name ?? t('screens:adminAudit.actor.system');
}

/** The before → after table of an entry's data. */
function ChangesTable(props: { rows: readonly ChangeRow[] }): JSX.Element {
  const { t } = useTranslation(['screens']);
  const show = (value: unknown): string =>
    typeof value === 'boolean' ? t(value ? 'screens:adminAudit.yes' : 'screens:adminAudit.no') : (valueText(value) ?? t('screens:adminAudit.empty'));
  const label = (field: string | null): string => {
    if (field === null) return t('screens:adminAudit.changes.value');
    const [head = field, ...rest] = field.split('.');
    const key = fieldKey(head);
    return [key === null ? head : t(key), ...rest].join(' › ');
  };
  return (
    <table className={styles.changes}>
      <thead>
        <tr>
          <th scope="col">{t('screens:adminAudit.changes.field')}</th>
          <th scope="col">{t('screens:adminAudit.changes.before')}</th>
          <th scope="col">{t('screens:adminAudit.changes.after')}</th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row, index) => (
          <tr key={`${row.field ?? ''}-${index}`}>
            <th scope="row">{label(row.field)}</th>
            {row.kind === 'change' ? (
              <>
                <td>{show(row.before)}</td>
                <td>{show(row.after)}</td>
              </>
            ) : row.kind === 'list' ? (
              <>
                <td>{row.removed.length === 0 ? t('screens:adminAudit.empty') : t('screens:adminAudit.changes.removed', { items: show(row.removed) })}</td>
                <td>{row.added.length === 0 ? t('screens:adminAudit.empty') : t('screens:adminAudit.changes.added', { items: show(row.added) })}</td>
              </>
            ) : (
              <td colSpan={2}>{show(row.value)}</td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * One entry of the log: when, who, what and about what (labelled for screen readers and, on a
 * phone, on screen), and a disclosure of the change it recorded.
 */
export function AuditEntryItem(props: { entry: AuditEntry }): JSX.Element {
  const { t, i18n } = useTranslation(['screens']);
  const { entry } = props;
  const [open, setOpen] = useState(false);
  const key = actionKey(entry.action);
  const rows = changeRows(entry.data);
  const title = typeof entry.data.title === 'string' && entry.data.title !== '' ? entry.data.title : null;
  const target =
    entry.target === null ? (title ?? t('screens:adminAudit.empty')) : title === null ? entry.target : t('screens:adminAudit.targetTitled', { title, target: entry.target });
  const when = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(entry.created));
  return (
    <li className={styles.entry}>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt className={styles.label}>{t('screens:adminAudit.column.when')}</dt>
          <dd>
            <time dateTime={entry.created}>{when}</time>
          </dd>
        </div>
        <div className={styles.fact}>
          <dt className={styles.label}>{t('screens:adminAudit.column.who')}</dt>
          <dd>{actorText(t, entry.actor)}</dd>
        </div>
        <div className={styles.fact}>
          <dt className={styles.label}>{t('screens:adminAudit.column.what')}</dt>
          <dd>
            <Text weight="semibold">{key === null ? entry.action : t(key)}</Text>
          </dd>
        </div>
        <div className={styles.fact}>
          <dt className={styles.label}>{t('screens:adminAudit.column.target')}</dt>
          <dd className={styles.target}>{target}</dd>
        </div>
      </dl>
      {rows.length > 0 ? (
        <Accordion collapsible openItems={open ? ['changes'] : []} onToggle={(_, data) => setOpen(data.openItems.includes('changes'))}>
          <AccordionItem value="changes">
            <AccordionHeader size="small">
              {t(open ? 'screens:adminAudit.hideChanges' : 'screens:adminAudit.showChanges')}
            </AccordionHeader>
            <AccordionPanel>
              <ChangesTable rows={rows} />
            </AccordionPanel>
          </AccordionItem>
        </Accordion>
      ) : null}
    </li>
  );
}
