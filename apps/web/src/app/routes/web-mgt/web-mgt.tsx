import { formatDateTime, todayRange } from '@agent-console/contract/dates';
import { TerminalTypeLabels } from '@agent-console/contract/enums';
import { formatYuan } from '@agent-console/contract/money';
import {
  exportWebNetBarPage,
  getBarUserId,
  queryWebNetBarPage,
  queryWebNetBarTotal,
  WEB_QUERY_TERMINAL,
  type WebNetBarTotals,
} from '@agent-console/contract/promotion';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import Input from 'antd/es/input/Input';
import { withoutTreeRoot } from '../../../components/agent-tree-select-model';
import { LazyAgentTreeSelect, LazyDateRangePicker } from '../../../components/lazy-fields';
import { ListPage } from '../../../components/list-page';
import { webConfigQuery } from '../../../features/promotion/api/channels';
import { WebDomainConfig } from '../../../features/promotion/components/web-domain-config';
import {
  WEB_NET_BAR_TABLE_WIDTH,
  webNetBarColumns,
} from '../../../features/promotion/components/web-net-bar-columns';
import { call } from '../../../lib/api-client';
import { notifySuccess, notifyWarning } from '../../../lib/notify';
import { useAgentInfo } from '../../../lib/session';
import { runAction } from '../../../lib/use-action';
import { useList } from '../../../lib/use-list';

const RANGES = { range: ['startTime', 'endTime'] } as const;

/** The web query's defaults (spec section 3): today 00:00:00 - 23:59:59, terminal 3. */
const webDefaults = () => {
  const [start, end] = todayRange(new Date());
  return { startTime: formatDateTime(start), endTime: formatDateTime(end), terminal: WEB_QUERY_TERMINAL };
};

const TERMINAL_OPTIONS = Object.entries(TerminalTypeLabels).map(([value, label]) => ({
  value: Number(value),
  label,
}));

function WebTotals({ totals }: { totals: WebNetBarTotals }) {
  return (
    <>
      <span>
        共 <strong>{totals.netBarCount}</strong> 个网吧
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

/** /web-mgt 网页推广管理: the net bars of the subtree with their users and orders in a range (default today). */
export default function WebMgtRoute() {
  const agent = useAgentInfo();
  const list = useList(queryWebNetBarPage, { totals: queryWebNetBarTotal, defaults: webDefaults });
  const config = useQuery(webConfigQuery());
  return (
    <ListPage
      title="网页推广管理"
      list={list}
      rowKey="netBarId"
      notice={<WebDomainConfig />}
      filters={
        <>
          <Form.Item name="netBarName" label="网吧名称">
            <Input className="list-filter-field" placeholder="请输入网吧名称" allowClear maxLength={100} />
          </Form.Item>
          <Form.Item name="pid" label="所属代理">
            <LazyAgentTreeSelect className="list-filter-field" tree={agent.structuredPid} selfId={agent.id} />
          </Form.Item>
          <Form.Item name="terminal" label="终端">
            <Select
              className="list-filter-field"
              placeholder="全部终端"
              allowClear
              options={TERMINAL_OPTIONS}
            />
          </Form.Item>
          <Form.Item name="range" label="统计时间">
            <LazyDateRangePicker className="list-filter-range" type="datetimerange" />
          </Form.Item>
        </>
      }
      ranges={RANGES}
      normalize={withoutTreeRoot}
      totals={list.totals ? <WebTotals totals={list.totals} /> : null}
      exportEndpoint={exportWebNetBarPage}
      columns={webNetBarColumns({
        onCopyLink: async (row) => {
          await runAction(async () => {
            const domain = config.data?.domain;
            if (!domain) {
              notifyWarning('请先设置推广域名');
              return;
            }
            const { object } = await call(getBarUserId, { netBarId: row.netBarId });
            const url = `https://${domain}/?barUserId=${object?.barUserId ?? row.barUserId}`;
            try {
              await navigator.clipboard.writeText(url);
              notifySuccess(`已复制推广链接：${url}`);
            } catch {
              notifyWarning(`请手动复制推广链接：${url}`);
            }
          });
        },
      })}
      scroll={{ x: WEB_NET_BAR_TABLE_WIDTH }}
    />
  );
}
