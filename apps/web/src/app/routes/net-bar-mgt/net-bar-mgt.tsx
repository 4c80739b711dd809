import { formatYuan } from '@agent-console/contract/money';
import {
  type ChannelListItem,
  type ChannelTotals,
  exportQueryChannelPage,
  queryChannelPage,
  queryChannelTotalData,
} from '@agent-console/contract/promotion';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { withoutTreeRoot } from '../../../components/agent-tree-select-model';
import { ListPage } from '../../../components/list-page';
import {
  fetchShortUrl,
  packingStatusQuery,
  useApplyPassed,
  useStartPacking,
} from '../../../features/promotion/api/channels';
import { CHANNEL_TABLE_WIDTH, channelColumns } from '../../../features/promotion/components/channel-columns';
import {
  CHANNEL_FILTER_RANGES,
  ChannelFilterFields,
} from '../../../features/promotion/components/channel-filter-fields';
import type { ChannelDialogMode } from '../../../features/promotion/components/channel-form-dialog';
import { lazyComponent } from '../../../lib/lazy-chunk';
import { notifySuccess, notifyWarning } from '../../../lib/notify';
import { useAgentInfo } from '../../../lib/session';
import { runAction } from '../../../lib/use-action';
import { useList } from '../../../lib/use-list';

const ChannelFormDialog = lazyComponent(() =>
  import('../../../features/promotion/components/channel-form-dialog').then((m) => m.ChannelFormDialog),
);

function ChannelTotalsRow({ totals }: { totals: ChannelTotals }) {
  return (
    <>
      <span>
        共 <strong>{totals.channelCount}</strong> 个渠道
      </span>
      <span>
        已通过 <strong>{totals.passedCount}</strong>
      </span>
      <span>
        待审核 <strong>{totals.appliedCount}</strong>
      </span>
      <span>
        已打包 <strong>{totals.packedCount}</strong>
      </span>
      <span>
        用户 <strong>{totals.userCount}</strong>
      </span>
      <span>
        订单 <strong>{totals.orderCount}</strong>
      </span>
      <span>
        订单金额 <strong>{formatYuan(totals.orderAmount)}</strong> 元
      </span>
    </>
  );
}

/** Copies text; false when the browser refuses (no clipboard in this context). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** /net-bar-mgt 客户端推广管理: the channels of the caller's subtree. */
export default function NetBarMgtRoute() {
  const agent = useAgentInfo();
  const list = useList(queryChannelPage, { totals: queryChannelTotalData });
  const [dialog, setDialog] = useState<{ open: boolean; mode: ChannelDialogMode; key: number }>({
    open: false,
    mode: { kind: 'create' },
    key: 0,
  });
  const openDialog = (mode: ChannelDialogMode) => setDialog((d) => ({ open: true, mode, key: d.key + 1 }));

  // The packings under way on this page (or just started here) are polled until they end.
  const [started, setStarted] = useState<readonly number[]>([]);
  const watched = useMemo(
    () =>
      [
        ...new Set([
          ...list.rows
            .filter((r: ChannelListItem) => r.packingState === 'queued' || r.packingState === 'packing')
            .map((r: ChannelListItem) => r.channelId),
          ...started,
        ]),
      ].sort((a, b) => a - b),
    [list.rows, started],
  );
  const { data: statuses } = useQuery(packingStatusQuery(watched));
  const statusById = useMemo(() => new Map((statuses ?? []).map((s) => [s.channelId, s])), [statuses]);
  // A packing that ended: the list (its row and the totals) is read again, and the id no longer polled.
  const { reload } = list;
  useEffect(() => {
    const ended = (statuses ?? []).filter((s) => s.packingState === 'done' || s.packingState === 'failed');
    if (ended.length === 0) return;
    setStarted((ids) => ids.filter((id) => !ended.some((s) => s.channelId === id)));
    reload();
  }, [statuses, reload]);

  const decide = useApplyPassed();
  const pack = useStartPacking();

  return (
    <>
      <ListPage
        title="客户端推广管理"
        list={list}
        rowKey="channelId"
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => openDialog({ kind: 'create' })}
            onPointerEnter={ChannelFormDialog.preload}
            onFocus={ChannelFormDialog.preload}
          >
            新增渠道
          </Button>
        }
        filters={<ChannelFilterFields agent={agent} />}
        ranges={CHANNEL_FILTER_RANGES}
        normalize={withoutTreeRoot}
        totals={list.totals ? <ChannelTotalsRow totals={list.totals} /> : null}
        exportEndpoint={exportQueryChannelPage}
        columns={channelColumns({
          selfId: agent.id,
          selfLevel: agent.agentLevel,
          statuses: statusById,
          onEdit: (row) => openDialog({ kind: 'edit', row }),
          onDecide: async (row, passed) => {
            await runAction(() => decide.mutateAsync({ channelId: row.channelId, passed }), {
              success: passed ? '审核通过' : '已驳回',
            });
          },
          onPack: async (row) => {
            await runAction(
              async () => {
                await pack.mutateAsync(row.channelId);
                setStarted((ids) => [...ids.filter((id) => id !== row.channelId), row.channelId]);
              },
              { success: '已开始打包' },
            );
          },
          onCopy: async (row) => {
            await runAction(async () => {
              const short = await fetchShortUrl(row.channelId);
              const url = `${window.location.origin}${short?.shortUrl ?? ''}`;
              if (await copyText(url)) notifySuccess(`已复制短链接：${url}`);
              else notifyWarning(`请手动复制短链接：${url}`);
            });
          },
        })}
        scroll={{ x: CHANNEL_TABLE_WIDTH }}
      />
      {dialog.key > 0 ? (
        <Suspense fallback={null}>
          <ChannelFormDialog
            key={dialog.key}
            open={dialog.open}
            mode={dialog.mode}
            onClose={() => setDialog((d) => ({ ...d, open: false }))}
          />
        </Suspense>
      ) : null}
    </>
  );
}
