import { QUEUE_AMPM, QUEUE_HOURS_MAX, QUEUE_MINUTES } from '../domain/constants.ts';
import type { QueueTime } from '../contract/user.ts';
import { VALID, invalid, type ValidationResult } from './result.ts';

/** A source of numbers in [0, 1), like Math.random; injected so tests are deterministic. */
export type RandomSource = () => number;

function pick<T>(values: readonly T[], random: RandomSource): T {
  // Clamped because a custom source may return exactly 1 or stray outside [0, 1).
  const index = Math.min(values.length - 1, Math.max(0, Math.floor(random() * values.length)));
  const value = values[index];
  if (value === undefined) throw new RangeError('pick needs at least one value');
  return value;
}

const HOURS: readonly number[] = Array.from({ length: QUEUE_HOURS_MAX + 1 }, (_, hour) => hour);

/**
 * A new queue time as the settings screen adds it: minute 1, 15, 30 or 45, hour 0 to 11 and
 * ampm 0 or 12, each drawn from the random source (minute, then hour, then ampm).
 */
export function randomQueueTime(random: RandomSource = Math.random): QueueTime {
  const minute = pick(QUEUE_MINUTES, random);
  const hour = pick(HOURS, random);
  const ampm = pick(QUEUE_AMPM, random);
  return { hour, minute, ampm };
}

/** The queue time on a 24-hour clock (hour 0 to 23): the stored hour plus ampm. */
export function queueTimeTo24h(time: QueueTime): { hour: number; minute: number } {
  return { hour: time.hour + time.ampm, minute: time.minute };
}

/** The queue time for a 24-hour clock time, so that queueTimeTo24h gives it back. */
export function queueTimeFrom24h(hour: number, minute: number): QueueTime {
  return { hour: hour % 12, minute, ampm: hour >= 12 ? 12 : 0 };
}

/** The hour as the selector shows it, "01" to "12": stored hour 0 is 12 o'clock. */
export function queueTimeDisplayHour(time: QueueTime): string {
  return String(time.hour === 0 ? 12 : time.hour).padStart(2, '0');
}

/** The stored hour (0 to 11) of a selector hour (1 to 12). */
export function queueHourFromDisplay(displayHour: number): number {
  return displayHour % 12;
}

/** A queue time the selectors can show: hour 0 to 11, minute 1, 15, 30 or 45, ampm 0 or 12. */
export function validateQueueTime(time: QueueTime): ValidationResult {
  const valid =
    Number.isInteger(time.hour) &&
    time.hour >= 0 &&
    time.hour <= QUEUE_HOURS_MAX &&
    (QUEUE_MINUTES as readonly number[]).includes(time.minute) &&
    (QUEUE_AMPM as readonly number[]).includes(time.ampm);
  return valid ? VALID : invalid('queueTime.invalid');
}
