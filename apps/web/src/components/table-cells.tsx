import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { formatTime } from '../lib/format';
import './table-cells.css';

/*
 * Cells that let a list's columns fit a 1440 px screen without a sideways scroll: a time that
 * wraps between its date and its time of day, and a long text cut with an ellipsis whose whole
 * text shows in a tooltip.
 */

/** A server time as "YYYY-MM-DD HH:mm:ss", wrapping (only) between the date and the time of day. */
export function TimeCell({ value }: { value: string | null | undefined }) {
  const text = formatTime(value);
  const space = text.indexOf(' ');
  if (space < 0) return <span className="time-cell">{text}</span>;
  return (
    <span className="time-cell">
      <span>{text.slice(0, space)}</span> <span>{text.slice(space + 1)}</span>
    </span>
  );
}

/**
 * The render of a column with `ellipsis: { showTitle: false }`: the text, cut to the column's
 * width by the table, whole in a tooltip; a dash when empty.
 */
export function ellipsisCell(text: string | null | undefined): ReactNode {
  if (!text) return '—';
  return (
    <Tooltip placement="topLeft" title={text}>
      <span className="ellipsis-cell">{text}</span>
    </Tooltip>
  );
}
