import {
  TOPICS_DROPDOWN_COLUMN_EXTRA_PX,
  TOPICS_DROPDOWN_COLUMN_PX,
  TOPICS_DROPDOWN_FIXED_HEIGHT_PX,
  TOPICS_PER_DROPDOWN_COLUMN,
} from '@chorus/core';

/** Size of the topics dropdown for a number of topics (spec 2, Other widgets). */
export interface DropdownLayout {
  columns: number;
  rows: number;
  widthPx: number;
  /** Fixed at 10 or more topics; otherwise the content decides. */
  heightPx: number | null;
}

/** 10 topics per column, 200 px per column plus 30, 340 px high from 10 topics on. */
export function dropdownLayout(topicCount: number): DropdownLayout {
  const columns = Math.max(1, Math.ceil(topicCount / TOPICS_PER_DROPDOWN_COLUMN));
  return {
    columns,
    rows: Math.max(1, Math.min(topicCount, TOPICS_PER_DROPDOWN_COLUMN)),
    widthPx: columns * TOPICS_DROPDOWN_COLUMN_PX + TOPICS_DROPDOWN_COLUMN_EXTRA_PX,
    heightPx: topicCount >= TOPICS_PER_DROPDOWN_COLUMN ? TOPICS_DROPDOWN_FIXED_HEIGHT_PX : null,
  };
}
