import type { SiteInfo } from '@agent-console/contract/agent';
import { SITE_NAME_MAX } from '@agent-console/contract/setting';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, Upload } from 'antd';
import { useState } from 'react';
import { SiteBrand } from '../../../components/site-brand';
import { notifyError } from '../../../lib/notify';
import { useAction } from '../../../lib/use-action';
import { toBrand } from '../api/get-site-info';
import { useUpdateSiteInfo } from '../api/update-site-info';
import { LOGO_ACCEPT, logoFileError, readAsDataUrl, readHead } from '../logo-file';
import './site-settings-form.css';

interface Values {
  name: string;
}

/** The logo to save: unchanged, a newly chosen picture, or back to the default mark. */
type LogoChoice = { kind: 'keep' } | { kind: 'new'; dataUrl: string } | { kind: 'remove' };

/** Basic settings: the site name and logo every console shows in its sidebar and login page. */
export function SiteSettingsForm({ site, onSaved }: { site: SiteInfo; onSaved?: () => void }) {
  const [form] = Form.useForm<Values>();
  const [logo, setLogo] = useState<LogoChoice>({ kind: 'keep' });
  const update = useUpdateSiteInfo({ onSuccess: onSaved });
  const save = useAction();
  const typedName = Form.useWatch('name', form);

  const current = toBrand(site);
  const shownLogo =
    logo.kind === 'new'
      ? logo.dataUrl
      : logo.kind === 'remove'
        ? toBrand({ ...site, logo: null }).logo
        : current.logo;
  const hasCustomLogo = logo.kind === 'new' || (logo.kind === 'keep' && current.customLogo);
  const preview = toBrand({ name: typedName ?? site.name, logo: null });

  const pick = async (file: File) => {
    const error = logoFileError(file, await readHead(file));
    if (error) {
      notifyError(error);
      return;
    }
    setLogo({ kind: 'new', dataUrl: await readAsDataUrl(file) });
  };

  const onFinish = ({ name }: Values) =>
    save.run(
      async () => {
        await update.mutateAsync({
          name: name.trim(),
          ...(logo.kind === 'new' ? { logo: logo.dataUrl } : logo.kind === 'remove' ? { logo: null } : {}),
        });
        setLogo({ kind: 'keep' });
      },
      { success: '保存成功' },
    );

  const onReset = () => {
    form.resetFields();
    setLogo({ kind: 'keep' });
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ name: site.name ?? '' }}
      onFinish={onFinish}
      className="site-settings"
    >
      <Form.Item
        name="name"
        label="站点名称"
        extra="显示在侧边栏顶部、登录页和浏览器标签页标题中"
        rules={[
          { required: true, whitespace: true, message: '请输入站点名称' },
          { max: SITE_NAME_MAX, message: `站点名称最多${SITE_NAME_MAX}个字` },
        ]}
      >
        <Input placeholder="请输入站点名称" maxLength={SITE_NAME_MAX} showCount allowClear />
      </Form.Item>
      <Form.Item label="站点Logo" extra="支持 JPG、JPEG、PNG 格式，大小不超过 512KB，建议使用正方形图片">
        <div className="site-settings-logo">
          <div className="site-settings-logo-box">
            <img src={shownLogo} alt="站点Logo预览" />
          </div>
          <Space orientation="vertical">
            <Upload
              accept={LOGO_ACCEPT}
              showUploadList={false}
              maxCount={1}
              beforeUpload={(file) => {
                void pick(file);
                return Upload.LIST_IGNORE;
              }}
            >
              <Button icon={<UploadOutlined />}>选择图片</Button>
            </Upload>
            {hasCustomLogo && (
              <Button icon={<DeleteOutlined />} onClick={() => setLogo({ kind: 'remove' })}>
                使用默认Logo
              </Button>
            )}
          </Space>
        </div>
      </Form.Item>
      <Form.Item label="侧边栏预览">
        <div className="site-settings-preview">
          <SiteBrand name={preview.name} logo={shownLogo} theme="dark" />
        </div>
      </Form.Item>
      <Form.Item className="site-settings-actions">
        <Space>
          <Button type="primary" htmlType="submit" loading={save.busy}>
            保存
          </Button>
          <Button onClick={onReset} disabled={save.busy}>
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
