import { type AgentDetail, queryAgentDetail } from '@agent-console/contract/agent-mgt';
import { pathOf } from '@agent-console/contract/endpoint';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as notify from '../../../lib/notify';
import { createQueryClient } from '../../../lib/query-client';
import { fail, ok, on, type Reply, stubApi } from '../../../testing/fetch-stub';
import { agentDetailQuery } from '../api/get-agent-detail';
import { detailAreaNames } from './agent-detail-content';
import { AgentDetailPopover } from './agent-detail-popover';

/** The stub routes by exact path: the popover of agent 4 asks /api/agent/query/4. */
const detailOf4 = (reply: () => Reply<typeof queryAgentDetail>) => ({
  ...on(queryAgentDetail, reply),
  path: pathOf(queryAgentDetail, { id: 4 }),
});

const detail: AgentDetail = {
  id: 4,
  agentName: '鹏城电竞网咖联盟',
  agentLevel: 3,
  areaInfo: '{"440000-440300":"广东省-深圳市"}',
  proportion: 0.6,
  showProportion: true,
  orderProfitRatioRes: {
    baseProfitRatio: 0.2,
    gameProfitRatios: [{ gameName: '王者荣耀', profitRatio: 0.255 }],
  },
  remark: '深圳市级代理',
};

const queryClient = { current: createQueryClient() };

function renderPopover() {
  queryClient.current = createQueryClient();
  render(
    <QueryClientProvider client={queryClient.current}>
      <AgentDetailPopover agentId={4}>鹏城电竞网咖联盟</AgentDetailPopover>
    </QueryClientProvider>,
  );
  return screen.getByText('鹏城电竞网咖联盟');
}

beforeEach(() => {
  // jsdom has no ResizeObserver; antd's popup positioning asks for one.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.useRealTimers();
});

describe('AgentDetailPopover', () => {
  it('shows name, Chinese level, area, ratios as percentages and remark once the call answers 0000', async () => {
    const calls = stubApi(detailOf4(() => ok(detail)));
    fireEvent.mouseEnter(renderPopover());
    expect(await screen.findByText('代理详情')).toBeTruthy();
    expect(screen.getByText('市级代理')).toBeTruthy();
    expect(screen.getByText('广东省-深圳市')).toBeTruthy();
    expect(screen.getByText('60.00%')).toBeTruthy();
    expect(screen.getByText('20.00%')).toBeTruthy();
    expect(screen.getByText('王者荣耀：25.50%')).toBeTruthy();
    expect(screen.getByText('深圳市级代理')).toBeTruthy();
    expect(calls[0]?.path).toBe('/api/agent/query/4');
  });

  it('leaves the ratios out when showProportion is false', async () => {
    stubApi(detailOf4(() => ok({ ...detail, showProportion: false })));
    fireEvent.mouseEnter(renderPopover());
    expect(await screen.findByText('代理详情')).toBeTruthy();
    expect(screen.queryByText('分润比例')).toBeNull();
    expect(screen.queryByText('60.00%')).toBeNull();
  });

  it('shows nothing, not even a toast, when the call fails', async () => {
    const toast = vi.spyOn(notify, 'notifyError').mockImplementation(() => undefined);
    const calls = stubApi(detailOf4(() => fail('1003', '无权访问')));
    fireEvent.mouseEnter(renderPopover());
    // The failed load has settled (and the popover has rendered with it) before looking.
    await waitFor(() =>
      expect(queryClient.current.getQueryState(agentDetailQuery(4).queryKey)?.status).toBe('error'),
    );
    expect(calls).toHaveLength(1);
    expect(screen.queryByText('代理详情')).toBeNull();
    expect(toast).not.toHaveBeenCalled();
  });

  it('hides 300 ms after the pointer leaves', async () => {
    stubApi(detailOf4(() => ok(detail)));
    const trigger = renderPopover();
    fireEvent.mouseEnter(trigger);
    await screen.findByText('代理详情');
    vi.useFakeTimers();
    fireEvent.mouseLeave(trigger);
    act(() => vi.advanceTimersByTime(250));
    expect(document.querySelector('.ant-popover:not(.ant-popover-hidden)')).not.toBeNull();
    act(() => vi.advanceTimersByTime(100));
    await vi.runOnlyPendingTimersAsync();
    vi.useRealTimers();
    await waitFor(() => expect(document.querySelector('.ant-popover:not(.ant-popover-hidden)')).toBeNull());
  });
});

describe('detailAreaNames', () => {
  it('joins the names of the JSON map; none is the whole country', () => {
    expect(detailAreaNames('{"440000":"广东省","450000":"广西壮族自治区"}')).toBe('广东省、广西壮族自治区');
    expect(detailAreaNames('{}')).toBe('全国');
  });
});
