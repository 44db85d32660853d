/**
 * The Fluent calendar's words in the person's language: month and day names from Intl (so no
 * locale file has to spell them), the buttons' labels from the `share` namespace.
 */
import type { CalendarStrings, DateFormatting } from '@fluentui/react-calendar-compat';
import { DayOfWeek } from '@fluentui/react-calendar-compat';
import type { TFunction } from 'i18next';

function names(language: string, options: Intl.DateTimeFormatOptions, count: number, dateOf: (index: number) => Date): string[] {
  const format = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
  return Array.from({ length: count }, (_, index) => format.format(dateOf(index)));
}

/** Sunday for the Americas' locales, Monday for Europe's (ISO 8601). */
export function firstDayOfWeek(language: string): DayOfWeek {
  return language === 'en-US' || language === 'fr-CA' ? DayOfWeek.Sunday : DayOfWeek.Monday;
}

export function calendarStrings(language: string, t: TFunction): CalendarStrings {
  // 2026-11-29 was a Sunday: the day names start there, as the calendar expects.
  const day = (index: number): Date => new Date(Date.UTC(2026, 10, 29 + index));
  const month = (index: number): Date => new Date(Date.UTC(2026, index, 1));
  return {
    months: names(language, { month: 'long' }, 12, month),
    shortMonths: names(language, { month: 'short' }, 12, month),
    days: names(language, { weekday: 'long' }, 7, day),
    shortDays: names(language, { weekday: 'narrow' }, 7, day),
    goToToday: t('share:calendar.goToToday'),
    prevMonthAriaLabel: t('share:calendar.prevMonth'),
    nextMonthAriaLabel: t('share:calendar.nextMonth'),
    prevYearAriaLabel: t('share:calendar.prevYear'),
    nextYearAriaLabel: t('share:calendar.nextYear'),
    prevYearRangeAriaLabel: t('share:calendar.prevYearRange'),
    nextYearRangeAriaLabel: t('share:calendar.nextYearRange'),
    closeButtonAriaLabel: t('share:calendar.close'),
    monthPickerHeaderAriaLabel: t('share:calendar.changeYear', { value: '{0}' }),
    yearPickerHeaderAriaLabel: t('share:calendar.changeMonth', { value: '{0}' }),
  };
}

/** Dates as the person's language writes them (the day buttons' accessible names use these). */
export function calendarFormatting(language: string): DateFormatting {
  const local = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(language, options);
  return {
    formatDay: (date) => String(date.getDate()),
    formatMonth: (date) => local({ month: 'long' }).format(date),
    formatYear: (date) => String(date.getFullYear()),
    formatMonthDayYear: (date) => local({ year: 'numeric', month: 'long', day: 'numeric' }).format(date),
    formatMonthYear: (date) => local({ year: 'numeric', month: 'long' }).format(date),
  };
}
