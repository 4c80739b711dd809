import { fenToYuan, formatYuan, yuanToFen } from '@agent-console/contract/money';
import { type WithdrawSetting, withdrawFeeOf } from '@agent-console/contract/withdrawals';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useAction } from '../../../lib/use-action';
import { validValues } from '../../../lib/valid-form';
import { saveWithdrawSetting, withdrawSettingQuery } from '../api/finance';
import { feeRateText, percentToFeeRate } from '../withdraw-labels';

interface Values {
  minYuan: string;
  feePercent: string;
  feeFixedYuan: string;
}

const yuanRule = (label: string, min: number) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const fen = yuanToFen(value ?? '');
    if (fen === null || fen < min) throw new Error(`${label}须为不小于${fenToYuan(min)}的金额，最多两位小数`);
  },
});

/** 基础设置 › 提现设置 (level 0): the minimum and the fee of every withdrawal, typed in yuan and %. */
export function WithdrawSettingForm({ setting }: { setting: WithdrawSetting }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const { busy, run } = useAction();
  const initial: Values = {
    minYuan: fenToYuan(setting.minAmount),
    feePercent: feeRateText(setting.feeRate).replace('%', ''),
    feeFixedYuan: fenToYuan(setting.feeFixed),
  };
  const values = Form.useWatch([], form) as Values | undefined;
  const example = (() => {
    const rate = percentToFeeRate(values?.feePercent ?? '');
    const fixed = yuanToFen(values?.feeFixedYuan ?? '');
    if (rate === null || fixed === null) return null;
    const amount = 100_000;
    return `例：提现 ${formatYuan(amount)} 元，手续费 ${formatYuan(withdrawFeeOf(amount, { feeRate: rate, feeFixed: fixed }))} 元`;
  })();

  const save = async () => {
    const v = await validValues(form);
    if (!v) return;
    await run(
      async () => {
        await saveWithdrawSetting({
          minAmount: yuanToFen(v.minYuan) ?? 0,
          feeRate: percentToFeeRate(v.feePercent) ?? 0,
          feeFixed: yuanToFen(v.feeFixedYuan) ?? 0,
        });
        await queryClient.invalidateQueries({ queryKey: withdrawSettingQuery().queryKey });
      },
      { success: '提现设置已保存' },
    );
  };

  return (
    <Form form={form} layout="vertical" initialValues={initial} autoComplete="off">
      <Form.Item label="最低提现金额（元）" name="minYuan" rules={[yuanRule('最低提现金额', 1)]}>
        <Input inputMode="decimal" maxLength={14} aria-label="最低提现金额" />
      </Form.Item>
      <Form.Item
        label="手续费率（%）"
        name="feePercent"
        extra="按提现金额计算，不足一分的部分舍去"
        rules={[
          {
            validator: async (_: unknown, value: string | undefined) => {
              if (percentToFeeRate(value ?? '') === null)
                throw new Error('手续费率须在0%到100%之间，最多两位小数');
            },
          },
        ]}
      >
        <Input inputMode="decimal" maxLength={6} aria-label="手续费率" />
      </Form.Item>
      <Form.Item
        label="每笔固定手续费（元）"
        name="feeFixedYuan"
        rules={[yuanRule('固定手续费', 0)]}
        extra={example}
      >
        <Input inputMode="decimal" maxLength={10} aria-label="固定手续费" />
      </Form.Item>
      <Button type="primary" loading={busy} onClick={() => void save()}>
        保存提现设置
      </Button>
    </Form>
  );
}
