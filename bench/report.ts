/** Plain-text tables and number formats for the benchmark's output. */

/** A column: its heading and whether numbers align right. */
export interface Column {
  title: string;
  right?: boolean;
}

/** Renders rows under the columns, padded to the widest cell. */
export function table(columns: readonly Column[], rows: readonly (readonly string[])[]): string {
  const widths = columns.map((column, i) => Math.max(column.title.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (columns[i]?.right === true ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(columns.map((c) => c.title)), rule, ...rows.map(line)].join('\n');
}

/** Bytes as KB (1024) with one decimal. */
export function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

/** A number with a fixed count of decimals. */
export function fixed(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '-';
}

/** PASS or FAIL. */
export function verdict(pass: boolean): string {
  return pass ? 'PASS' : 'FAIL';
}
