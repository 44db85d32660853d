import { TIMELINE_DESCRIPTION_CHARS, TIMELINE_DESCRIPTION_MOBILE_CHARS } from '@chorus/core';

/**
 * A timeline item's description (spec 2 "Timeline"): the caption cut at 35 characters on phones
 * and 55 otherwise, with an ellipsis; null for an empty caption ('[No caption provided]').
 */
export function timelineDescription(content: string, mobile: boolean): string | null {
  const text = content.trim();
  if (text === '') return null;
  const limit = mobile ? TIMELINE_DESCRIPTION_MOBILE_CHARS : TIMELINE_DESCRIPTION_CHARS;
  const characters = Array.from(text);
  return characters.length <= limit ? text : `${characters.slice(0, limit).join('').trimEnd()}…`;
}
