import { type ChannelListItem, ChannelMessages, isValidHostname } from '@agent-console/contract/promotion';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Radio, Select } from 'antd';
import { useMemo, useState } from 'react';
import { debounce } from '../../../lib/debounce';
import { useAction } from '../../../lib/use-action';
import { netBarOptionsQuery, useCreateChannel, useUpdateChannel } from '../api/channels';

export type ChannelDialogMode = { kind: 'create' } | { kind: 'edit'; row: ChannelListItem };

interface FormValues {
  kind: 'client' | 'web';
  netBarId: number | undefined;
  domain: string;
  channelName: string;
  remark: string;
}

/** The domain as the server keeps it: trimmed, lower case. */
const normalDomain = (value: string | undefined) => (value ?? '').trim().toLowerCase();

/**
 * Create or edit a promotion channel: a client channel of a net bar of the caller's subtree (the
 * bar picked by name), or a web channel with its domain; name and remark. The checks are the
 * contract's, with its messages; the server checks them again.
 */
export function ChannelFormDialog({
  open,
  mode,
  onClose,
}: {
  open: boolean;
  mode: ChannelDialogMode;
  onClose: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const create = useCreateChannel();
  const update = useUpdateChannel();
  const save = useAction();
  const editing = mode.kind === 'edit';
  const initial = useMemo<FormValues>(
    () =>
      mode.kind === 'edit'
        ? {
            kind: mode.row.kind,
            netBarId: mode.row.netBarId ?? undefined,
            domain: mode.row.domain ?? '',
            channelName: mode.row.channelName,
            remark: mode.row.remark,
          }
        : { kind: 'client', netBarId: undefined, domain: '', channelName: '', remark: '' },
    [mode],
  );
  const kind = Form.useWatch('kind', form) ?? initial.kind;

  const [keyword, setKeyword] = useState('');
  const onSearch = useMemo(() => debounce((text: string) => setKeyword(text.trim()), 300), []);
  const bars = useQuery({ ...netBarOptionsQuery(keyword), enabled: open && !editing && kind === 'client' });
  const barOptions = (bars.data ?? []).map((b) => ({
    value: b.netBarId,
    label: `${b.netBarName}（${b.agentName}）`,
  }));

  const onFinish = async (values: FormValues) => {
    const channelName = values.channelName.trim();
    const remark = (values.remark ?? '').trim();
    await save.run(
      async () => {
        if (mode.kind === 'edit') {
          await update.mutateAsync({
            channelId: mode.row.channelId,
            channelName,
            remark,
            ...(mode.row.kind === 'web' ? { domain: normalDomain(values.domain) } : {}),
          });
        } else if (values.kind === 'client') {
          await create.mutateAsync({ kind: 'client', netBarId: values.netBarId ?? 0, channelName, remark });
        } else {
          await create.mutateAsync({ kind: 'web', domain: normalDomain(values.domain), channelName, remark });
        }
        onClose();
      },
      { success: editing ? '修改成功' : '创建成功' },
    );
  };

  return (
    <Modal
      open={open}
      title={editing ? '编辑渠道' : '新增渠道'}
      width={560}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<FormValues>
        name="channel-form"
        form={form}
        layout="horizontal"
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 16 }}
        initialValues={initial}
        onFinish={onFinish}
        preserve={false}
      >
        <Form.Item name="kind" label="渠道类型">
          <Radio.Group
            disabled={editing}
            options={[
              { value: 'client', label: '客户端渠道' },
              { value: 'web', label: '网页渠道' },
            ]}
          />
        </Form.Item>
        {kind === 'client' ? (
          <Form.Item
            name="netBarId"
            label="网吧"
            rules={[{ required: !editing, message: ChannelMessages.netBarRequired }]}
          >
            {editing ? (
              <Select
                disabled
                options={[
                  { value: initial.netBarId, label: mode.kind === 'edit' ? mode.row.netBarName : '' },
                ]}
              />
            ) : (
              <Select
                showSearch={{ filterOption: false, onSearch }}
                placeholder="请输入网吧名称搜索"
                loading={bars.isFetching}
                options={barOptions}
                notFoundContent={bars.isFetching ? '加载中…' : '没有可选的网吧'}
              />
            )}
          </Form.Item>
        ) : (
          <Form.Item
            name="domain"
            label="推广域名"
            rules={[
              { required: true, whitespace: true, message: ChannelMessages.domainRequired },
              {
                validator: (_, value: string | undefined) =>
                  !value?.trim() || isValidHostname(normalDomain(value))
                    ? Promise.resolve()
                    : Promise.reject(new Error(ChannelMessages.domainInvalid)),
              },
            ]}
          >
            <Input placeholder="例如 promo.example.com" maxLength={253} />
          </Form.Item>
        )}
        <Form.Item
          name="channelName"
          label="渠道名称"
          rules={[
            { required: true, whitespace: true, message: ChannelMessages.nameRequired },
            { max: 50, message: ChannelMessages.nameTooLong },
          ]}
        >
          <Input placeholder="请输入渠道名称" />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[{ max: 200, message: ChannelMessages.remarkTooLong }]}>
          <Input.TextArea rows={2} placeholder="选填" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
