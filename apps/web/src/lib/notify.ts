import type { MessageInstance } from 'antd/es/message/interface';

type Kind = 'error' | 'success' | 'warning';

/**
 * Toasts, from React code and from code outside React (the api client). Screens built with antd
 * show them through the context-aware message instance of their provider, whose host (and antd's
 * message) loads with the first toast: a screen's first load does not carry it. Where no provider
 * is mounted (the login page, which does not load antd up front) the toast module is loaded on
 * first use.
 */
let api: MessageInstance | null = null;
/** Set while an antd provider is mounted: loads its message host (which then registers its api). */
let requestHost: (() => Promise<unknown>) | null = null;
/** Toasts raised while the host loads, shown once it is there. */
let waiting: Array<[Kind, string]> = [];
let hostLoading = false;

export function registerMessageApi(instance: MessageInstance | null): void {
  api = instance;
  if (!instance) return;
  const shown = waiting;
  waiting = [];
  for (const [kind, text] of shown) void instance[kind](text);
}

export function registerMessageHostRequest(request: (() => Promise<unknown>) | null): void {
  requestHost = request;
  hostLoading = false;
  waiting = [];
}

function show(kind: Kind, text: string): void {
  if (api) {
    void api[kind](text);
    return;
  }
  if (requestHost) {
    waiting.push([kind, text]);
    if (hostLoading) return;
    hostLoading = true;
    // The host's chunk did not come (offline): the texts are not lost.
    requestHost().catch(() => {
      hostLoading = false;
      const shown = waiting;
      waiting = [];
      for (const [, waitingText] of shown) window.alert(waitingText);
    });
    return;
  }
  import('./toast').then(
    ({ toast }) => toast(kind, text),
    () => window.alert(text),
  );
}

export const notifyError = (text: string): void => show('error', text);
export const notifySuccess = (text: string): void => show('success', text);
export const notifyWarning = (text: string): void => show('warning', text);
