import { formatYuan } from '@agent-console/contract/money';
import { Form, Select } from 'antd';
import { LazyDateRangePicker } from '../../../components/lazy-fields';
import { statusOptions } from '../withdraw-labels';

/** The date range filter of the withdrawal lists, sent as `startTime` / `endTime`. */
export const WITHDRAW_RANGES = { range: ['startTime', 'endTime'] } as const;

/** An amount in fen as yuan with two decimals, in the withdrawal tables' amount columns. */
export const yuanCell = (fen: number) => <span className="withdraw-amount-cell">{formatYuan(fen)}</span>;

/** The filters every withdrawal list has: 申请时间 and 状态 (the status select's class sets its width). */
export function WithdrawFilterFields({ statusClassName }: { statusClassName: string }) {
  return (
    <>
      <Form.Item label="申请时间" name="range">
        <LazyDateRangePicker className="list-filter-range" type="daterange" />
      </Form.Item>
      <Form.Item label="状态" name="status">
        <Select
          className={statusClassName}
          options={statusOptions}
          allowClear
          placeholder="全部状态"
          aria-label="提现状态"
        />
      </Form.Item>
    </>
  );
}
