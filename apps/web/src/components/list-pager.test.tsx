import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ListPager } from './list-pager';

const pressEnter = (input: HTMLElement) => {
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
};

const pages = () =>
  screen
    .getAllByRole('button', { name: /^第 \d+ 页$/ })
    .map((b) => Number(b.textContent))
    .filter((n) => n > 0);

describe('ListPager', () => {
  it('shows the total, five page buttons and the current page', () => {
    render(<ListPager current={1} pageSize={30} total={300} onChange={() => {}} />);
    expect(screen.getByText('共 300 条')).toBeTruthy();
    expect(pages()).toEqual([1, 2, 3, 4, 10]);
    expect(screen.getByRole('button', { name: '第 1 页' }).getAttribute('aria-current')).toBe('page');
    expect((screen.getByRole('button', { name: '上一页' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: '下一页' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('goes to a page, the next and previous ones, and jumps over hidden pages', () => {
    const onChange = vi.fn();
    render(<ListPager current={5} pageSize={30} total={300} onChange={onChange} />);
    expect(pages()).toEqual([1, 4, 5, 6, 10]);
    fireEvent.click(screen.getByRole('button', { name: '第 6 页' }));
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    fireEvent.click(screen.getByRole('button', { name: '上一页' }));
    fireEvent.click(screen.getByRole('button', { name: '向后 3 页' }));
    fireEvent.click(screen.getByRole('button', { name: '向前 3 页' }));
    fireEvent.click(screen.getByRole('button', { name: '第 5 页' }));
    expect(onChange.mock.calls).toEqual([
      [6, 30],
      [6, 30],
      [4, 30],
      [8, 30],
      [2, 30],
    ]);
  });

  it('jumps to a typed page on Enter, within the pages there are', () => {
    const onChange = vi.fn();
    render(<ListPager current={1} pageSize={30} total={95} onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: '跳至页码' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '3x' } });
    expect(input.value).toBe('3');
    pressEnter(input);
    fireEvent.change(input, { target: { value: '99' } });
    pressEnter(input);
    expect(onChange.mock.calls).toEqual([
      [3, 30],
      [4, 30],
    ]);
    expect(input.value).toBe('');
  });

  it('shows nothing for an empty list', () => {
    const { container } = render(<ListPager current={1} pageSize={30} total={0} onChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });
});
