import { formatYuan } from '@agent-console/contract/money';
import {
  queryWithdrawReviews,
  WITHDRAW_STAGE_VALUES,
  WithdrawAuditActionLabels,
  type WithdrawReviewItem,
  WithdrawStageLabels,
} from '@agent-console/contract/withdrawals';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useState } from 'react';
import { ListPage } from '../../../components/list-page';
import { ellipsisCell, TimeCell } from '../../../components/table-cells';
import { levelLabel } from '../../../lib/format';
import { columnsWidth } from '../../../lib/table-width';
import { runAction } from '../../../lib/use-action';
import { useList } from '../../../lib/use-list';
import { validValues } from '../../../lib/valid-form';
import {
  useApproveWithdrawal,
  useMarkWithdrawalFailed,
  useMarkWithdrawalPaid,
  useRejectWithdrawal,
  withdrawAuditQuery,
} from '../api/finance';
import { stageColor, stageText } from '../withdraw-labels';
import { WITHDRAW_RANGES, WithdrawFilterFields, yuanCell } from './withdraw-cells';
import './finance.css';

const stageOptions = WITHDRAW_STAGE_VALUES.map((value) => ({ value, label: WithdrawStageLabels[value] }));
const reasonRules = [
  { required: true, whitespace: true, message: '请输入原因' },
  { max: 100, message: '原因最多100个字' },
];

type Decision = { kind: 'reject' | 'paid' | 'failed'; row: WithdrawReviewItem };
const decisionTitles = {
  reject: { title: '驳回提现', ok: '确定驳回', field: '驳回原因', placeholder: '代理商将看到此原因' },
  failed: {
    title: '标记打款失败',
    ok: '确定',
    field: '失败原因',
    placeholder: '代理商将看到此原因，金额退回其余额',
  },
  paid: { title: '标记已打款', ok: '确定已打款', field: '转账单号', placeholder: '支付宝转账单号（选填）' },
} as const;

/** Every decision on one withdrawal, oldest first. */
function AuditTrail({ id }: { id: number }) {
  const { data, isPending } = useQuery(withdrawAuditQuery(id));
  return (
    <Table
      size="small"
      rowKey={(r) => `${r.action}-${r.time}`}
      loading={isPending}
      pagination={false}
      dataSource={data ?? []}
      columns={[
        { title: '时间', dataIndex: 'time', width: 160 },
        { title: '操作人', dataIndex: 'actorName', width: 110 },
        {
          title: '操作',
          dataIndex: 'action',
          width: 110,
          render: (a: keyof typeof WithdrawAuditActionLabels) => WithdrawAuditActionLabels[a],
        },
        {
          title: '状态变化',
          key: 'stages',
          render: (_, r) =>
            `${r.stageBefore ? WithdrawStageLabels[r.stageBefore] : '—'} → ${WithdrawStageLabels[r.stageAfter]}`,
        },
        { title: '原因', dataIndex: 'reason', render: (r: string | null) => r ?? '—' },
      ]}
    />
  );
}

/**
 * 提现审核 (level 0): every withdrawal with its agent and whole Alipay account; a pending one is
 * approved (its payout goes to the payout adapter: by default recorded for a transfer by hand) or
 * rejected with a reason; an approved one is marked paid or failed once the transfer is done.
 */
export function WithdrawReviewList() {
  const list = useList(queryWithdrawReviews);
  const approve = useApproveWithdrawal();
  const reject = useRejectWithdrawal();
  const paid = useMarkWithdrawalPaid();
  const failed = useMarkWithdrawalFailed();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [auditOf, setAuditOf] = useState<WithdrawReviewItem | null>(null);
  const [form] = Form.useForm<{ text: string }>();

  const close = () => {
    setDecision(null);
    form.resetFields();
  };
  const confirm = async () => {
    if (!decision) return;
    const values = await validValues(form);
    if (!values) return;
    const text = (values.text ?? '').trim();
    const { id } = decision.row;
    const done =
      decision.kind === 'reject'
        ? await runAction(() => reject.mutateAsync({ id, reason: text }), { success: '已驳回' })
        : decision.kind === 'failed'
          ? await runAction(() => failed.mutateAsync({ id, reason: text }), { success: '已标记打款失败' })
          : await runAction(() => paid.mutateAsync({ id, payoutRef: text }), { success: '已标记打款' });
    if (done) close();
  };

  const columns: TableColumnsType<WithdrawReviewItem> = [
    {
      title: '申请时间',
      dataIndex: 'createTime',
      key: 'createTime',
      width: 100,
      render: (t: string) => <TimeCell value={t} />,
    },
    {
      title: '代理商',
      key: 'agent',
      width: 120,
      render: (_, r) => (
        <>
          <div>{r.agentName}</div>
          <div className="withdraw-sub-text">{levelLabel(r.agentLevel)}</div>
        </>
      ),
    },
    { title: '提现金额', dataIndex: 'amount', key: 'amount', width: 100, align: 'right', render: yuanCell },
    { title: '手续费', dataIndex: 'fee', width: 80, align: 'right', render: yuanCell },
    { title: '应打款', dataIndex: 'actualAmount', width: 100, align: 'right', render: yuanCell },
    {
      title: '支付宝账户',
      key: 'account',
      width: 170,
      render: (_, r) => (
        <>
          <div>{r.accountNo}</div>
          <div className="withdraw-sub-text">{r.realName}</div>
        </>
      ),
    },
    {
      title: '状态',
      dataIndex: 'stage',
      width: 120,
      render: (_, r) => <Tag color={stageColor(r.stage)}>{stageText(r.stage, r.status)}</Tag>,
    },
    {
      title: '原因/单号',
      key: 'note',
      ellipsis: { showTitle: false },
      render: (_, r) => ellipsisCell(r.reason ?? r.payoutRef),
    },
    { title: '审核人', dataIndex: 'reviewerName', width: 90, render: (n: string | null) => n ?? '—' },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} wrap className="withdraw-actions">
          {row.stage === 'pending' ? (
            <>
              <Popconfirm
                title={`确定通过 ${row.agentName} 的提现 ${formatYuan(row.amount)} 元？`}
                description="通过后请按应打款金额向其支付宝转账"
                okText="确定"
                cancelText="取消"
                onConfirm={() => runAction(() => approve.mutateAsync(row.id), { success: '已通过，待打款' })}
              >
                <Button type="link" size="small">
                  通过
                </Button>
              </Popconfirm>
              <Button type="link" size="small" danger onClick={() => setDecision({ kind: 'reject', row })}>
                驳回
              </Button>
            </>
          ) : null}
          {row.stage === 'approved' ? (
            <>
              <Button type="link" size="small" onClick={() => setDecision({ kind: 'paid', row })}>
                已打款
              </Button>
              <Button type="link" size="small" danger onClick={() => setDecision({ kind: 'failed', row })}>
                打款失败
              </Button>
            </>
          ) : null}
          <Button type="link" size="small" onClick={() => setAuditOf(row)}>
            记录
          </Button>
        </Space>
      ),
    },
  ];

  const texts = decision ? decisionTitles[decision.kind] : null;
  return (
    <>
      <ListPage
        list={list}
        rowKey="id"
        columns={columns}
        ranges={WITHDRAW_RANGES}
        scroll={{ x: columnsWidth(columns, 110) }}
        filters={
          <>
            <WithdrawFilterFields statusClassName="withdraw-review-status-select" />
            <Form.Item label="进度" name="stage">
              <Select
                className="withdraw-review-status-select"
                options={stageOptions}
                allowClear
                placeholder="全部"
                aria-label="提现进度"
              />
            </Form.Item>
            <Form.Item label="代理商" name="agentName">
              <Input
                className="list-filter-field"
                allowClear
                maxLength={50}
                placeholder="代理商名称"
                aria-label="代理商名称"
              />
            </Form.Item>
          </>
        }
      />
      <Modal
        title={
          decision && texts
            ? `${texts.title}：${decision.row.agentName} ${formatYuan(decision.row.amount)} 元`
            : ''
        }
        open={decision !== null}
        okText={texts?.ok}
        cancelText="取消"
        okButtonProps={{
          danger: decision?.kind !== 'paid',
          loading: reject.isPending || paid.isPending || failed.isPending,
        }}
        onOk={() => void confirm()}
        onCancel={close}
        destroyOnHidden
      >
        {decision?.kind === 'paid' ? (
          <p className="withdraw-preview">
            应打款 {formatYuan(decision.row.actualAmount)} 元 至 {decision.row.accountNo}（
            {decision.row.realName}）
          </p>
        ) : null}
        <Form form={form} layout="vertical">
          <Form.Item
            label={texts?.field}
            name="text"
            rules={decision?.kind === 'paid' ? [{ max: 64, message: '转账单号最多64个字' }] : reasonRules}
          >
            {decision?.kind === 'paid' ? (
              <Input maxLength={64} placeholder={texts?.placeholder} aria-label={texts?.field} />
            ) : (
              <Input.TextArea
                rows={3}
                maxLength={100}
                showCount
                placeholder={texts?.placeholder}
                aria-label={texts?.field}
              />
            )}
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title={auditOf ? `操作记录：${auditOf.agentName} ${formatYuan(auditOf.amount)} 元` : ''}
        open={auditOf !== null}
        footer={null}
        width={720}
        onCancel={() => setAuditOf(null)}
        destroyOnHidden
      >
        {auditOf ? <AuditTrail id={auditOf.id} /> : null}
      </Modal>
    </>
  );
}
