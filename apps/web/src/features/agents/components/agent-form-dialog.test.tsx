import {
  type AgentListItem,
  createAgent,
  getOrderProfitRatios,
  isXuanHaoExistUser,
  queryAgentAreaDetail,
  type UpdateAgentRequest,
  updateAgent,
} from '@agent-console/contract/agent-mgt';
import { pathOf } from '@agent-console/contract/endpoint';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { md5 } from 'js-md5';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as notify from '../../../lib/notify';
import { createQueryClient } from '../../../lib/query-client';
import { ok, on, stubApi } from '../../../testing/fetch-stub';
import { type AgentDialogMode, AgentFormDialog } from './agent-form-dialog';

const self = {
  id: 1,
  agentLevel: 0,
  structuredPid: [{ id: -1, label: '全部', children: [{ id: 1, label: '本级' }] }],
  hasPriceAddRangeFlag: false,
};

const limits = {
  proportion: 0.7,
  baseProfitRatio: 0.25,
  gameProfitRatios: [{ gameId: 2, gameName: '王者荣耀', profitRatio: 0.3 }],
  flags: {
    setTopAuthority: true,
    addPricePermission: false,
    isHbpush: false,
    xuanhaoApp: false,
    hasMemberFinanceMenu: false,
    setSettleAuthority: false,
    hasPriceAddRangeFlag: false,
  },
};

const row: AgentListItem = {
  id: 9,
  userId: 10009,
  parentId: 1,
  parentName: '星途总代',
  agentName: '华南网咖',
  agentLevel: 1,
  mobilePhone: '137****5678',
  areaInfo: '[]',
  areaNames: [],
  proportion: 0.5,
  baseProfitRatio: 0.1,
  gameProfitRatios: [{ gameId: 2, gameName: '王者荣耀', profitRatio: 0.155 }],
  subAgentCount: 0,
  netBarCount: 0,
  remark: '老客户',
  createTime: '2026-01-01 00:00:00',
  ...limits.flags,
};

function renderDialog(mode: AgentDialogMode, agent = self) {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AgentFormDialog open mode={mode} agent={agent} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

const common = () => [
  on(getOrderProfitRatios, () => ok(limits)),
  on(queryAgentAreaDetail, () => ok([])),
  {
    ...on(isXuanHaoExistUser, () => ok(true)),
    path: pathOf(isXuanHaoExistUser, { mobilePhone: '13800000004' }),
  },
  {
    ...on(isXuanHaoExistUser, () => ok(false)),
    path: pathOf(isXuanHaoExistUser, { mobilePhone: '13712345678' }),
  },
];

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: /保\s*存/ });

beforeEach(() => {
  // jsdom has no ResizeObserver; antd's selects and popups ask for one.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.spyOn(notify, 'notifySuccess').mockImplementation(() => undefined);
  vi.spyOn(notify, 'notifyError').mockImplementation(() => undefined);
});

// Typing into antd forms under jsdom is slow: these tests get more time.
describe('AgentFormDialog', () => {
  it('checks the fields with the messages of the spec and refuses a registered phone', async () => {
    const calls = stubApi(
      ...common(),
      on(createAgent, () => ok(row)),
    );
    renderDialog({ kind: 'create' });
    await userEvent.click(save());
    expect(await screen.findByText('请输入手机号')).toBeTruthy();
    expect(screen.getByText('请输入初始密码')).toBeTruthy();
    expect(screen.getByText('请输入代理名称')).toBeTruthy();

    await userEvent.type(field('手机号'), '1234');
    expect(await screen.findByText('手机号不正确')).toBeTruthy();
    await userEvent.clear(field('手机号'));
    await userEvent.type(field('手机号'), '13800000004');
    await userEvent.click(field('代理名称'));
    expect(await screen.findByText('该手机号已注册，请更换手机号')).toBeTruthy();
    await userEvent.type(field('初始密码'), 'abcdef');
    await userEvent.click(field('代理名称'));
    expect(await screen.findByText('请输入6-20位数字字母组合')).toBeTruthy();
    expect(calls.some((c) => c.path === createAgent.path)).toBe(false);
  });

  it('creates with the MD5 of the password, ratios from percentages never above the parent, and only the flags the parent holds', async () => {
    const calls = stubApi(
      ...common(),
      on(createAgent, () => ok(row)),
    );
    const onClose = renderDialog({ kind: 'create' });
    await userEvent.type(field('手机号'), '13712345678');
    await userEvent.type(field('初始密码'), 'Shenzhen2026');
    await userEvent.type(field('代理名称'), '华南网咖');
    await screen.findByText('不能高于上级的 70.00%');
    await userEvent.type(field('分润比例'), '150');
    expect(field('分润比例').value).toBe('70');
    await userEvent.type(field('基础分润比例'), '12.345');
    expect(field('基础分润比例').value).toBe('12.34');
    await userEvent.type(field('王者荣耀分润'), '31');
    expect(field('王者荣耀分润').value).toBe('30');
    await userEvent.clear(field('王者荣耀分润'));
    await userEvent.type(field('王者荣耀分润'), '15.5');

    const switches = screen.getAllByRole('switch');
    expect(switches).toHaveLength(7);
    expect(switches.filter((s) => !s.hasAttribute('disabled'))).toHaveLength(1);
    await userEvent.click(field('商品置顶权限'));

    await userEvent.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const body = calls.find((c) => c.path === createAgent.path)?.body;
    expect(body).toEqual({
      mobilePhone: '13712345678',
      password: md5('Shenzhen2026'),
      agentLevel: 1,
      agentName: '华南网咖',
      areaInfo: [],
      proportion: 0.7,
      baseProfitRatio: 0.1234,
      gameProfitRatios: [{ gameId: 2, profitRatio: 0.155 }],
      remark: '',
      flags: { setTopAuthority: true },
    });
  });

  it('edits with the row as it is, level and parent fixed', async () => {
    let sent: UpdateAgentRequest | null = null;
    stubApi(
      ...common(),
      on(updateAgent, (body) => {
        sent = body;
        return ok(row);
      }),
    );
    const onClose = renderDialog({ kind: 'edit', row });
    expect(field('代理名称').value).toBe('华南网咖');
    expect(field('分润比例').value).toBe('50');
    expect(screen.queryByLabelText('初始密码')).toBeNull();
    expect(screen.getByText('星途总代')).toBeTruthy();
    await screen.findByText('不能高于上级的 70.00%');
    expect(field('王者荣耀分润').value).toBe('15.5');
    await userEvent.clear(field('分润比例'));
    await userEvent.type(field('分润比例'), '45');
    await userEvent.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(sent).toEqual({
      id: 9,
      agentName: '华南网咖',
      areaInfo: [],
      proportion: 0.45,
      baseProfitRatio: 0.1,
      gameProfitRatios: [{ gameId: 2, profitRatio: 0.155 }],
      remark: '老客户',
      flags: { setTopAuthority: true },
    });
  });

  it('marks 代理地区 required below level 1 only, and asks for it there', async () => {
    const calls = stubApi(...common());
    const isRequired = () =>
      screen.getByText('代理地区', { selector: 'label' }).classList.contains('ant-form-item-required');
    // The operator creates a level 1 agent by default: the whole country is allowed.
    renderDialog({ kind: 'create' });
    await screen.findByText('不能高于上级的 70.00%');
    expect(isRequired()).toBe(false);
    await userEvent.click(save());
    await screen.findByText('请输入手机号');
    expect(screen.queryByText('请选择代理地区')).toBeNull();
    cleanup();

    // A level 2 agent's sub-agents are level 3 or deeper: the mark shows and an empty choice is refused.
    renderDialog({ kind: 'create' }, { ...self, id: 5, agentLevel: 2 });
    await screen.findByText('不能高于上级的 70.00%');
    expect(isRequired()).toBe(true);
    await userEvent.click(save());
    expect(await screen.findByText('请选择代理地区')).toBeTruthy();
    cleanup();

    // Editing: the row's own level decides.
    renderDialog({ kind: 'edit', row: { ...row, agentLevel: 4, areaInfo: '["440000"]' } });
    await screen.findByText('不能高于上级的 70.00%');
    expect(isRequired()).toBe(true);
    expect(calls.some((c) => c.path === createAgent.path || c.path === updateAgent.path)).toBe(false);
  });

  it('hides the profit block when the agent has hasPriceAddRangeFlag', async () => {
    stubApi(...common());
    renderDialog({ kind: 'create' }, { ...self, hasPriceAddRangeFlag: true });
    await screen.findByText('权限');
    expect(screen.queryByText('分润设置')).toBeNull();
    expect(screen.queryByLabelText('分润比例')).toBeNull();
  });
});
