import {
  type PickerOption,
  queryPickerNames,
  searchChannelOptions,
  searchNetBarOptions,
} from '@agent-console/contract/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { call } from '../lib/api-client';
import { debounce } from '../lib/debounce';

/*
 * The net bar and channel filters (issue 9): searchable selects over the records of the caller's
 * subtree, loaded by name as the agent types (at most 50 a search), and the name of a filter
 * restored from the URL. Silent like list loads.
 */

type Kind = 'netBar' | 'channel';

const optionsQuery = (kind: Kind, keyword: string, netBarId: number | undefined) =>
  queryOptions({
    queryKey: [kind === 'netBar' ? searchNetBarOptions.path : searchChannelOptions.path, keyword, netBarId],
    queryFn: async ({ signal }): Promise<PickerOption[]> =>
      kind === 'netBar'
        ? (await call(searchNetBarOptions, keyword ? { keyword } : {}, { silent: true, signal })).object
        : (
            await call(
              searchChannelOptions,
              { ...(keyword ? { keyword } : {}), ...(netBarId ? { netBarId } : {}) },
              { silent: true, signal },
            )
          ).object,
    staleTime: 30_000,
  });

const nameQuery = (kind: Kind, id: number | undefined) =>
  queryOptions({
    queryKey: [queryPickerNames.path, kind, id],
    queryFn: async ({ signal }): Promise<PickerOption | null> => {
      const { object } = await call(
        queryPickerNames,
        kind === 'netBar' ? { netBarId: id } : { channelId: id },
        { silent: true, signal },
      );
      return kind === 'netBar' ? object.netBar : object.channel;
    },
    enabled: id !== undefined,
    staleTime: 60_000,
  });

export interface RecordPickerProps {
  kind: Kind;
  value?: number | undefined;
  onChange?: (value: number | undefined) => void;
  /** Channels of this net bar only. */
  netBarId?: number | undefined;
  id?: string;
  className?: string;
  placeholder?: string;
}

/** A net bar or a channel of the caller's subtree, found by name. */
export function RecordPicker({
  kind,
  value,
  onChange,
  netBarId,
  id,
  className,
  placeholder,
}: RecordPickerProps) {
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  const search = useMemo(() => debounce((text: string) => setKeyword(text.trim()), 300), []);
  const found = useQuery({
    ...optionsQuery(kind, keyword, netBarId),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const current = useQuery(nameQuery(kind, value));
  const options = useMemo(() => {
    const list = found.data ?? [];
    const chosen = current.data;
    const all = chosen && !list.some((o) => o.id === chosen.id) ? [chosen, ...list] : list;
    return all.map((o) => ({ value: o.id, label: o.name }));
  }, [found.data, current.data]);
  return (
    <Select<number>
      id={id}
      className={className}
      showSearch={{ filterOption: false, onSearch: search }}
      allowClear
      placeholder={placeholder ?? (kind === 'netBar' ? '请选择网吧' : '请选择渠道')}
      value={value}
      options={options}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? '加载中…' : '无匹配'}
      onOpenChange={setOpen}
      onChange={(v) => onChange?.(v ?? undefined)}
    />
  );
}
