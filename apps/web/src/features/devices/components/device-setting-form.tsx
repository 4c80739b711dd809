import {
  DEVICE_AMOUNT_MAX_FEN,
  DEVICE_DAY_MIN_MINUTES,
  type DeviceSetting,
} from '@agent-console/contract/devices';
import { fenToYuan, yuanToFen } from '@agent-console/contract/money';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useAction } from '../../../lib/use-action';
import { validValues } from '../../../lib/valid-form';
import { deviceSettingQuery, saveDeviceSetting } from '../api/devices';

interface Values {
  minDays: string;
  amountYuan: string;
}

/** 基础设置 › 设备结算设置 (level 0): the days a device must be active in a month, the amount per valid device in yuan. */
export function DeviceSettingForm({ setting }: { setting: DeviceSetting }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const { busy, run } = useAction();
  const initial: Values = {
    minDays: String(setting.minDays),
    amountYuan: fenToYuan(setting.amountPerDevice),
  };

  const save = async () => {
    const v = await validValues(form);
    if (!v) return;
    await run(
      async () => {
        await saveDeviceSetting({
          minDays: Number(v.minDays),
          amountPerDevice: yuanToFen(v.amountYuan) ?? 0,
        });
        await queryClient.invalidateQueries({ queryKey: deviceSettingQuery().queryKey });
      },
      { success: '设备结算设置已保存' },
    );
  };

  return (
    <Form form={form} layout="vertical" initialValues={initial} autoComplete="off">
      <Form.Item
        label="有效天数（天）"
        name="minDays"
        extra={`设备当月在线满此天数计为有效设备；每天在线不少于 ${DEVICE_DAY_MIN_MINUTES} 分钟计为一天`}
        rules={[
          {
            validator: async (_: unknown, value: string | undefined) => {
              const text = (value ?? '').trim();
              const n = Number(text);
              if (!/^\d{1,2}$/.test(text) || n < 1 || n > 31) throw new Error('有效天数须在1到31天之间');
            },
          },
        ]}
      >
        <Input inputMode="numeric" maxLength={2} aria-label="有效天数" />
      </Form.Item>
      <Form.Item
        label="每台结算金额（元）"
        name="amountYuan"
        extra="已结算的月份按结算时的标准和金额计，修改只影响之后的结算"
        rules={[
          {
            validator: async (_: unknown, value: string | undefined) => {
              const fen = yuanToFen(value ?? '');
              if (fen === null || fen < 1 || fen > DEVICE_AMOUNT_MAX_FEN)
                throw new Error('每台结算金额须在0.01元到1,000.00元之间，最多两位小数');
            },
          },
        ]}
      >
        <Input inputMode="decimal" maxLength={8} aria-label="每台结算金额" />
      </Form.Item>
      <Button type="primary" loading={busy} onClick={() => void save()}>
        保存设备结算设置
      </Button>
    </Form>
  );
}
