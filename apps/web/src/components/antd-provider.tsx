import { ConfigProvider, message } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useLayoutEffect, useMemo } from 'react';
import { registerMessageApi } from '../lib/notify';
import { usePrefersReducedMotion } from '../lib/reduced-motion';
import { appTheme, THEME_CLASS } from '../lib/theme';
import 'dayjs/locale/zh-cn';

dayjs.locale('zh-cn');

/** Hands antd's context-aware message API to code outside React (the api client's toasts). */
function MessageHost() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    registerMessageApi(api);
    return () => registerMessageApi(null);
  }, [api]);
  return holder;
}

/**
 * antd with the Chinese locale (zh_CN, dayjs zh-cn) and the console theme, around every screen
 * built with antd. The login page is not: it stays light (see docs in apps/web/README.md).
 * When the system asks for reduced motion, antd's dialogs, menus and messages appear at once.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(
    () => (reducedMotion ? { ...appTheme, token: { ...appTheme.token, motion: false } } : appTheme),
    [reducedMotion],
  );
  // Before the first paint, so the console's stylesheets never render without the tokens.
  useLayoutEffect(() => {
    document.body.classList.add(THEME_CLASS);
  }, []);
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <MessageHost />
      {children}
    </ConfigProvider>
  );
}
