import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
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

/** The tab bar of visited views below the header, with its context menu (spec section 1). */
export function TagsView() {
  const { tabs } = useTabsState();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const bar = useRef<HTMLDivElement>(null);
  const measure = useRef<HTMLDivElement>(null);
  const mode = useTitleMode(bar, measure, `${pathname}|${tabs.map((t) => `${t.path}:${t.title}`).join('|')}`);

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
            <Dropdown
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
            </Dropdown>
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
