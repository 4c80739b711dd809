import type { ReactNode } from 'react';
import { cx } from '../../../lib/cx';

export interface MiniColumn<T> {
  key: string;
  title: string;
  /** A fixed width in px; the others share the rest. */
  width?: number;
  align?: 'left' | 'right';
  /** Cut to the column's width, the whole text in the cell's title. */
  ellipsis?: boolean;
  render: (row: T) => ReactNode;
}

/**
 * The few rows of a workbench card as a plain table in antd's small-table look (theme tokens):
 * no antd Table, whose rows every list screen's tests and scripts look for, in a view that stays
 * mounted behind the other tabs.
 */
export function MiniTable<T>({
  columns,
  rows,
  rowKey,
  empty = '暂无数据',
  busy = false,
}: {
  columns: readonly MiniColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  empty?: string;
  /** New rows are on their way (the old ones stay, dimmed). */
  busy?: boolean;
}) {
  return (
    <table className={cx('mini-table', busy && 'is-busy')} aria-busy={busy}>
      <colgroup>
        {columns.map((c) => (
          <col key={c.key} width={c.width} />
        ))}
      </colgroup>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.key} scope="col" className={c.align === 'right' ? 'is-right' : undefined}>
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length} className="mini-table-empty">
              {empty}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => {
                const content = c.render(row);
                const className = cx(c.align === 'right' && 'is-right', c.ellipsis && 'is-ellipsis');
                return (
                  <td
                    key={c.key}
                    className={className || undefined}
                    title={c.ellipsis && typeof content === 'string' ? content : undefined}
                  >
                    {content}
                  </td>
                );
              })}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
