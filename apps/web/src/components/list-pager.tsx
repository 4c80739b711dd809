import { PAGE_SIZES } from '@agent-console/contract/constants';
import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Select } from 'antd';
// antd's plain Input, without the Password, Search, TextArea and OTP that `Input` from 'antd' carries.
import Input from 'antd/es/input/Input';
import { useState } from 'react';
import { cx } from '../lib/cx';
import { type PagerItem, pagerItems, pagerJump } from './list-pager-items';
import './list-pager.css';

export interface ListPagerProps {
  current: number;
  pageSize: number;
  total: number;
  /** A new page, or a new page size (the list then goes back to page 1). */
  onChange: (pageNum: number, pageSize: number) => void;
}

const SIZE_OPTIONS = PAGE_SIZES.map((size) => ({ value: size, label: `${size} 条/页` }));

/**
 * The pagination of every list (spec section 9): total, prev, pager, next and jumper, with five
 * pager buttons (first and last page always), plus the page sizes 30/50/100/200. antd's own
 * pagination has no pager count, hence this one, built on antd's tokens.
 */
export function ListPager({ current, pageSize, total, onChange }: ListPagerProps) {
  const [jump, setJump] = useState('');
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (total <= 0) return null;

  const go = (page: number) => {
    const target = Math.min(pageCount, Math.max(1, page));
    if (target !== current) onChange(target, pageSize);
  };
  const submitJump = () => {
    const page = Number.parseInt(jump, 10);
    setJump('');
    if (Number.isFinite(page)) go(page);
  };
  const button = (item: PagerItem) => {
    if (item === 'prev-more' || item === 'next-more') {
      const back = item === 'prev-more';
      const label = `${back ? '向前' : '向后'} ${pagerJump()} 页`;
      return (
        <li key={item}>
          <button
            type="button"
            className="list-pager-item list-pager-more"
            title={label}
            aria-label={label}
            onClick={() => go(back ? current - pagerJump() : current + pagerJump())}
          >
            <span className="list-pager-ellipsis">•••</span>
            {back ? (
              <DoubleLeftOutlined className="list-pager-jump-icon" />
            ) : (
              <DoubleRightOutlined className="list-pager-jump-icon" />
            )}
          </button>
        </li>
      );
    }
    const active = item === current;
    return (
      <li key={item}>
        <button
          type="button"
          className={cx('list-pager-item', active && 'is-active')}
          aria-current={active ? 'page' : undefined}
          aria-label={`第 ${item} 页`}
          title={String(item)}
          onClick={() => go(item)}
        >
          {item}
        </button>
      </li>
    );
  };

  return (
    <nav className="list-pager" aria-label="分页">
      <span className="list-pager-total">共 {total} 条</span>
      <ul className="list-pager-pages">
        <li>
          <button
            type="button"
            className="list-pager-item list-pager-step"
            aria-label="上一页"
            title="上一页"
            disabled={current <= 1}
            onClick={() => go(current - 1)}
          >
            <LeftOutlined />
          </button>
        </li>
        {pagerItems(current, pageCount).map(button)}
        <li>
          <button
            type="button"
            className="list-pager-item list-pager-step"
            aria-label="下一页"
            title="下一页"
            disabled={current >= pageCount}
            onClick={() => go(current + 1)}
          >
            <RightOutlined />
          </button>
        </li>
      </ul>
      <Select
        className="list-pager-size"
        aria-label="每页条数"
        value={pageSize}
        options={SIZE_OPTIONS}
        onChange={(size: number) => onChange(1, size)}
        popupMatchSelectWidth={false}
      />
      <span className="list-pager-jumper">
        跳至
        <Input
          aria-label="跳至页码"
          value={jump}
          inputMode="numeric"
          onChange={(e) => setJump(e.target.value.replace(/\D/g, ''))}
          onPressEnter={submitJump}
          onBlur={() => jump && submitJump()}
        />
        页
      </span>
    </nav>
  );
}
