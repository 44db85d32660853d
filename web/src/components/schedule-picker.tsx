import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FormEvent, JSX } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Text, Textarea } from '@fluentui/react-components';
import { Calendar, type ICalendar } from '@fluentui/react-calendar-compat';
import { CalendarLtr20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { captionLength, withHashtags } from '@chorus/core/caption-length';
import { compareLocalDates, formatScheduleDate, parseScheduleDate, SHAREABLE_NETWORK_SLUGS, utcToZonedParts, zonedWallTimeToUtc, type LocalDate, type Mention, type ShareableNetworkId } from '@chorus/core';
import { useConfigInfo } from '../lib/auth.tsx';
import { CaptionCounter } from './caption/caption-counter.tsx';
import { ComplianceNotice } from './caption/compliance-notice.tsx';
import { reconcileMentions } from './caption/mentions.ts';
import { useComplianceCheck } from './caption/use-compliance-check.ts';
import { calendarFormatting, calendarStrings, firstDayOfWeek } from './calendar-strings.ts';
import styles from './schedule-picker.module.css';

/** What the picker is for: a new schedule, moving a queued share, or editing one with its caption. */
export type ScheduleMode = 'schedule' | 'reschedule' | 'edit';

/** The queued share whose caption 'edit' changes: what the counter and the compliance check need. */
export interface QueuedCaption {
  content: string;
  mentions: readonly Mention[];
  postId: number;
  networkId: ShareableNetworkId;
  url: string | null;
  hashtags: string;
}

function asJsDate(date: LocalDate): Date {
  return new Date(date.year, date.month - 1, date.day);
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** `HH:mm` of a time input; null when it is not one. */
function parseTime(text: string): { hour: number; minute: number } | null {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  if (match === null) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour < 24 && minute < 60 ? { hour, minute } : null;
}

/**
 * The queue datepicker (spec 2 'Select Date and Time', 5 "Schedule time"): a date typed as
 * YYYY/MM/DD (strict, not before `firstDate`) or picked from a calendar, and a time, both on the
 * wall clock of the person's zone; a time that has passed says so. 'edit' ('Edit queued share')
 * also changes the caption, with the share modal's live counter and compliance marks.
 */
export function SchedulePicker(props: {
  mode: ScheduleMode;
  /** The time shown first (the default schedule time, or the queued share's). */
  initial: Date;
  /** The first date that may be chosen. */
  firstDate: LocalDate;
  zone: string;
  pending: boolean;
  /** The caption, when the mode edits it. */
  caption?: QueuedCaption;
  onSubmit: (at: Date, caption: { content: string; mentions: Mention[] } | undefined) => void;
  onCancel: () => void;
}): JSX.Element {
  const { t, i18n } = useTranslation(['share']);
  const start = utcToZonedParts(props.initial, props.zone);
  const [date, setDate] = useState(formatScheduleDate(start));
  const [time, setTime] = useState(`${twoDigits(start.hour)}:${twoDigits(start.minute)}`);
  // The caption box shows what goes out, the post's hashtags included, as the share modal does.
  const startCaption = props.caption === undefined ? '' : withHashtags(props.caption.content, props.caption.hashtags);
  const [caption, setCaption] = useState(startCaption);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const dateField = useRef<HTMLInputElement>(null);
  const calendarButton = useRef<HTMLButtonElement>(null);
  const calendarRef = useRef<ICalendar>(null);
  const calendarId = useId();
  const editing = props.mode === 'edit' && props.caption !== undefined;
  const queued = props.caption;
  const complianceOn = useConfigInfo()?.feature_toggles.compliance_enabled === true;
  const compliance = useComplianceCheck({ enabled: editing && complianceOn, postId: queued?.postId ?? 0, networkId: queued?.networkId ?? 1, content: caption });
  // A changed caption keeps the mentions still in it, wherever they moved.
  const mentions = reconcileMentions(caption, queued?.mentions ?? []);
  const count = queued === undefined ? null : captionLength(SHAREABLE_NETWORK_SLUGS[queued.networkId], caption, { url: queued.url, hashtagsString: queued.hashtags, mentions });
  const typedDay = parseScheduleDate(date.trim());
  const calendarDay = typedDay !== null && compareLocalDates(typedDay, props.firstDate) >= 0 ? typedDay : props.firstDate;
  // The calendar goes back to its value's month whenever the value changes, so every prop it
  // gets keeps its identity across renders (a new Date each render undid 'Next month').
  const { year: valueYear, month: valueMonth, day: valueDay } = calendarDay;
  const calendarValue = useMemo(() => asJsDate({ year: valueYear, month: valueMonth, day: valueDay }), [valueYear, valueMonth, valueDay]);
  const { year: minYear, month: minMonth, day: minDay } = props.firstDate;
  const calendarMin = useMemo(() => asJsDate({ year: minYear, month: minMonth, day: minDay }), [minYear, minMonth, minDay]);
  const language = i18n.language;
  const strings = useMemo(() => calendarStrings(language, t), [language, t]);
  const formatting = useMemo(() => calendarFormatting(language), [language]);
  const [dateError, setDateError] = useState<string | null>(null);
  const [timeError, setTimeError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const day = parseScheduleDate(date.trim());
    const clock = parseTime(time);
    const badDate = day === null ? t('share:schedule.badDate') : compareLocalDates(day, props.firstDate) < 0 ? t('share:schedule.tooEarly', { date: formatScheduleDate(props.firstDate) }) : null;
    setDateError(badDate);
    setTimeError(clock === null ? t('share:schedule.badTime') : null);
    if (day === null || clock === null || badDate !== null) return;
    const at = zonedWallTimeToUtc(day, clock.hour, clock.minute, props.zone);
    if (at.getTime() <= Date.now()) {
      setTimeError(t('share:schedule.passed'));
      return;
    }
    if (editing && (count?.over === true || !compliance.valid)) return;
    // An untouched caption is not sent again: only the time changed.
    props.onSubmit(at, editing && caption !== startCaption ? { content: caption, mentions } : undefined);
  };

  // The calendar opens in the dialog, under the field, rather than in a popover of its own: a
  // second focus trap inside the dialog's lost focus to it now and then on a busy machine, and
  // the dialog then hid the open calendar from assistive technology. Opening it focuses its day.
  useEffect(() => {
    if (calendarOpen) calendarRef.current?.focus();
  }, [calendarOpen]);

  const pickDay = (picked: Date): void => {
    setDate(formatScheduleDate({ year: picked.getFullYear(), month: picked.getMonth() + 1, day: picked.getDate() }));
    setDateError(null);
    setCalendarOpen(false);
    dateField.current?.focus();
  };

  const closeCalendar = (): void => {
    setCalendarOpen(false);
    calendarButton.current?.focus();
  };

  const title = props.mode === 'schedule' ? t('share:schedule.title') : props.mode === 'reschedule' ? t('share:schedule.modifyTitle') : t('share:schedule.editTitle');
  const submit = props.mode === 'schedule' ? t('share:schedule.schedulePost') : props.mode === 'reschedule' ? t('share:schedule.reschedulePost') : t('share:schedule.saveChanges');

  return (
    <Dialog open onOpenChange={(_, data) => (data.open ? undefined : props.onCancel())}>
      <DialogSurface className={styles.surface}>
        <form onSubmit={handleSubmit} noValidate>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.fields}>
              <Field label={t('share:schedule.date')} validationState={dateError === null ? 'none' : 'error'} validationMessage={dateError ?? undefined}>
                <Input
                  ref={dateField}
                  value={date}
                  inputMode="numeric"
                  placeholder="YYYY/MM/DD"
                  autoComplete="off"
                  onChange={(_, data) => setDate(data.value)}
                  contentAfter={
                    <Button
                      ref={calendarButton}
                      appearance="transparent"
                      size="small"
                      icon={<CalendarLtr20Regular />}
                      aria-label={t('share:schedule.openCalendar')}
                      aria-expanded={calendarOpen}
                      aria-controls={calendarOpen ? calendarId : undefined}
                      onClick={() => setCalendarOpen((open) => !open)}
                    />
                  }
                />
              </Field>
              {calendarOpen ? (
                <div id={calendarId} role="group" aria-label={t('share:schedule.calendar')} className={styles.calendar}>
                  <Calendar
                    componentRef={calendarRef}
                    value={calendarValue}
                    minDate={calendarMin}
                    onSelectDate={pickDay}
                    onDismiss={closeCalendar}
                    firstDayOfWeek={firstDayOfWeek(language)}
                    strings={strings}
                    dateTimeFormatter={formatting}
                    showGoToToday={false}
                    isMonthPickerVisible={false}
                  />
                </div>
              ) : null}
              <Field label={t('share:schedule.time')} validationState={timeError === null ? 'none' : 'error'} validationMessage={timeError ?? undefined}>
                <Input type="time" value={time} onChange={(_, data) => setTime(data.value)} />
              </Field>
              <Text size={200}>{t('share:schedule.zone', { zone: props.zone })}</Text>
              {editing && count !== null && queued !== undefined ? (
                <>
                  <Field label={t('share:schedule.caption')} validationState={count.over ? 'error' : 'none'} validationMessage={count.over ? t('share:modal.overLimit') : undefined}>
                    <Textarea value={caption} resize="vertical" rows={4} onChange={(_, data) => setCaption(data.value)} />
                  </Field>
                  <ComplianceNotice content={caption} result={compliance.result} />
                  <CaptionCounter network={SHAREABLE_NETWORK_SLUGS[queued.networkId]} length={count.length} max={count.max} over={count.over} />
                </>
              ) : null}
            </DialogContent>
            <DialogActions fluid className={styles.actions}>
              <Button onClick={props.onCancel}>{t('share:schedule.cancel')}</Button>
              <Button appearance="primary" type="submit" disabled={props.pending || (editing && (count?.over === true || !compliance.valid))}>
                {submit}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
