import { isAllowed, ROUTE_ROLES, type RoleRule } from '@agent-console/contract/roles';
import type { QueryClient } from '@tanstack/react-query';
import { Card } from 'antd';
import { type CSSProperties, type ReactNode, Suspense } from 'react';
import { paths } from '../../../config/paths';
import { AgentProfile } from '../../../features/agent/components/agent-profile';
import { OnboardingProgress } from '../../../features/tasks/components/onboarding-progress';
import {
  type HomeStatsKind,
  homeStatsQuery,
  seedHomeStats,
  workbenchUpdateTimeQuery,
} from '../../../features/workbench/api/get-home-stats';
import { ComingSoonCard } from '../../../features/workbench/components/coming-soon-card';
import { HomeStatsCard, HomeUpdateTime } from '../../../features/workbench/components/home-stats-card';
import { WorkbenchCard } from '../../../features/workbench/components/workbench-card';
import { LIST_CARD_TITLES, type ListCardKey } from '../../../features/workbench/list-cards';
import { lazyComponent } from '../../../lib/lazy-chunk';
import { agentInfoQuery, unfinishedTasksQuery, useAgentInfo, useUnfinishedTasks } from '../../../lib/session';
import { openTaskDialog } from '../../task-dialog';

/**
 * The cards below the totals load after the route (their calls' schemas, antd's Table, the date
 * range picker): the route's own chunk holds what the totals and the agent's card draw, so that
 * its loader starts the totals sooner and their first paint waits for nothing else.
 */
const WorkbenchListCard = lazyComponent(() =>
  import('../../../features/workbench/components/workbench-list-card').then((m) => m.WorkbenchListCard),
);

/** Only a 9996 of these early calls is left to the guard, which checks the login beside them. */
const EARLY = { ignoreUnauthorized: true };

/**
 * Starts the totals (spec section 7: four calls in parallel) as soon as the route's chunk is here,
 * beside the guard's calls rather than after them, without holding the navigation: each card shows
 * its skeleton until its figures come (unless the page brought them). The APP totals only for an
 * agent that may see them (the server refuses the others).
 */
export const clientLoader = (queryClient: QueryClient) => async () => {
  // A cold load of `/`: the page brought them (its boot answers); prefetching then asks nothing.
  seedHomeStats(queryClient);
  // The list cards' chunk, beside the route's data (the page preloads it on a cold load).
  WorkbenchListCard.preload();
  void queryClient.prefetchQuery(homeStatsQuery('all', EARLY));
  void queryClient.prefetchQuery(homeStatsQuery('web', EARLY));
  void queryClient.prefetchQuery(workbenchUpdateTimeQuery(EARLY));
  void queryClient.ensureQueryData(agentInfoQuery(EARLY)).then(
    (agent) =>
      isAllowed(ROUTE_ROLES['/APP-summary-stats'], agent)
        ? queryClient.prefetchQuery(homeStatsQuery('app', EARLY))
        : undefined,
    () => undefined, // the guard reports it
  );
  await queryClient.prefetchQuery(unfinishedTasksQuery());
  return null;
};

interface TotalsCard {
  kind: HomeStatsKind;
  title: string;
  to: string;
  roles?: RoleRule;
}

interface ListCard {
  key: ListCardKey;
  to: string;
  /** The rule of the card's screen (route meta roles, spec section 6); none: every agent. */
  roles?: RoleRule;
}

const TOTALS: readonly TotalsCard[] = [
  { kind: 'all', title: '数据总览（全部终端）', to: paths.summaryStats },
  { kind: 'web', title: '网页汇总', to: paths.webSummaryStats },
  { kind: 'app', title: 'APP汇总', to: paths.appSummaryStats, roles: ROUTE_ROLES['/APP-summary-stats'] },
];

const LISTS: readonly ListCard[] = [
  { key: 'agents', to: paths.agentMgt, roles: ROUTE_ROLES['/agent-mgt'] },
  { key: 'users', to: paths.userDetails },
  { key: 'orders', to: paths.orderDetails },
  { key: 'netBars', to: paths.webMgt },
  { key: 'fundDetails', to: paths.amountDetails, roles: ROUTE_ROLES['/amount-details'] },
  { key: 'devices', to: paths.deviceStats, roles: ROUTE_ROLES['/device-stats'] },
];

/** Screens not built yet (none in the route table): a plain note, no made-up data. */
const COMING_SOON: readonly { key: string; title: string; description: string; roles?: RoleRule }[] = [
  {
    key: 'goods-top',
    title: '置顶商品',
    description: '商品置顶管理将在后续版本提供。',
    roles: ROUTE_ROLES['/goods-top'],
  },
  { key: 'promotion', title: '推广模块', description: '红包、任务等推广活动将在后续版本提供。' },
  { key: 'news', title: '新闻与弹窗', description: '新闻公告与弹窗消息将在后续版本提供。' },
];

const LOADING = { pending: true, failed: false, retrying: false, retry: () => undefined };

/** A list card, in its place under its title (a skeleton) until its chunk is here. */
function ListCardSlot({ card, agentId }: { card: ListCard; agentId: number }): ReactNode {
  return (
    <Suspense
      fallback={
        <WorkbenchCard title={LIST_CARD_TITLES[card.key]} to={card.to} load={LOADING}>
          {null}
        </WorkbenchCard>
      }
    >
      <WorkbenchListCard card={card.key} to={card.to} agentId={agentId} />
    </Suspense>
  );
}

/**
 * /: the workbench (spec section 1). The totals first (every terminal, web, APP), the agent's own
 * card with its onboarding progress and its finance, then the first rows of the lists, each card
 * with its own call and a link to its screen, shown only to an agent that may see that screen
 * (the rules of the route table and the menu); the parts whose screens are not there yet say so.
 */
export default function WorkbenchRoute() {
  const agent = useAgentInfo();
  const { data: tasks = [], isPending } = useUnfinishedTasks();
  const sees = ({ roles }: { roles?: RoleRule | undefined }) => isAllowed(roles, agent);
  const totals = TOTALS.filter(sees);
  const lists = LISTS.filter(sees);
  const comingSoon = COMING_SOON.filter(sees);
  // Three a row on a wide screen, or two when that leaves no card alone (four: two rows of two).
  const listColumns = lists.length % 3 !== 0 && lists.length % 2 === 0 ? 2 : 3;
  // The rows are CSS grids (workbench.css): antd's Row and Col would bring 90 KB of styles for
  // every span at every breakpoint, drawn by the server and computed again in the browser.
  const columns = (count: number) => ({ '--workbench-columns': count }) as CSSProperties;

  return (
    <div className="workbench">
      <div className="workbench-section-head">
        <h2 className="workbench-section-title">经营概况</h2>
        <HomeUpdateTime />
      </div>
      <div className="workbench-row workbench-row-totals" style={columns(totals.length)}>
        {totals.map((t) => (
          <HomeStatsCard key={t.kind} kind={t.kind} title={t.title} to={t.to} />
        ))}
      </div>
      <div className="workbench-row workbench-row-agent">
        <Card title="我的代理信息" variant="borderless" className="workbench-card">
          <div className="workbench-agent">
            <AgentProfile agent={agent} />
            <Card type="inner" title="账号完善" size="small" loading={isPending}>
              <OnboardingProgress tasks={tasks} agentLevel={agent.agentLevel} onOpenDialog={openTaskDialog} />
            </Card>
          </div>
        </Card>
        <ListCardSlot card={{ key: 'finance', to: paths.financialMgt }} agentId={agent.id} />
      </div>
      <div className="workbench-row workbench-row-lists" style={columns(listColumns)}>
        {lists.map((card) => (
          <ListCardSlot key={card.key} card={card} agentId={agent.id} />
        ))}
      </div>
      <div className="workbench-row workbench-row-later" style={columns(comingSoon.length)}>
        {comingSoon.map((c) => (
          <ComingSoonCard key={c.key} title={c.title} description={c.description} />
        ))}
      </div>
    </div>
  );
}
