import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input, Select } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The first use of a part loads (and here transforms) its modules: slow on a loaded machine, not a failure.
const LOADED = { timeout: 15_000 };

// The test project applies build/antd-on-demand.ts (vitest.build.config.ts): these are the select
// and the form users get, with the option list, the validation and the scrolling loaded on demand.

beforeEach(() => {
  // jsdom has no ResizeObserver; antd's popups ask for one.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

const statuses = [
  { label: '启用', value: 1 },
  { label: '停用', value: 0 },
];

describe("antd's Select with its option list loaded on demand", () => {
  it('draws no option list before it opens, then the options, which the keyboard chooses', async () => {
    const onChange = vi.fn();
    const { container } = render(<Select aria-label="状态" options={statuses} onChange={onChange} />);
    expect(container.querySelector('.ant-select')).toBeTruthy();
    expect(document.querySelector('.ant-select-item-option')).toBeNull();

    const input = screen.getByRole('combobox');
    fireEvent.mouseDown(input);
    // Open, its list still loading: the select is drawn, its options come with the list's module.
    expect(document.querySelector('.ant-select-dropdown')).toBeTruthy();
    expect(document.querySelector('.ant-select-item-option')).toBeNull();
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBe(2), LOADED);
    expect(screen.getAllByText('停用').length).toBeGreaterThan(0);

    // The select hands its keys to the loaded list through its ref.
    fireEvent.keyDown(input, { key: 'ArrowDown', keyCode: 40, which: 40 });
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13, which: 13 });
    await waitFor(
      () => expect(onChange).toHaveBeenCalledWith(0, expect.objectContaining({ label: '停用' })),
      LOADED,
    );
  });
});

const PhoneForm = ({ onFinish }: { onFinish: (values: { phone: string }) => void }) => (
  <Form onFinish={onFinish} scrollToFirstError>
    <Form.Item name="phone" label="手机号" rules={[{ required: true, message: '请输入手机号' }]}>
      <Input />
    </Form.Item>
    <Button htmlType="submit">提交表单</Button>
  </Form>
);

describe("antd's Form with its validation loaded on demand", () => {
  it('refuses a submit that breaks a rule with its message, and sends one that keeps them', async () => {
    const onFinish = vi.fn();
    render(<PhoneForm onFinish={onFinish} />);
    fireEvent.click(screen.getByRole('button', { name: '提交表单' }));
    expect(await screen.findByText('请输入手机号', {}, LOADED)).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13800000000' } });
    await waitFor(() => expect(screen.queryByText('请输入手机号')).toBeNull(), LOADED);
    fireEvent.click(screen.getByRole('button', { name: '提交表单' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ phone: '13800000000' }), LOADED);
  });
});
