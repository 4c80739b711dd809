import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { type ComponentType, type ReactNode, useLayoutEffect, useMemo, useState } from 'react';
import { lazyComponent } from '../lib/lazy-chunk';
import { registerMessageHostRequest } from '../lib/notify';
import { usePrefersReducedMotion } from '../lib/reduced-motion';
import { appTheme, THEME_CLASS } from '../lib/theme';

/** antd's message and its host load with the first toast (lib/notify). */
const MessageHost = lazyComponent(() => import('./message-host').then((m) => m.MessageHost));

/**
 * antd with the Chinese locale (zh_CN; dayjs's zh-cn comes with the date picker) and the console theme, around every screen
 * built with antd. The login page is not: it stays light (see docs in apps/web/README.md).
 * When the system asks for reduced motion, antd's dialogs, menus and messages appear at once.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(
    () => (reducedMotion ? { ...appTheme, token: { ...appTheme.token, motion: false } } : appTheme),
    [reducedMotion],
  );
  const [Messages, setMessages] = useState<ComponentType | null>(null);
  // Before the first paint, so the console's stylesheets never render without the tokens, and
  // toasts raised while the screen mounts wait for the message host.
  useLayoutEffect(() => {
    document.body.classList.add(THEME_CLASS);
    registerMessageHostRequest(() => MessageHost.load().then((host) => setMessages(() => host)));
    return () => registerMessageHostRequest(null);
  }, []);
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      {Messages ? <Messages /> : null}
      {children}
    </ConfigProvider>
  );
}
