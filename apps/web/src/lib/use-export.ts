import { EXPORT_TOKEN_COOKIE, type ExportEndpoint, exportHref } from '@agent-console/contract/list';
import { useCallback, useEffect, useRef, useState } from 'react';
import { readBase, rejectFailure } from './api-client';
import { readCookie, removeCookie } from './cookie';
import { parseJson } from './json';
import { notifyError, notifySuccess } from './notify';
import { isReported } from './use-action';

/** How long the console waits for an export to start before giving up. */
export const EXPORT_START_TIMEOUT_MS = 120_000;
const POLL_MS = 250;

export const EXPORT_STARTED_MESSAGE = '导出已开始，文件将保存到浏览器的下载目录';
export const EXPORT_TIMEOUT_MESSAGE = '导出超时，请缩小筛选范围后重试';

const newToken = (): string => {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

/**
 * Starts the export of a list by browser navigation (spec section 7: `/export…?query`) in a hidden
 * frame, so the file goes to the browser's downloads while the console stays where it is, and
 * tells the user it runs: `exporting` until the server starts the file (it answers with the cookie
 * named by the token the console sent), then a success toast. A refusal arrives in the frame as the
 * envelope and goes through the error catalogue like any call (9996 to /login, a toast otherwise).
 */
export function useExport(endpoint: ExportEndpoint | undefined) {
  const [exporting, setExporting] = useState(false);
  const cleanup = useRef<(() => void) | null>(null);

  useEffect(() => () => cleanup.current?.(), []);

  const start = useCallback(
    (query: Readonly<Record<string, unknown>>): boolean => {
      if (!endpoint || cleanup.current) return false;
      const token = newToken();
      const frame = document.createElement('iframe');
      frame.hidden = true;
      frame.title = '导出';
      const finish = () => {
        window.clearInterval(poll);
        window.clearTimeout(timeout);
        frame.remove();
        cleanup.current = null;
        setExporting(false);
      };
      // The server has sent the file's headers: the download is under way.
      const poll = window.setInterval(() => {
        if (readCookie(EXPORT_TOKEN_COOKIE) !== token) return;
        removeCookie(EXPORT_TOKEN_COOKIE);
        finish();
        notifySuccess(EXPORT_STARTED_MESSAGE);
      }, POLL_MS);
      const timeout = window.setTimeout(() => {
        finish();
        notifyError(EXPORT_TIMEOUT_MESSAGE);
      }, EXPORT_START_TIMEOUT_MS);
      // A download never loads the frame; a refusal (the envelope, as JSON) does.
      frame.addEventListener('load', () => {
        // Anything but the envelope (the empty frame first inserted): the poll or the timeout ends it.
        const base = readBase(parseJson(frame.contentDocument?.body?.textContent ?? ''));
        if (!base) return;
        finish();
        try {
          rejectFailure(base);
        } catch (err) {
          // The catalogue has done what the refusal asks (a toast, the way to /login).
          if (!isReported(err)) throw err;
        }
      });
      cleanup.current = finish;
      setExporting(true);
      document.body.append(frame);
      frame.src = exportHref(endpoint, query, token);
      return true;
    },
    [endpoint],
  );

  return { exporting, start };
}
