import { ChannelMessages, isValidHostname } from '@agent-console/contract/promotion';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useAction } from '../../../lib/use-action';
import { useSetWebConfig, webConfigQuery } from '../api/channels';
import './promotion.css';

/** The agent's web promotion domain: shown, and set with the contract's check (the server checks again). */
export function WebDomainConfig() {
  const config = useQuery(webConfigQuery());
  const set = useSetWebConfig();
  const save = useAction();
  const [form] = Form.useForm<{ domain: string }>();
  const current = config.data?.domain ?? null;
  return (
    <div className="promotion-config" data-testid="web-domain-config">
      <span>
        推广域名：
        <span className="promotion-config-domain" data-testid="web-domain">
          {current ?? '未设置'}
        </span>
      </span>
      <Form
        form={form}
        layout="inline"
        name="web-domain"
        onFinish={async ({ domain }) => {
          await save.run(
            async () => {
              await set.mutateAsync(domain.trim().toLowerCase());
              form.resetFields();
            },
            { success: '推广域名已保存' },
          );
        }}
      >
        <Form.Item
          name="domain"
          rules={[
            { required: true, whitespace: true, message: ChannelMessages.domainRequired },
            {
              validator: (_, value: string | undefined) =>
                !value?.trim() || isValidHostname(value.trim().toLowerCase())
                  ? Promise.resolve()
                  : Promise.reject(new Error(ChannelMessages.domainInvalid)),
            },
          ]}
        >
          <Input placeholder="例如 promo.example.com" maxLength={253} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" loading={save.busy}>
            {current ? '修改域名' : '设置域名'}
          </Button>
        </Form.Item>
      </Form>
    </div>
  );
}
