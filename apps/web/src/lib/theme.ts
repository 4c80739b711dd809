import type { ThemeConfig } from 'antd';

/**
 * antd declares its design tokens as CSS variables on the class named by cssVar.key. The antd
 * provider puts that class on <body>, so the console's stylesheets (and portals) can use
 * var(--ant-…) tokens.
 */
export const THEME_CLASS = 'agent-console-theme';

export const appTheme: ThemeConfig = {
  cssVar: { key: THEME_CLASS },
  token: { colorPrimary: '#1677ff', borderRadius: 6 },
  components: {
    Layout: { headerHeight: 50, headerPadding: '0 16px', headerBg: '#ffffff', siderBg: '#001529' },
  },
};
