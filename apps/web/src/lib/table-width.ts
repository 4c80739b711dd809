/**
 * The width a table with fixed columns scrolls to (its `scroll.x`): the sum of its columns'
 * widths, so a fixed-right column never covers the last scrolled one. A column without a numeric
 * width counts `flexible` pixels (the room it needs at least).
 */
export function columnsWidth(columns: readonly { width?: number | string }[], flexible = 0): number {
  return columns.reduce(
    (sum, column) => sum + (typeof column.width === 'number' ? column.width : flexible),
    0,
  );
}
