import { CloseOutlined } from '@ant-design/icons';
import type { MenuProps } from 'antd';
import { type RefObject, useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LazyDropdown } from '../../components/lazy-dropdown';
import { paths, redirectPath } from '../../config/paths';
import { cx } from '../../lib/cx';
import { dispatchTabs, targetAfterClose, useTabsState, type ViewTab } from './tabs-store';
import { useTitleMode } from './title-mode';
import './tags-view.css';

type TabCommand = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

const menuItems = (tab: ViewTab): MenuProps['items'] => [
  { key: 'refresh', label: '刷新' },
  { key: 'close', label: '关闭', disabled: tab.affix },
  { key: 'closeOthers', label: '关闭其他' },
  { key: 'closeAll', label: '关闭所有' },
];

/**
 * When the tabs do not fit even with short titles (narrow screens), the bar scrolls sideways: by
 * touch or trackpad, by the mouse wheel (turned sideways while there is room to scroll), and to
 * the active tab whenever it changes (`signature`), so the tab of the screen shown is always in view.
 */
function useSidewaysScroll(bar: RefObject<HTMLDivElement | null>, signature: string): void {
  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY === 0 || Math.abs(event.deltaX) > Math.abs(event.deltaY)) return;
      const max = el.scrollWidth - el.clientWidth;
      const next = Math.min(max, Math.max(0, el.scrollLeft + event.deltaY));
      if (next === el.scrollLeft) return;
      el.scrollLeft = next;
      event.preventDefault();
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [bar]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature says when the active tab may have moved.
  useEffect(() => {
    const active = bar.current?.querySelector<HTMLElement>('.tags-view-item.is-active');
    // jsdom has no scrollIntoView.
    if (typeof active?.scrollIntoView === 'function')
      active.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [bar, signature]);
}

/** The tab bar of visited views below the header, with its context menu (spec section 1). */
export function TagsView() {
  const { tabs } = useTabsState();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const bar = useRef<HTMLDivElement>(null);
  const measure = useRef<HTMLDivElement>(null);
  const mode = useTitleMode(bar, measure, `${pathname}|${tabs.map((t) => `${t.path}:${t.title}`).join('|')}`);
  useSidewaysScroll(bar, `${pathname}|${tabs.length}|${mode}`);

  const run = (command: TabCommand, tab: ViewTab) => {
    switch (command) {
      case 'refresh':
        dispatchTabs({ type: 'refresh', path: tab.path });
        void navigate(redirectPath(tab.fullPath), { replace: true });
        return;
      case 'close': {
        const { tabs: remaining } = dispatchTabs({ type: 'close', path: tab.path });
        const target = targetAfterClose(remaining, tab.path, pathname);
        if (target) void navigate(target);
        return;
      }
      case 'closeOthers':
        dispatchTabs({ type: 'closeOthers', path: tab.path });
        if (tab.path !== pathname) void navigate(tab.fullPath);
        return;
      case 'closeAll':
        dispatchTabs({ type: 'closeAll' });
        void navigate(paths.home);
        return;
    }
  };

  return (
    <div className="tags-view" role="tablist" aria-label="已打开的页面">
      <div className="tags-view-bar" ref={bar}>
        {tabs.map((tab) => {
          const active = tab.path === pathname;
          return (
            <LazyDropdown
              key={tab.path}
              trigger={['contextMenu']}
              menu={{ items: menuItems(tab), onClick: ({ key }) => run(key as TabCommand, tab) }}
            >
              <div
                className={cx('tags-view-item', active && 'is-active', !tab.affix && 'is-closable')}
                data-path={tab.path}
              >
                <Link
                  to={tab.fullPath}
                  role="tab"
                  aria-selected={active}
                  className="tags-view-link"
                  title={tab.title}
                >
                  {mode === 'short' ? tab.shortTitle : tab.title}
                </Link>
                {!tab.affix && (
                  <button
                    type="button"
                    className="tags-view-close"
                    aria-label={`关闭 ${tab.title}`}
                    onClick={() => run('close', tab)}
                  >
                    <CloseOutlined />
                  </button>
                )}
              </div>
            </LazyDropdown>
          );
        })}
      </div>
      <div className="tags-view-bar tags-view-measure" ref={measure} aria-hidden="true">
        {tabs.map((tab) => (
          <span
            key={tab.path}
            className={cx(
              'tags-view-item',
              tab.path === pathname && 'is-active',
              !tab.affix && 'is-closable',
            )}
          >
            <span className="tags-view-link">{tab.title}</span>
            {!tab.affix && (
              <span className="tags-view-close">
                <CloseOutlined />
              </span>
            )}
          </span>
        ))}
      </div>
    </div>
  );
}
