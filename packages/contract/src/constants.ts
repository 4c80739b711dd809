/** Constants and limits of spec section 9. */
export const PAGE_SIZES = [30, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 30;
export const GOODS_STICK_PAGE_SIZE = 20;
export const REQUEST_TIMEOUT_MS = 10_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const SMS_COUNTDOWN_SECONDS = 59;

export const PHONE_LENGTH = 11;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
export const REAL_NAME_MAX = 10;
export const ID_NUMBER_MAX = 18;
export const ALIPAY_ACCOUNT_MAX = 50;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export const DEFAULT_RANGE_DAYS = 30;
export const RESIZE_DEBOUNCE_MS = 300;
export const ROUTE_LOADING_DELAY_MS = 650;
export const POPOVER_HIDE_MS = 300;
export const DIALOG_RESET_MS = 500;

export const SIDEBAR_WIDTH = 200;
export const COPYRIGHT_YEARS = '2016-2024';
export const PAGER_COUNT = 5;

/** The site name shown when custom site info has none. */
export const DEFAULT_SITE_NAME = '代理商后台';
export const LOGOUT_CONFIRM_TEXT = '确定要退出登录？';

/**
 * Login protection (docs/domain.md#login): a captcha after this many failures in the window (per
 * phone and per address); an address refused past its hourly cap; a phone refused past its hourly
 * cap until the hour passes or its password is reset by SMS.
 */
export const LOGIN_CAPTCHA_AFTER_FAILURES = 3;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
export const LOGIN_MAX_FAILURES_PER_HOUR = 100;
export const LOGIN_MAX_FAILURES_PER_ADDRESS_PER_HOUR = 30;

/** The user ids that may see lobby game zone configuration (spec section 2: "a fixed list of three user ids"). */
export const ZONE_CONFIG_USER_IDS = [10000, 10001, 10002] as const;
