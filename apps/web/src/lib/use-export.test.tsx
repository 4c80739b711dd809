import { exportAgentInfoPage } from '@agent-console/contract/agent-mgt';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removeCookie, writeCookie } from './cookie';
import * as notify from './notify';
import {
  EXPORT_START_TIMEOUT_MS,
  EXPORT_STARTED_MESSAGE,
  EXPORT_TIMEOUT_MESSAGE,
  useExport,
} from './use-export';

const frame = () => document.querySelector('iframe');

describe('useExport', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(notify, 'notifySuccess').mockImplementation(() => undefined);
    vi.spyOn(notify, 'notifyError').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    removeCookie('ac_export');
  });

  it('navigates a hidden frame to the export with the filters and a token, and runs until the file starts', () => {
    const { result } = renderHook(() => useExport(exportAgentInfoPage));
    act(() => {
      expect(result.current.start({ agentName: '鹏城', agentLevel: 3 })).toBe(true);
    });
    expect(result.current.exporting).toBe(true);
    const src = new URL(frame()?.getAttribute('src') ?? '', 'http://console.test');
    expect(src.pathname).toBe('/api/agent/exportAgentInfoPage');
    expect(src.searchParams.get('agentName')).toBe('鹏城');
    expect(src.searchParams.get('agentLevel')).toBe('3');
    const token = src.searchParams.get('downloadToken') ?? '';
    expect(token).toMatch(/^[0-9a-f]{24}$/);
    // A second export waits for the first.
    act(() => {
      expect(result.current.start({})).toBe(false);
    });

    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.exporting).toBe(true);
    // What the server's Set-Cookie does when the file starts.
    writeCookie('ac_export', token);
    act(() => vi.advanceTimersByTime(300));
    expect(result.current.exporting).toBe(false);
    expect(notify.notifySuccess).toHaveBeenCalledWith(EXPORT_STARTED_MESSAGE);
    expect(frame()).toBeNull();
    expect(document.cookie).not.toContain(token);
  });

  it('gives up with a message when the file never starts', () => {
    const { result } = renderHook(() => useExport(exportAgentInfoPage));
    act(() => void result.current.start({}));
    act(() => vi.advanceTimersByTime(EXPORT_START_TIMEOUT_MS));
    expect(result.current.exporting).toBe(false);
    expect(notify.notifyError).toHaveBeenCalledWith(EXPORT_TIMEOUT_MESSAGE);
    expect(frame()).toBeNull();
  });

  it('does nothing without an export', () => {
    const { result } = renderHook(() => useExport(undefined));
    act(() => {
      expect(result.current.start({})).toBe(false);
    });
    expect(frame()).toBeNull();
  });
});
