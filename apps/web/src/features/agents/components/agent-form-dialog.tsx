import type { AgentInfo } from '@agent-console/contract/agent';
import {
  AGENT_FLAG_KEYS,
  AGENT_FLAG_LABELS,
  type AgentFlags,
  type AgentListItem,
} from '@agent-console/contract/agent-mgt';
import { isValidPassword, isValidPhone, Messages } from '@agent-console/contract/validators';
import { useQuery } from '@tanstack/react-query';
import { Alert, Divider, Form, Input, Modal, Select, Switch } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { AgentTreeSelect } from '../../../components/agent-tree-select';
import { agentTreeLabel } from '../../../components/agent-tree-select-model';
import { AreaMultiCascader } from '../../../components/area-cascader';
import { levelLabel } from '../../../lib/format';
import { parseJson } from '../../../lib/json';
import { useAction } from '../../../lib/use-action';
import { agentDetailQuery } from '../api/get-agent-detail';
import { areaDetailQuery } from '../api/get-area-detail';
import { orderProfitRatiosQuery } from '../api/get-order-profit-ratios';
import { isExistingUser } from '../api/is-exist-user';
import { useCreateAgent, useUpdateAgent } from '../api/save-agent';
import { formatRatio, percentToRatio, ratioToPercent } from '../ratio';
import { PercentInput } from './percent-input';
import './agents.css';

/** The label of a permission switch: the contract's name of the flag. */
export const flagLabel = (k: keyof AgentFlags): string =>
  k === 'hasPriceAddRangeFlag' ? `${AGENT_FLAG_LABELS[k]}代理（隐藏分润）` : `${AGENT_FLAG_LABELS[k]}权限`;
const FLAG_KEYS = AGENT_FLAG_KEYS;

export const PHONE_TAKEN_MESSAGE = '该手机号已注册，请更换手机号';

interface FormValues {
  mobilePhone: string;
  password: string;
  agentName: string;
  agentLevel: number | undefined;
  parentId: number;
  areaInfo: string[];
  proportion: string;
  baseProfitRatio: string;
  /** Per game id, the typed percentage. */
  games: Record<string, string>;
  flags: Partial<AgentFlags>;
  remark: string;
}

export type AgentDialogMode = { kind: 'create' } | { kind: 'edit'; row: AgentListItem };

/** The area keys of a row (a JSON array); anything else gives none, and the areas are picked again. */
const parseAreaInfo = (areaInfo: string): string[] => {
  const parsed = parseJson(areaInfo);
  return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
};

function initialValues(mode: AgentDialogMode, selfId: number, selfLevel: number): FormValues {
  if (mode.kind === 'create') {
    return {
      mobilePhone: '',
      password: '',
      agentName: '',
      agentLevel: selfLevel < 5 ? selfLevel + 1 : undefined,
      parentId: selfId,
      areaInfo: [],
      proportion: '',
      baseProfitRatio: '',
      games: {},
      flags: {},
      remark: '',
    };
  }
  const { row } = mode;
  return {
    mobilePhone: row.mobilePhone,
    password: '',
    agentName: row.agentName,
    agentLevel: row.agentLevel,
    parentId: row.parentId ?? selfId,
    areaInfo: parseAreaInfo(row.areaInfo),
    proportion: ratioToPercent(row.proportion),
    baseProfitRatio: ratioToPercent(row.baseProfitRatio),
    games: Object.fromEntries(
      row.gameProfitRatios.map((g) => [String(g.gameId), ratioToPercent(g.profitRatio)]),
    ),
    flags: Object.fromEntries(FLAG_KEYS.map((k) => [k, row[k]])),
    remark: row.remark,
  };
}

/** The levels a new agent under a parent of `parentLevel` may have: deeper ones only. */
export const levelsBelow = (parentLevel: number) =>
  [1, 2, 3, 4, 5].filter((l) => l > parentLevel).map((l) => ({ value: l, label: levelLabel(l) }));

/**
 * Create or edit a sub-agent (spec section 2 "agent dialogs"; issue 4): phone and initial password
 * on creation, name, level (deeper than the parent), parent (the caller by default), areas inside
 * the parent's, the profit settings as percentages never above the parent's (hidden when
 * hasPriceAddRangeFlag is set), the permission flags the parent holds, and a remark.
 */
export function AgentFormDialog({
  open,
  mode,
  agent,
  onClose,
}: {
  open: boolean;
  mode: AgentDialogMode;
  agent: Pick<AgentInfo, 'id' | 'agentLevel' | 'structuredPid' | 'hasPriceAddRangeFlag'>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const create = useCreateAgent();
  const update = useUpdateAgent();
  const save = useAction();
  const editing = mode.kind === 'edit';
  const initial = useMemo(
    () => initialValues(mode, agent.id, agent.agentLevel),
    [mode, agent.id, agent.agentLevel],
  );

  const watchedParent = Form.useWatch('parentId', form);
  const parentId = watchedParent ?? initial.parentId;
  /** The limits' owner: undefined for the caller itself (the endpoints default to it). */
  const parentArg = parentId === agent.id ? undefined : parentId;
  const parentDetail = useQuery({ ...agentDetailQuery(parentId), enabled: open && parentArg !== undefined });
  const parentLevel = parentArg === undefined ? agent.agentLevel : parentDetail.data?.agentLevel;
  const limits = useQuery({ ...orderProfitRatiosQuery(parentArg), enabled: open });
  const areas = useQuery({ ...areaDetailQuery(parentArg), enabled: open });

  const ownRangeFlag = Form.useWatch(['flags', 'hasPriceAddRangeFlag'], form) === true;
  const profitHidden = agent.hasPriceAddRangeFlag || ownRangeFlag;
  const level = Form.useWatch('agentLevel', form);
  /** Below level 1 an agent needs at least one area (level 1 may cover the whole country). */
  const areaRequired = ((mode.kind === 'edit' ? mode.row.agentLevel : level) ?? 0) > 1;

  // Parent changed: what depended on it goes back to empty.
  const [lastParent, setLastParent] = useState(initial.parentId);
  useEffect(() => {
    if (!open || editing || parentId === lastParent) return;
    setLastParent(parentId);
    form.setFieldsValue({ areaInfo: [], games: {}, flags: {}, proportion: '', baseProfitRatio: '' });
  }, [open, editing, parentId, lastParent, form]);
  // The level must stay deeper than the parent's, whose level may arrive later.
  useEffect(() => {
    if (!open || editing || parentLevel === undefined) return;
    const current = form.getFieldValue('agentLevel') as number | undefined;
    if (current === undefined || current <= parentLevel) {
      form.setFieldValue('agentLevel', parentLevel < 5 ? parentLevel + 1 : undefined);
    }
  }, [open, editing, parentLevel, form]);

  const limit = limits.data;
  const pct = (ratio: number | undefined) => (ratio === undefined ? 100 : Math.round(ratio * 10000) / 100);

  const onFinish = async (values: FormValues) => {
    const keep = editing && mode.kind === 'edit' ? mode.row : null;
    const profit = profitHidden
      ? {
          proportion: keep?.proportion ?? 0,
          baseProfitRatio: keep?.baseProfitRatio ?? 0,
          gameProfitRatios: (keep?.gameProfitRatios ?? []).map((g) => ({
            gameId: g.gameId,
            profitRatio: g.profitRatio,
          })),
        }
      : {
          proportion: percentToRatio(values.proportion) ?? 0,
          baseProfitRatio: percentToRatio(values.baseProfitRatio) ?? 0,
          gameProfitRatios: Object.entries(values.games ?? {}).flatMap(([gameId, p]) => {
            const ratio = percentToRatio(p ?? '');
            return ratio === null ? [] : [{ gameId: Number(gameId), profitRatio: ratio }];
          }),
        };
    const parentFlags = limit?.flags;
    const flags = Object.fromEntries(
      FLAG_KEYS.filter((k) => parentFlags?.[k] === true).map((k) => [k, values.flags?.[k] === true]),
    );
    const common = {
      agentName: values.agentName.trim(),
      areaInfo: values.areaInfo ?? [],
      ...profit,
      remark: (values.remark ?? '').trim(),
      flags,
    };
    // A refusal the api client has shown leaves the form with what was typed.
    await save.run(
      async () => {
        if (mode.kind === 'edit') await update.mutateAsync({ id: mode.row.id, ...common });
        else {
          await create.mutateAsync({
            mobilePhone: values.mobilePhone.trim(),
            password: values.password,
            agentLevel: values.agentLevel ?? 0,
            ...(parentArg === undefined ? {} : { parentId: parentArg }),
            ...common,
          });
        }
        onClose();
      },
      { success: mode.kind === 'edit' ? '修改成功' : '创建成功' },
    );
  };

  const parentName = editing
    ? (mode.row.parentName ?? agentTreeLabel(agent.structuredPid, parentId) ?? '—')
    : '';

  return (
    <Modal
      open={open}
      title={editing ? '编辑代理' : '新增代理'}
      width={720}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      classNames={{ body: 'agent-form-body' }}
    >
      <Form<FormValues>
        name="agent-form"
        form={form}
        className="agent-form"
        layout="horizontal"
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 16 }}
        initialValues={initial}
        onFinish={onFinish}
        preserve={false}
      >
        <Form.Item
          name="mobilePhone"
          label="手机号"
          validateTrigger={['onChange', 'onBlur']}
          rules={
            editing
              ? []
              : [
                  { required: true, whitespace: true, message: Messages.phoneRequired },
                  {
                    validator: async (_, v: string | undefined) => {
                      if (v && !isValidPhone(v.trim())) throw new Error(Messages.phoneInvalid);
                    },
                  },
                  {
                    validateTrigger: 'onBlur',
                    validator: async (_, v: string | undefined) => {
                      const phone = v?.trim() ?? '';
                      if (isValidPhone(phone) && (await isExistingUser(phone)) === true) {
                        throw new Error(PHONE_TAKEN_MESSAGE);
                      }
                    },
                  },
                ]
          }
        >
          <Input placeholder="请输入手机号" maxLength={11} disabled={editing} autoComplete="off" />
        </Form.Item>
        {!editing && (
          <Form.Item
            name="password"
            label="初始密码"
            extra="新代理首次登录后需修改初始密码"
            rules={[
              { required: true, message: '请输入初始密码' },
              {
                validator: async (_, v: string | undefined) => {
                  if (v && !isValidPassword(v)) throw new Error(Messages.passwordInvalid);
                },
              },
            ]}
          >
            <Input.Password placeholder="6-20位数字字母组合" maxLength={20} autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item
          name="agentName"
          label="代理名称"
          rules={[
            { required: true, whitespace: true, message: '请输入代理名称' },
            { max: 50, message: '代理名称最多50个字' },
          ]}
        >
          <Input placeholder="请输入代理名称" maxLength={50} />
        </Form.Item>
        {editing ? (
          <>
            <Form.Item label="代理等级">{levelLabel(mode.row.agentLevel)}</Form.Item>
            <Form.Item label="上级代理">{parentName}</Form.Item>
          </>
        ) : (
          <>
            <Form.Item
              name="parentId"
              label="上级代理"
              rules={[{ required: true, message: '请选择上级代理' }]}
            >
              <AgentTreeSelect tree={agent.structuredPid} selfId={agent.id} withoutRoot allowClear={false} />
            </Form.Item>
            <Form.Item
              name="agentLevel"
              label="代理等级"
              rules={[{ required: true, message: '请选择代理等级' }]}
            >
              <Select
                placeholder="请选择代理等级"
                loading={parentLevel === undefined}
                options={parentLevel === undefined ? [] : levelsBelow(parentLevel)}
                notFoundContent="该代理不能再有下级"
              />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="areaInfo"
          label="代理地区"
          extra="只能选择上级代理的地区之内"
          required={areaRequired}
          rules={[
            {
              validator: async (_, v: string[] | undefined) => {
                if (areaRequired && (v ?? []).length === 0) throw new Error('请选择代理地区');
              },
            },
          ]}
        >
          <AreaMultiCascader options={areas.data ?? []} disabled={areas.isPending} />
        </Form.Item>

        {!profitHidden && (
          <>
            <Divider titlePlacement="start" plain>
              分润设置
            </Divider>
            {limits.isError && <Alert type="warning" showIcon title="上级分润比例加载失败，请关闭后重试" />}
            <Form.Item
              name="proportion"
              label="分润比例"
              extra={limit ? `不能高于上级的 ${formatRatio(limit.proportion)}` : undefined}
              rules={[{ required: true, message: '请输入分润比例' }]}
            >
              <PercentInput max={pct(limit?.proportion)} />
            </Form.Item>
            <Form.Item
              name="baseProfitRatio"
              label="基础分润比例"
              extra={limit ? `不能高于上级的 ${formatRatio(limit.baseProfitRatio)}` : undefined}
              rules={[{ required: true, message: '请输入基础分润比例' }]}
            >
              <PercentInput max={pct(limit?.baseProfitRatio)} />
            </Form.Item>
            {(limit?.gameProfitRatios.length ?? 0) > 0 && (
              <Form.Item label="游戏特殊分润" extra="不填则按基础分润；每项不能高于上级的该游戏比例">
                <div className="agent-games">
                  {(limit?.gameProfitRatios ?? []).map((g) => (
                    <Form.Item
                      key={g.gameId}
                      name={['games', String(g.gameId)]}
                      label={`${g.gameName}分润`}
                      className="agent-game"
                      labelCol={{ flex: '112px' }}
                      wrapperCol={{ flex: 'auto' }}
                    >
                      <PercentInput max={pct(g.profitRatio)} placeholder={`≤ ${pct(g.profitRatio)}`} />
                    </Form.Item>
                  ))}
                </div>
              </Form.Item>
            )}
          </>
        )}

        <Divider titlePlacement="start" plain>
          权限
        </Divider>
        <div className="agent-flags">
          {FLAG_KEYS.map((k) => {
            const allowed = limit?.flags[k] === true;
            return (
              <Form.Item
                key={k}
                name={['flags', k]}
                label={flagLabel(k)}
                valuePropName="checked"
                labelCol={{ span: 16 }}
                wrapperCol={{ span: 8 }}
                tooltip={allowed ? undefined : '上级代理没有此权限'}
              >
                <Switch size="small" disabled={!allowed} />
              </Form.Item>
            );
          })}
        </div>
        <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '备注最多200个字' }]}>
          <Input.TextArea rows={2} maxLength={200} showCount placeholder="选填" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
