import { queryAgentInfoPage } from '@agent-console/contract/agent-mgt';
import { queryDeviceMonthStatistic } from '@agent-console/contract/devices';
import { queryFundDetails } from '@agent-console/contract/fund-details';
import { queryOrderBarPage, queryUsersPage } from '@agent-console/contract/orders';
import { useState } from 'react';
import { last30Days } from '../../../lib/list-dates';
import { LIST_CARD_TITLES, type ListCardKey } from '../list-cards';
import { FinanceCard } from './finance-card';
import { FirstRowsCard } from './first-rows-card';
import {
  agentColumns,
  channelUserColumns,
  deviceColumns,
  fundDetailColumns,
  orderColumns,
} from './list-columns';
import { NetBarCard } from './net-bar-card';

/**
 * One of the workbench's cards below the totals, by key: its own call, its first rows and 查看全部
 * to `to`. Each shows what its screen shows first (the same filters: the users and orders of the
 * last 30 days, the subtree's ledger entries).
 */
export function WorkbenchListCard({ card, to, agentId }: { card: ListCardKey; to: string; agentId: number }) {
  // The user and order screens open on the last 30 days.
  const [recent] = useState(() => last30Days());
  const title = LIST_CARD_TITLES[card];
  switch (card) {
    case 'finance':
      return <FinanceCard to={to} />;
    case 'netBars':
      return <NetBarCard to={to} />;
    case 'agents':
      return (
        <FirstRowsCard
          title={title}
          to={to}
          endpoint={queryAgentInfoPage}
          columns={agentColumns}
          rowKey={(r) => r.id}
          testId="workbench-agents"
        />
      );
    case 'users':
      return (
        <FirstRowsCard
          title={title}
          to={to}
          endpoint={queryUsersPage}
          filters={recent}
          columns={channelUserColumns}
          rowKey={(r) => r.id}
          testId="workbench-users"
        />
      );
    case 'orders':
      return (
        <FirstRowsCard
          title={title}
          to={to}
          endpoint={queryOrderBarPage}
          filters={{ timeType: '10', ...recent }}
          columns={orderColumns}
          rowKey={(r) => r.id}
          testId="workbench-orders"
        />
      );
    case 'fundDetails':
      return (
        <FirstRowsCard
          title={title}
          to={to}
          endpoint={queryFundDetails}
          filters={{ agentIds: [agentId] }}
          columns={fundDetailColumns(agentId)}
          rowKey={(r) => r.id}
          testId="workbench-fund-details"
        />
      );
    case 'devices':
      return (
        <FirstRowsCard
          title={title}
          to={to}
          endpoint={queryDeviceMonthStatistic}
          columns={deviceColumns(agentId)}
          rowKey={(r) => r.key}
          testId="workbench-devices"
        />
      );
  }
}
