import { useState } from 'react';
import type { FormEvent, JSX } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Text, Textarea } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { compareLocalDates, formatScheduleDate, parseScheduleDate, utcToZonedParts, zonedWallTimeToUtc, type LocalDate } from '@chorus/core';
import styles from './schedule-picker.module.css';

/** What the picker is for: a new schedule, moving a queued share, or editing one with its caption. */
export type ScheduleMode = 'schedule' | 'reschedule' | 'edit';

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
 * YYYY/MM/DD (strict, not before `firstDate`) and a time, both on the wall clock of the person's
 * zone; a time that has passed says so. 'edit' also changes the caption ('Save Changes').
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
  caption?: string;
  onSubmit: (at: Date, caption: string | undefined) => void;
  onCancel: () => void;
}): JSX.Element {
  const { t } = useTranslation(['share']);
  const start = utcToZonedParts(props.initial, props.zone);
  const [date, setDate] = useState(formatScheduleDate(start));
  const [time, setTime] = useState(`${twoDigits(start.hour)}:${twoDigits(start.minute)}`);
  const [caption, setCaption] = useState(props.caption ?? '');
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
    props.onSubmit(at, props.mode === 'edit' ? caption : undefined);
  };

  const title = props.mode === 'schedule' ? t('share:schedule.title') : t('share:schedule.modifyTitle');
  const submit = props.mode === 'schedule' ? t('share:schedule.schedulePost') : props.mode === 'reschedule' ? t('share:schedule.reschedulePost') : t('share:schedule.saveChanges');

  return (
    <Dialog open onOpenChange={(_, data) => (data.open ? undefined : props.onCancel())}>
      <DialogSurface className={styles.surface}>
        <form onSubmit={handleSubmit} noValidate>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.fields}>
              <Field label={t('share:schedule.date')} validationState={dateError === null ? 'none' : 'error'} validationMessage={dateError ?? undefined}>
                <Input value={date} inputMode="numeric" placeholder="YYYY/MM/DD" autoComplete="off" onChange={(_, data) => setDate(data.value)} />
              </Field>
              <Field label={t('share:schedule.time')} validationState={timeError === null ? 'none' : 'error'} validationMessage={timeError ?? undefined}>
                <Input type="time" value={time} onChange={(_, data) => setTime(data.value)} />
              </Field>
              <Text size={200}>{t('share:schedule.zone', { zone: props.zone })}</Text>
              {props.mode === 'edit' ? (
                <Field label={t('share:schedule.caption')}>
                  <Textarea value={caption} resize="vertical" rows={4} onChange={(_, data) => setCaption(data.value)} />
                </Field>
              ) : null}
            </DialogContent>
            <DialogActions fluid className={styles.actions}>
              <Button onClick={props.onCancel}>{t('share:schedule.cancel')}</Button>
              <Button appearance="primary" type="submit" disabled={props.pending}>
                {submit}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
