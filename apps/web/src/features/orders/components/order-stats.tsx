import type { AgentInfo } from '@agent-console/contract/agent';
import { DEFAULT_PAGE_SIZE } from '@agent-console/contract/constants';
import { TimeTypeLabels } from '@agent-console/contract/enums';
import { formatYuan } from '@agent-console/contract/money';
import {
  type BarOrderStatisticsQuery,
  type BarOrderStatisticsRow,
  barOrderStatisticsTime,
  queryBarOrderStatisticsPage,
  STATS_TIME_TYPES,
  type StatsTimeType,
  totalBarOrderStatistics,
} from '@agent-console/contract/orders';
import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Form, Segmented, Space, Table, type TableColumnsType } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { withoutTreeRoot } from '../../../components/agent-tree-select-model';
import { LazyDateRangePicker } from '../../../components/lazy-fields';
import { fromFormValues, toFormValues } from '../../../components/list-page';
import { ListPager } from '../../../components/list-pager';
import { call } from '../../../lib/api-client';
import { monthAligned, RANGE_FIELDS } from '../../../lib/list-dates';
import { columnsWidth } from '../../../lib/table-width';
import { OrderTotals } from './order-totals';
import { PlaceFilterFields } from './place-filter-fields';

type Query = BarOrderStatisticsQuery & { timeType: StatsTimeType };

const money = (v: number) => formatYuan(v);
const columns = (timeType: StatsTimeType): TableColumnsType<BarOrderStatisticsRow> => [
  { title: timeType === '10' ? '日期' : '月份', dataIndex: 'statTime', width: 120 },
  { title: '订单数', dataIndex: 'orderCount', width: 90, align: 'right' },
  { title: '订单金额(元)', dataIndex: 'amountFen', width: 130, align: 'right', render: money },
  { title: '加价金额(元)', dataIndex: 'priceIncreaseFen', width: 130, align: 'right', render: money },
  { title: '已支付单数', dataIndex: 'paidCount', width: 100, align: 'right' },
  { title: '已支付金额(元)', dataIndex: 'paidAmountFen', width: 140, align: 'right', render: money },
  { title: '已完成单数', dataIndex: 'completedCount', width: 100, align: 'right' },
  { title: '已完成金额(元)', dataIndex: 'completedAmountFen', width: 140, align: 'right', render: money },
  { title: '已取消单数', dataIndex: 'cancelledCount', width: 100, align: 'right' },
];

const timeTypeOptions = STATS_TIME_TYPES.map((value) => ({ value, label: TimeTypeLabels[value] }));

/** The statistics' default range for a granularity, from the server (barOrderStatisticsTime/{timeType}). */
const defaultsOf = async (timeType: StatsTimeType): Promise<Query> => {
  const { object } = await call(barOrderStatisticsTime, {}, { params: { timeType }, silent: true });
  return { timeType, startTime: object.startTime, endTime: object.endTime };
};

/**
 * 订单统计: the orders of the subtree by day or by month (queryBarOrderStatisticsPage), the figures
 * of the whole range (totalBarOrderStatistics), with the place filters. The range starts from the
 * server's default for the granularity; 重置 goes back to it; 查询 goes to page 1; a new load is
 * ignored while one runs.
 */
export function OrderStats({ agent }: { agent: Pick<AgentInfo, 'id' | 'structuredPid'> }) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const [state, setState] = useState<{ query: Query; pageNum: number; pageSize: number } | null>(null);
  const [nonce, setNonce] = useState(0);

  useEffect(() => {
    let live = true;
    void defaultsOf('10').then((query) => {
      if (live) setState((s) => s ?? { query, pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
    });
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (state) {
      form.resetFields();
      form.setFieldsValue(toFormValues(state.query, RANGE_FIELDS));
    }
  }, [form, state]);

  const request = state ? { ...state.query, pageNum: state.pageNum, pageSize: state.pageSize } : null;
  const page = useQuery({
    queryKey: [queryBarOrderStatisticsPage.path, request, nonce],
    queryFn: ({ signal }) => call(queryBarOrderStatisticsPage, request ?? {}, { silent: true, signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
  const totals = useQuery({
    queryKey: [totalBarOrderStatistics.path, state?.query, nonce],
    queryFn: ({ signal }) => call(totalBarOrderStatistics, state?.query ?? {}, { silent: true, signal }),
    enabled: state !== null,
    placeholderData: keepPreviousData,
  });
  const loading = page.isFetching || state === null;
  const loadingRef = useRef(loading);
  loadingRef.current = loading;

  const go = (next: { query: Query; pageNum: number; pageSize: number }) => {
    if (loadingRef.current) return;
    setState(next);
    setNonce((n) => n + 1);
  };
  const timeType = state?.query.timeType ?? '10';
  const tableColumns = columns(timeType);

  return (
    <div className="order-stats">
      <Form
        form={form}
        layout="inline"
        className="list-filters"
        onFinish={(values) => {
          if (!state) return;
          const query = monthAligned({ ...(withoutTreeRoot(fromFormValues(values, RANGE_FIELDS)) as Query) });
          go({
            ...state,
            query: { ...query, timeType: (values.timeType as StatsTimeType) ?? '10' },
            pageNum: 1,
          });
        }}
      >
        <Form.Item name="timeType" label="统计方式">
          <Segmented
            options={timeTypeOptions}
            onChange={(value) => {
              // A new granularity starts from its own default range.
              if (loadingRef.current || !state) return;
              void defaultsOf(value as StatsTimeType).then((query) => go({ ...state, query, pageNum: 1 }));
            }}
          />
        </Form.Item>
        <Form.Item name="range" label="下单时间">
          <LazyDateRangePicker className="list-filter-range" />
        </Form.Item>
        <PlaceFilterFields agent={agent} />
        <Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={loading}>
              查询
            </Button>
            <Button
              disabled={loading}
              onClick={() =>
                void defaultsOf('10').then((query) =>
                  go({ query, pageNum: 1, pageSize: state?.pageSize ?? 30 }),
                )
              }
            >
              重置
            </Button>
            <Button
              icon={<ReloadOutlined />}
              disabled={loading}
              onClick={() => state && go({ ...state })}
              aria-label="刷新"
            >
              刷新
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {totals.data?.object ? (
        <div className="list-totals">
          <OrderTotals totals={totals.data.object} />
        </div>
      ) : null}
      <Table<BarOrderStatisticsRow>
        rowKey="statTime"
        size="middle"
        columns={tableColumns}
        dataSource={page.data?.object ?? []}
        loading={loading}
        pagination={false}
        scroll={{ x: columnsWidth(tableColumns) }}
      />
      <ListPager
        current={state?.pageNum ?? 1}
        pageSize={state?.pageSize ?? DEFAULT_PAGE_SIZE}
        total={page.data?.totalCount ?? 0}
        onChange={(pageNum, pageSize) =>
          state && go({ ...state, pageNum: pageSize === state.pageSize ? pageNum : 1, pageSize })
        }
      />
    </div>
  );
}
