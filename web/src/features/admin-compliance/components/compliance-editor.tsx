import { useId, useMemo, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent, JSX } from 'react';
import { Button, Card, Field, Input, MessageBar, MessageBarBody, Switch, Text, Textarea, Title2 } from '@fluentui/react-components';
import { ArrowUpload20Regular, Dismiss16Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { COMPLIANCE_TERM_MAX, COMPLIANCE_THRESHOLD_MAX, compileTerms, type ComplianceSettings, type ComplianceValidateResponse } from '@chorus/core';
import { ComplianceNotice } from '../../../components/caption/compliance-notice.tsx';
import { AdminRefused } from '../../../components/admin-refused.tsx';
import { errorText, useNotify } from '../../../lib/notify.tsx';
import { useSaveComplianceSettings } from '../api/compliance-settings.ts';
import { mergeTerms, parseThreshold, termProblem, termsFromFile } from '../terms.ts';
import styles from './compliance-editor.module.css';

type ListKind = 'prohibited' | 'limited';

interface Draft {
  enabled: boolean;
  prohibited: string[];
  limited: string[];
  threshold: string;
}

function draftOf(settings: ComplianceSettings): Draft {
  return { enabled: settings.enabled, prohibited: [...settings.prohibited], limited: [...settings.limited], threshold: String(settings.threshold) };
}

function sameDraft(a: Draft, b: Draft): boolean {
  return a.enabled === b.enabled && a.threshold.trim() === b.threshold.trim() && a.prohibited.join('\n') === b.prohibited.join('\n') && a.limited.join('\n') === b.limited.join('\n');
}

/** One list: its terms with a remove button each, a field to add one, and an import of a text file. */
function TermList(props: { kind: ListKind; terms: readonly string[]; onChange: (terms: string[]) => void }): JSX.Element {
  const { t } = useTranslation(['screens']);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [imported, setImported] = useState<{ intent: 'success' | 'error'; text: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const key = `screens:adminCompliance.${props.kind}`;

  const add = (): void => {
    const found = termProblem(props.terms, typed);
    if (found !== null) {
      setProblem(t(`screens:adminCompliance.termProblem.${found}`, { max: COMPLIANCE_TERM_MAX }));
      return;
    }
    props.onChange([...props.terms, typed.trim()]);
    setTyped('');
    setProblem(null);
  };

  const handleFile = async (event: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    const read = termsFromFile(new Uint8Array(await file.arrayBuffer()));
    if (!read.ok) {
      const text = read.problem === 'tooLong' ? t('screens:adminCompliance.import.tooLong', { line: read.line, max: COMPLIANCE_TERM_MAX }) : t(`screens:adminCompliance.import.${read.problem}`);
      setImported({ intent: 'error', text });
      return;
    }
    const merged = mergeTerms(props.terms, read.terms);
    props.onChange(merged.list);
    setImported({ intent: 'success', text: t('screens:adminCompliance.import.done', { count: merged.added, repeated: merged.repeated, file: file.name }) });
  };

  return (
    <section className={styles.list} aria-labelledby={headingId}>
      <Text as="h2" id={headingId} size={500} weight="semibold">
        {t(`${key}.title`)} ({props.terms.length})
      </Text>
      <Text as="p">{t(`${key}.description`)}</Text>
      {props.terms.length === 0 ? (
        <Text as="p" italic>
          {t('screens:adminCompliance.empty')}
        </Text>
      ) : (
        <ul className={styles.terms} aria-label={t(`${key}.title`)}>
          {props.terms.map((term) => (
            <li key={term} className={styles.term}>
              <span className={styles.termText}>{term}</span>
              <Button
                appearance="subtle"
                size="small"
                icon={<Dismiss16Regular />}
                aria-label={t('screens:adminCompliance.remove', { term })}
                onClick={() => props.onChange(props.terms.filter((existing) => existing !== term))}
              />
            </li>
          ))}
        </ul>
      )}
      <div className={styles.addRow}>
        <Field label={t(`${key}.add`)} validationState={problem === null ? 'none' : 'error'} validationMessage={problem ?? undefined} className={styles.addField}>
          <Input
            value={typed}
            onChange={(_, data) => {
              setTyped(data.value);
              setProblem(null);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              add();
            }}
          />
        </Field>
        <Button onClick={add}>{t('screens:adminCompliance.addButton')}</Button>
      </div>
      <div>
        <Button icon={<ArrowUpload20Regular />} onClick={() => fileInput.current?.click()}>
          {t(`${key}.import`)}
        </Button>
        <input ref={fileInput} type="file" accept=".txt,text/plain" hidden aria-label={t(`${key}.import`)} onChange={(event) => void handleFile(event)} />
        <Text as="p" size={200}>
          {t('screens:adminCompliance.import.hint')}
        </Text>
      </div>
      {imported ? (
        <MessageBar intent={imported.intent} role={imported.intent === 'error' ? 'alert' : 'status'}>
          <MessageBarBody>{imported.text}</MessageBarBody>
        </MessageBar>
      ) : null}
    </section>
  );
}

/** The try-it box: the real matcher (core's) on a sample caption, with the lists as they stand in the form, saved or not. */
function TryIt(props: { draft: Draft }): JSX.Element {
  const { t } = useTranslation(['screens']);
  const [sample, setSample] = useState('');
  const matcher = useMemo(() => compileTerms({ prohibited: props.draft.prohibited, limited: props.draft.limited }), [props.draft.prohibited, props.draft.limited]);
  const threshold = parseThreshold(props.draft.threshold);
  const result = useMemo<ComplianceValidateResponse | null>(() => {
    if (sample.trim() === '' || threshold === null) return null;
    const check = matcher.check(sample, threshold);
    return { type_id: check.type_id, content_metadata: { content_limited_set: check.content_limited_set, content_prohibited_set: check.content_prohibited_set }, session_index: 0, matches: check.matches };
  }, [matcher, sample, threshold]);
  const headingId = useId();
  return (
    <Card className={styles.card} aria-labelledby={headingId}>
      <Text as="h2" id={headingId} size={500} weight="semibold">
        {t('screens:adminCompliance.tryIt.title')}
      </Text>
      <Field label={t('screens:adminCompliance.tryIt.sample')} hint={t('screens:adminCompliance.tryIt.hint')}>
        <Textarea value={sample} resize="vertical" onChange={(_, data) => setSample(data.value)} />
      </Field>
      <div aria-live="polite">
        {result !== null && result.type_id === null ? <Text as="p">{t('screens:adminCompliance.tryIt.clean')}</Text> : null}
        <ComplianceNotice content={sample} result={result} />
      </div>
    </Card>
  );
}

/**
 * The compliance section of the admin console (`/admin/compliance`, ADMIN): the toggle, the
 * prohibited and limited lists (add, remove, import a text file), the threshold, and a try-it
 * box. Nothing is saved until Save changes; a refused save keeps the form as it was typed.
 */
export function ComplianceEditor(props: { saved: ComplianceSettings }): JSX.Element {
  const { t } = useTranslation(['screens']);
  const notify = useNotify();
  const save = useSaveComplianceSettings();
  const [base, setBase] = useState(() => draftOf(props.saved));
  const [draft, setDraft] = useState(base);
  const [saveError, setSaveError] = useState<string | null>(null);
  const threshold = parseThreshold(draft.threshold);
  const changed = !sameDraft(base, draft);

  const update = (change: Partial<Draft>): void => {
    setDraft((current) => ({ ...current, ...change }));
    setSaveError(null);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (threshold === null) return;
    save.mutate(
      { enabled: draft.enabled, prohibited: draft.prohibited, limited: draft.limited, threshold },
      {
        onSuccess: (saved) => {
          const next = draftOf(saved);
          setBase(next);
          setDraft(next);
          notify.success(t('screens:adminCompliance.saved'));
        },
        onError: (error) => setSaveError(errorText(t, error)),
      },
    );
  };

  return (
    <form className={styles.page} onSubmit={handleSubmit} noValidate>
      <Title2 as="h1">{t('screens:adminCompliance.title')}</Title2>
      <Text as="p">{t('screens:adminCompliance.intro')}</Text>
      <Card className={styles.card}>
        <Switch checked={draft.enabled} label={t('screens:adminCompliance.enabled')} onChange={(_, data) => update({ enabled: data.checked })} />
        <TermList kind="prohibited" terms={draft.prohibited} onChange={(prohibited) => update({ prohibited })} />
        <TermList kind="limited" terms={draft.limited} onChange={(limited) => update({ limited })} />
        <Field
          label={t('screens:adminCompliance.threshold')}
          hint={t('screens:adminCompliance.thresholdHint', { max: COMPLIANCE_THRESHOLD_MAX })}
          validationState={threshold === null ? 'error' : 'none'}
          validationMessage={threshold === null ? t('screens:adminCompliance.thresholdInvalid', { max: COMPLIANCE_THRESHOLD_MAX }) : undefined}
          className={styles.threshold}
        >
          <Input type="number" inputMode="numeric" min={0} max={COMPLIANCE_THRESHOLD_MAX} step={1} value={draft.threshold} onChange={(_, data) => update({ threshold: data.value })} />
        </Field>
      </Card>
      <TryIt draft={draft} />
      {saveError !== null ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{saveError}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.actions}>
        {changed ? <Text>{t('screens:adminCompliance.unsaved')}</Text> : null}
        <Button onClick={() => update(base)} disabled={!changed || save.isPending}>
          {t('screens:adminCompliance.discard')}
        </Button>
        <Button appearance="primary" type="submit" disabled={!changed || threshold === null || save.isPending}>
          {t('screens:adminCompliance.save')}
        </Button>
      </div>
    </form>
  );
}

/** What a person who may not edit the lists, or whose lists could not be read, sees instead. */
export function ComplianceRefused(props: { message: string }): JSX.Element {
  const { t } = useTranslation(['screens']);
  return <AdminRefused title={t('screens:adminCompliance.title')} message={props.message} />;
}
