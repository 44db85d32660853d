/**
 * Edits of one network's queue settings, as the queue-settings section makes them. Each
 * returns new settings (the section is controlled by the settings form).
 */
import { randomQueueTime, type NetworkQueueSettings, type QueueTime, type RandomSource, type Weekday } from '@chorus/core';

/** Adds a random queue time (minute 1, 15, 30 or 45; hour 0-11; ampm 0 or 12). */
export function addQueueTime(settings: NetworkQueueSettings, random?: RandomSource): NetworkQueueSettings {
  return { ...settings, post_queue_time: [...settings.post_queue_time, randomQueueTime(random)] };
}

/** Removes a queue time; removing the last one turns the auto queue off. */
export function removeQueueTime(settings: NetworkQueueSettings, index: number): NetworkQueueSettings {
  const times = settings.post_queue_time.filter((_, i) => i !== index);
  return { ...settings, post_queue_time: times, auto_queue_enabled: times.length === 0 ? false : settings.auto_queue_enabled };
}

/** Changes part of one queue time. */
export function updateQueueTime(settings: NetworkQueueSettings, index: number, change: Partial<QueueTime>): NetworkQueueSettings {
  return { ...settings, post_queue_time: settings.post_queue_time.map((time, i) => (i === index ? { ...time, ...change } : time)) };
}

/** Turns one weekday on or off. */
export function setQueueWeekday(settings: NetworkQueueSettings, day: Weekday, on: boolean): NetworkQueueSettings {
  return { ...settings, post_queue_weekday: { ...settings.post_queue_weekday, [day]: on } };
}
