import { useCallback, useState } from 'react';
import { readCookie, writeCookie } from '../../lib/cookie';

/** The sidebar's open flag lives in a cookie ('1' open, '0' collapsed), as spec section 2 asks. */
export const SIDEBAR_COOKIE = 'sidebarStatus';

export const readSidebarOpen = (): boolean => readCookie(SIDEBAR_COOKIE) !== '0';

export function useSidebarOpen(): [boolean, () => void] {
  const [open, setOpen] = useState(readSidebarOpen);
  const toggle = useCallback(() => {
    setOpen((was) => {
      writeCookie(SIDEBAR_COOKIE, was ? '0' : '1');
      return !was;
    });
  }, []);
  return [open, toggle];
}
