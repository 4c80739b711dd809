import { formatDateTime, RANGE_SHORTCUTS } from '@agent-console/contract/dates';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';
import { cx } from '../lib/cx';
import { RANGE_WITH_TIMES_CLASS } from './date-range-picker-class';
import { RANGE_PLACEHOLDERS } from './field-placeholders';

// antd's date pickers follow dayjs's locale (week starting Monday, Chinese month names): they come
// with this module only, which loads on demand (lazy-fields).
dayjs.locale('zh-cn');

/** A range as it travels: "YYYY-MM-DD HH:mm:ss" twice. */
export type WireRange = readonly [string, string];

const WIRE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The shortcuts of spec section 9 as antd presets, computed when the panel opens. */
export const rangePresets = (now: () => Date = () => new Date()) =>
  RANGE_SHORTCUTS.map((s) => ({
    label: s.label,
    value: () => {
      const [start, end] = s.range(now());
      return [dayjs(start), dayjs(end)] as [Dayjs, Dayjs];
    },
  }));

/**
 * A picked range on the wire (spec section 5): the start not after the end (swapped otherwise);
 * whole days for 'daterange' (00:00:00 to 23:59:59), the picked times for 'datetimerange'.
 */
export function toWireRange(
  start: Dayjs,
  end: Dayjs,
  type: 'daterange' | 'datetimerange' = 'daterange',
): WireRange {
  const [a, b] = start.isAfter(end) ? [end, start] : [start, end];
  if (type === 'daterange') {
    return [
      formatDateTime(a.startOf('day').toDate()),
      formatDateTime(b.endOf('day').millisecond(0).toDate()),
    ];
  }
  return [a.format(WIRE_FORMAT), b.format(WIRE_FORMAT)];
}

const DEFAULT_TIMES: [Dayjs, Dayjs] = [dayjs('00:00:00', 'HH:mm:ss'), dayjs('23:59:59', 'HH:mm:ss')];

export interface DateRangePickerProps {
  value?: WireRange | undefined;
  onChange?: (range: WireRange | undefined) => void;
  type?: 'daterange' | 'datetimerange';
  disabledDate?: (date: Dayjs) => boolean;
  allowClear?: boolean;
  id?: string;
  className?: string;
  /** Focused and open as it mounts (it replaces its stand-in: components/lazy-fields). */
  autoFocus?: boolean;
  defaultOpen?: boolean;
}

/**
 * The date range of every list and statistics filter (spec sections 5 and 9): the shortcuts, start
 * not after end, optional disabled dates, days or date-times (default times 00:00:00 and
 * 23:59:59). Its value is the wire range.
 */
export function DateRangePicker({
  value,
  onChange,
  type = 'daterange',
  disabledDate,
  allowClear = true,
  id,
  className,
  autoFocus,
  defaultOpen,
}: DateRangePickerProps) {
  const shown: [Dayjs, Dayjs] | null = value ? [dayjs(value[0]), dayjs(value[1])] : null;
  return (
    <DatePicker.RangePicker
      id={id}
      className={cx(className, type === 'datetimerange' && RANGE_WITH_TIMES_CLASS)}
      autoFocus={autoFocus}
      defaultOpen={defaultOpen}
      value={shown}
      presets={rangePresets()}
      allowClear={allowClear}
      {...(disabledDate ? { disabledDate } : {})}
      {...(type === 'datetimerange'
        ? { showTime: { defaultOpenValue: DEFAULT_TIMES }, format: WIRE_FORMAT }
        : { format: 'YYYY-MM-DD' })}
      placeholder={RANGE_PLACEHOLDERS}
      onChange={(range) => {
        const [start, end] = range ?? [];
        onChange?.(start && end ? toWireRange(start, end, type) : undefined);
      }}
    />
  );
}
