import { AreaDimensionLabels, type SummaryStatsRow } from '@agent-console/contract/summary-stats';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { levelLabel } from '../../../lib/format';
import { type Measure, valueText } from '../summary-measures';

/** What the columns depend on: the query's granularity and dimensions, the screen's measures. */
export interface ColumnsSpec {
  timeType: '10' | '20';
  areaDimension: keyof typeof AreaDimensionLabels | undefined;
  agentDimension: boolean;
  measures: readonly Measure[];
}

/** A measure's header: its label (元 for amounts) and its definition in a tooltip. */
function MeasureTitle({ measure }: { measure: Measure }) {
  return (
    <Tooltip title={measure.hint}>
      <span className="summary-th">
        {measure.label}
        {measure.money ? '(元)' : ''}
        <QuestionCircleOutlined className="summary-th-icon" />
      </span>
    </Tooltip>
  );
}

/** A row's agent: 本级 for the scope's own net bars, else the sub-agent and its level. */
function AgentCell({ row }: { row: SummaryStatsRow }) {
  if (row.own)
    return (
      <>
        <Tag color="blue" className="summary-own-tag">
          本级
        </Tag>
        <span className="summary-sub-text">{row.agentName}</span>
      </>
    );
  return (
    <>
      <div>{row.agentName ?? '—'}</div>
      {row.agentLevel === null ? null : <div className="summary-sub-text">{levelLabel(row.agentLevel)}</div>}
    </>
  );
}

const measureWidth = (m: Measure) => (m.money ? 130 : m.label.length > 4 ? 116 : 104);

/** The columns: the period, the area and the agent when those dimensions are chosen, then the measures. */
export function summaryColumns({
  timeType,
  areaDimension,
  agentDimension,
  measures,
}: ColumnsSpec): TableColumnsType<SummaryStatsRow> {
  return [
    {
      title: timeType === '20' ? '月份' : '日期',
      dataIndex: 'statTime',
      key: 'statTime',
      width: 120,
      fixed: 'left',
    },
    ...(areaDimension
      ? [
          {
            title: `地区（${AreaDimensionLabels[areaDimension]}）`,
            dataIndex: 'areaName',
            key: 'area',
            width: 140,
            render: (name: string | null) => name ?? '—',
          },
        ]
      : []),
    ...(agentDimension
      ? [
          {
            title: '代理',
            key: 'agent',
            width: 180,
            render: (_: unknown, row: SummaryStatsRow) => <AgentCell row={row} />,
          },
        ]
      : []),
    ...measures.map((m) => ({
      title: <MeasureTitle measure={m} />,
      dataIndex: m.key,
      key: m.key,
      width: measureWidth(m),
      align: 'right' as const,
      render: (v: number) => valueText(m, v),
    })),
  ];
}

/** The rows have no id: a period and its group. */
export const summaryRowKey = (r: SummaryStatsRow): string =>
  `${r.statTime}|${r.areaId ?? ''}|${r.own ? 'own' : (r.agentId ?? '')}`;

/** The table's 合计 row: the figures of the whole range and filters (summaryData), under the columns. */
export function SummaryTableTotals({
  figures,
  spec,
}: {
  figures: Record<Measure['key'], number>;
  spec: ColumnsSpec;
}) {
  const leading = 1 + (spec.areaDimension ? 1 : 0) + (spec.agentDimension ? 1 : 0);
  return (
    <Table.Summary>
      <Table.Summary.Row className="summary-total-row">
        <Table.Summary.Cell index={0}>
          <strong>合计</strong>
        </Table.Summary.Cell>
        {spec.areaDimension ? <Table.Summary.Cell index={1} /> : null}
        {spec.agentDimension ? <Table.Summary.Cell index={leading - 1} /> : null}
        {spec.measures.map((m, i) => (
          <Table.Summary.Cell key={m.key} index={leading + i} align="right">
            <strong>{valueText(m, figures[m.key])}</strong>
          </Table.Summary.Cell>
        ))}
      </Table.Summary.Row>
    </Table.Summary>
  );
}
