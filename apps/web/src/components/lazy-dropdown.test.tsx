import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// antd's popups measure themselves; jsdom has no ResizeObserver.
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  // A fresh module per test: its dropdown chunk not loaded yet.
  vi.resetModules();
});

const items = [
  { key: 'refresh', label: '刷新页面' },
  { key: 'closeAll', label: '关闭所有' },
];

/** The menu's items once antd's dropdown has drawn them. */
const menuShown = () => waitFor(() => expect(screen.getByText('关闭所有')).toBeTruthy(), { timeout: 10_000 });

describe('LazyDropdown', () => {
  it('draws the trigger alone, as it looks, then opens on a click once antd is there', async () => {
    const { LazyDropdown } = await import('./lazy-dropdown');
    const onClick = vi.fn();
    const { container } = render(
      <LazyDropdown trigger={['click']} menu={{ items, onClick }}>
        <button type="button" className="bell">
          待办
        </button>
      </LazyDropdown>,
    );
    expect(container.innerHTML).toBe('<button type="button" class="bell">待办</button>');
    // antd's dropdown marks its trigger once it is there.
    await waitFor(() => expect(container.querySelector('.bell.ant-dropdown-trigger')).toBeTruthy(), {
      timeout: 10_000,
    });
    expect(screen.queryByText('关闭所有')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '待办' }));
    await menuShown();
    fireEvent.click(screen.getByText('关闭所有'));
    expect(onClick).toHaveBeenCalledWith(expect.objectContaining({ key: 'closeAll' }));
  });

  it('opens the menu asked for by a click before antd came, as soon as it is there, and closes it after a choice', async () => {
    const { LazyDropdown } = await import('./lazy-dropdown');
    const onClick = vi.fn();
    const onTrigger = vi.fn();
    render(
      <LazyDropdown trigger={['click']} menu={{ items, onClick }}>
        <button type="button" onClick={onTrigger}>
          待办
        </button>
      </LazyDropdown>,
    );
    fireEvent.click(screen.getByRole('button', { name: '待办' }));
    expect(onTrigger).toHaveBeenCalledTimes(1); // the trigger's own handler still runs
    await menuShown();
    expect(screen.getByRole('button', { name: '待办' }).classList.contains('ant-dropdown-open')).toBe(true);
    fireEvent.click(screen.getByText('刷新页面'));
    expect(onClick).toHaveBeenCalledWith(expect.objectContaining({ key: 'refresh' }));
    // antd marks the trigger of an open dropdown.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '待办' }).classList.contains('ant-dropdown-open')).toBe(
        false,
      ),
    );
  });

  it('keeps the browser menu away on a right click before antd came, and opens its own', async () => {
    const { LazyDropdown } = await import('./lazy-dropdown');
    render(
      <LazyDropdown trigger={['contextMenu']} menu={{ items }}>
        <div>首页</div>
      </LazyDropdown>,
    );
    const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    screen.getByText('首页').dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    await menuShown();
  });
});
