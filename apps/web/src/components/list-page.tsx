import type { AnyListDef, ExportEndpoint, ListRowOf } from '@agent-console/contract/list';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Form, Space, Table, type TableColumnsType, type TableProps } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { cx } from '../lib/cx';
import { useExport } from '../lib/use-export';
import type { ListHandle, ListQuery } from '../lib/use-list';
import { ListPager } from './list-pager';
import './list-page.css';

/** A form field holding two filter keys: a date range picker's [start, end] ↔ startTime, endTime. */
export type RangeFields = Readonly<Record<string, readonly [string, string]>>;

type FormValues = Record<string, unknown>;

/** The list's query as the filter form holds it: each range's two keys become one field. */
export function toFormValues(query: Readonly<Record<string, unknown>>, ranges: RangeFields = {}): FormValues {
  const values: FormValues = { ...query };
  delete values.orderBy;
  delete values.order;
  for (const [field, [from, to]] of Object.entries(ranges)) {
    const start = values[from];
    const end = values[to];
    delete values[from];
    delete values[to];
    if (typeof start === 'string' && typeof end === 'string') values[field] = [start, end];
  }
  return values;
}

/** The filter form's values as the list's query: ranges split, strings trimmed, empty fields left out. */
export function fromFormValues(values: FormValues, ranges: RangeFields = {}): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(values)) {
    const range = ranges[key];
    if (range) {
      if (Array.isArray(raw) && raw.length === 2) {
        query[range[0]] = raw[0];
        query[range[1]] = raw[1];
      }
      continue;
    }
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value === undefined || value === null || value === '') continue;
    query[key] = value;
  }
  return query;
}

export interface ListPageProps<L extends AnyListDef> {
  /** The list hook's handle (lib/use-list). */
  list: ListHandle<L>;
  columns: TableColumnsType<ListRowOf<L>>;
  /** The row field that identifies a row, or the key made from a row (rows without an id). */
  rowKey: (keyof ListRowOf<L> & string) | ((row: ListRowOf<L>) => string);
  title?: ReactNode;
  /** Buttons beside the title (create, …). */
  extra?: ReactNode;
  /** Above the filters: a notice. */
  notice?: ReactNode;
  /** The filter fields (antd Form.Items named by the list's filter keys, or by a range field). */
  filters?: ReactNode;
  ranges?: RangeFields;
  /** The totals row of the whole filtered set, drawn from `list.totals`. */
  totals?: ReactNode;
  /** The list's export: an 导出 button that shows while it starts. */
  exportEndpoint?: ExportEndpoint<string, L>;
  /** Form values → the list's query, for fields that need more than `ranges` (e.g. the tree root). */
  normalize?: (query: Record<string, unknown>) => Record<string, unknown>;
  /** The reverse of `normalize`: the list's query (ranges joined) → form values. A stable function. */
  denormalize?: (values: Record<string, unknown>) => Record<string, unknown>;
  scroll?: TableProps<ListRowOf<L>>['scroll'];
  /** The table's summary rows (a 合计 row drawn from `list.totals`). */
  tableSummary?: TableProps<ListRowOf<L>>['summary'];
  /** Another view of the same list (charts…), shown in place of the table and its pager while given. */
  view?: ReactNode;
  className?: string;
}

/**
 * A list screen of the console (spec sections 4, 8, 9): a card with its title and actions, the
 * filter bar (查询 back to page 1, 重置 to the defaults, 刷新, 导出), a totals row, the table
 * (sortable by the list's whitelist) and the pager. A screen is its columns, its filters and its
 * endpoints.
 */
export function ListPage<L extends AnyListDef>({
  list,
  columns,
  rowKey,
  title,
  extra,
  notice,
  filters,
  ranges,
  totals,
  exportEndpoint,
  normalize = (q) => q,
  denormalize,
  scroll,
  tableSummary,
  view,
  className,
}: ListPageProps<L>) {
  const [form] = Form.useForm<FormValues>();
  const formValues = useMemo(() => {
    const values = toFormValues(list.query, ranges);
    return denormalize ? denormalize(values) : values;
  }, [list.query, ranges, denormalize]);
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(formValues);
  }, [form, formValues]);
  const exporter = useExport(exportEndpoint);

  const sortable = new Set<string>(list.list.sortFields);
  const shown = columns.map((c) => {
    const key = typeof c.key === 'string' ? c.key : undefined;
    return key && sortable.has(key) ? { ...c, sorter: true, sortOrder: list.sortOrderOf(key) } : c;
  });

  return (
    // antd's borderless Card as plain blocks (list-page.css): the Card component would bring its
    // Tabs and Skeleton into every list screen's first load.
    <section className={cx('list-page', className)}>
      {title || extra ? (
        <div className="list-page-head">
          <div className="list-page-title">{title}</div>
          {extra ? <div className="list-page-extra">{extra}</div> : null}
        </div>
      ) : null}
      <div className="list-page-body">
        {notice}
        <Form<FormValues>
          form={form}
          layout="inline"
          className="list-filters"
          initialValues={formValues}
          onFinish={(values) => list.submit(normalize(fromFormValues(values, ranges)) as ListQuery<L>)}
        >
          {filters}
          <Form.Item>
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={list.loading}>
                查询
              </Button>
              <Button onClick={() => list.clear()} disabled={list.loading}>
                重置
              </Button>
              <Button
                icon={<ReloadOutlined />}
                onClick={list.reload}
                disabled={list.loading}
                aria-label="刷新"
              >
                刷新
              </Button>
              {exportEndpoint ? (
                <Button
                  icon={<DownloadOutlined />}
                  loading={exporter.exporting}
                  onClick={() => exporter.start(list.query)}
                >
                  {exporter.exporting ? '导出中' : '导出'}
                </Button>
              ) : null}
            </Space>
          </Form.Item>
        </Form>
        {totals ? (
          <div className="list-totals">{totals}</div>
        ) : list.totalsLoading ? (
          // The bar's place, kept while the totals first load (after the rows, often): the rows do
          // not jump down under the agent's eyes, or under a scroll, when they come.
          <div className="list-totals list-totals-pending" aria-busy="true">
            正在统计…
          </div>
        ) : null}
        {view ?? (
          <>
            <Table<ListRowOf<L>>
              rowKey={rowKey}
              size="middle"
              columns={shown}
              {...(scroll ? { scroll } : {})}
              {...(tableSummary ? { summary: tableSummary } : {})}
              {...list.tableProps}
            />
            <ListPager {...list.pager} />
          </>
        )}
      </div>
    </section>
  );
}
