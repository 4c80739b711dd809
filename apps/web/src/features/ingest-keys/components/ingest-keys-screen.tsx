import { INGEST_PATH } from '@agent-console/contract/ingest';
import { INGEST_KEY_NAME_MAX, type IngestKeyItem } from '@agent-console/contract/ingest-keys';
import { Alert, Button, Form, Input, Modal, Popconfirm, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { TimeCell } from '../../../components/table-cells';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { runAction } from '../../../lib/use-action';
import { validValues } from '../../../lib/valid-form';
import { useCreateIngestKey, useIngestKeys, useRevokeIngestKey } from '../api/ingest-keys';
import './ingest-keys-screen.css';

/** Copies text to the clipboard; false when the browser refuses. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * 接入密钥 (level 0): the keys the rental platform signs its ingestion requests with. A new key's
 * secret is shown once, in a dialog with a copy button; a console key can be revoked.
 */
export function IngestKeysScreen() {
  const keys = useIngestKeys();
  const create = useCreateIngestKey();
  const revoke = useRevokeIngestKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ id: string; name: string; secret: string } | null>(null);
  const [form] = Form.useForm<{ name: string }>();

  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    await runAction(() => create.mutateAsync(values.name.trim()), {
      success: (key) => {
        if (key) setCreated(key);
        setCreating(false);
        form.resetFields();
        return '密钥已创建';
      },
    });
  };

  const columns: TableColumnsType<IngestKeyItem> = [
    { title: '密钥ID', dataIndex: 'id', width: 200, render: (id: string) => <code>{id}</code> },
    { title: '名称', dataIndex: 'name' },
    {
      title: '来源',
      dataIndex: 'source',
      width: 110,
      render: (source: IngestKeyItem['source']) => (source === 'env' ? '环境变量' : '控制台'),
    },
    {
      title: '状态',
      key: 'state',
      width: 90,
      render: (_, row) => (row.revokeTime ? <Tag>已吊销</Tag> : <Tag color="green">有效</Tag>),
    },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      width: 110,
      render: (t: string | null) => <TimeCell value={t} />,
    },
    {
      title: '最近使用',
      dataIndex: 'lastUsedTime',
      width: 110,
      render: (t: string | null) => (t ? <TimeCell value={t} /> : '从未使用'),
    },
    {
      title: '吊销时间',
      dataIndex: 'revokeTime',
      width: 110,
      render: (t: string | null) => <TimeCell value={t} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, row) =>
        row.source === 'console' && !row.revokeTime ? (
          <Popconfirm
            title={`确定吊销密钥 ${row.name}？`}
            description="吊销后使用该密钥签名的请求将被拒绝，且无法恢复。"
            okText="确定吊销"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => runAction(() => revoke.mutateAsync(row.id), { success: '密钥已吊销' })}
          >
            <Button type="link" size="small" danger>
              吊销
            </Button>
          </Popconfirm>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <div className="ingest-keys">
      <Alert
        type="info"
        showIcon
        title={`租号平台以接入密钥签名调用数据接入接口 POST ${INGEST_PATH}（请求头 X-Ingest-Key、X-Ingest-Timestamp、X-Ingest-Signature）。密钥只在创建时显示一次，请妥善保存。`}
      />
      <div className="ingest-keys-toolbar">
        <Button type="primary" onClick={() => setCreating(true)}>
          新建密钥
        </Button>
      </div>
      <Table<IngestKeyItem>
        rowKey="id"
        columns={columns}
        dataSource={keys.data ?? []}
        loading={keys.isFetching}
        pagination={false}
        scroll={{ x: 900 }}
      />
      <Modal
        title="新建接入密钥"
        open={creating}
        okText="创建"
        cancelText="取消"
        okButtonProps={{ loading: create.isPending }}
        onOk={() => void submit()}
        onCancel={() => {
          setCreating(false);
          form.resetFields();
        }}
      >
        <Form form={form} layout="vertical">
          <Form.Item
            label="密钥名称"
            name="name"
            rules={[
              { required: true, whitespace: true, message: '请输入密钥名称' },
              { max: INGEST_KEY_NAME_MAX, message: `密钥名称最多${INGEST_KEY_NAME_MAX}个字` },
            ]}
          >
            <Input
              maxLength={INGEST_KEY_NAME_MAX}
              placeholder="例如：租号平台正式环境"
              aria-label="密钥名称"
            />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title="密钥已创建"
        open={created !== null}
        destroyOnHidden
        closable={false}
        maskClosable={false}
        keyboard={false}
        cancelButtonProps={{ style: { display: 'none' } }}
        okText="我已保存，关闭"
        onOk={() => setCreated(null)}
      >
        {created && (
          <div className="ingest-key-secret">
            <Alert type="warning" showIcon title="密钥只显示这一次，关闭后无法再次查看，请立即复制保存。" />
            <dl>
              <dt>密钥ID</dt>
              <dd>
                <code data-testid="created-key-id">{created.id}</code>
              </dd>
              <dt>密钥</dt>
              <dd>
                <code data-testid="created-key-secret">{created.secret}</code>
              </dd>
            </dl>
            <Button
              onClick={async () =>
                (await copyText(created.secret))
                  ? notifySuccess('已复制')
                  : notifyError('复制失败，请手动选择复制')
              }
            >
              复制密钥
            </Button>
          </div>
        )}
      </Modal>
    </div>
  );
}
