import { CalendarOutlined, SwapRightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { cx } from '../lib/cx';
import { type LazyComponent, lazyComponent, useLoaded } from '../lib/lazy-chunk';
import type { AgentTreeSelectProps } from './agent-tree-select';
import { agentTreeLevelQuery } from './agent-tree-select-api';
import type { AreaCascaderProps } from './area-cascader';
import type { DateRangePickerProps } from './date-range-picker';
import { RANGE_WITH_TIMES_CLASS } from './date-range-picker-class';
import { AGENT_PLACEHOLDER, AREA_PLACEHOLDER, RANGE_PLACEHOLDERS } from './field-placeholders';
import './lazy-fields.css';

/*
 * The filter bar's pickers (area cascader, agent tree select, date range) load on demand: antd's
 * Cascader, TreeSelect and DatePicker (with dayjs) are not part of a list screen's first load.
 * Until a picker is wanted, a stand-in of the same look and size takes its place: an antd Select
 * for the two selects, a drawn copy of the range picker. Pointing at a stand-in starts loading
 * the picker; focusing it or pressing on it swaps the picker in, focused, and open when pressed.
 * A picker with a value to show (a filter restored from the URL) loads at once. Once loaded, a
 * picker is drawn directly everywhere.
 */

/** How a picker starts when it replaces its stand-in. */
interface Opening {
  autoFocus?: boolean;
  defaultOpen?: boolean;
}

/** What a stand-in does with the pointer and focus. */
interface StandInEvents {
  onMouseEnter: () => void;
  onMouseDown: () => void;
  onFocus: () => void;
}

/** The loaded picker (undefined until it is there; `now`: load at once), how it starts, and the stand-in's events. */
function useOnDemand<P extends Opening>(picker: LazyComponent<P>, now: boolean) {
  const [opening, setOpening] = useState<Opening | null>(null);
  const Picker = useLoaded(picker, now || opening !== null);
  const events: StandInEvents = {
    onMouseEnter: picker.preload,
    onMouseDown: () => setOpening({ autoFocus: true, defaultOpen: true }),
    onFocus: () => setOpening((o) => ({ ...o, autoFocus: true })),
  };
  return { Picker, opening: opening ?? {}, events };
}

/** An antd Select that never opens, in the place of a Cascader or TreeSelect (same look when closed). */
function SelectStandIn({
  id,
  className,
  placeholder,
  disabled,
  events,
}: {
  id: string | undefined;
  className: string | undefined;
  placeholder: string | undefined;
  disabled: boolean | undefined;
  events: StandInEvents;
}) {
  return (
    <Select
      id={id}
      className={className}
      placeholder={placeholder}
      disabled={disabled}
      open={false}
      {...events}
    />
  );
}

const AreaCascader = lazyComponent(() => import('./area-cascader').then((m) => m.AreaCascader));

/** The area filter (AreaCascader), loaded on demand. */
export function LazyAreaCascader(props: AreaCascaderProps) {
  const { Picker, opening, events } = useOnDemand(AreaCascader, props.value !== undefined);
  if (Picker) return <Picker {...props} {...opening} />;
  return (
    <SelectStandIn
      id={props.id}
      className={props.className}
      // A value (from the URL) shows once the cascader is there, a moment later: no placeholder until then.
      placeholder={props.value === undefined ? (props.placeholder ?? AREA_PLACEHOLDER) : undefined}
      disabled={props.disabled}
      events={events}
    />
  );
}

const AgentTreeSelect = lazyComponent(() => import('./agent-tree-select').then((m) => m.AgentTreeSelect));

/** The agent filter (AgentTreeSelect), loaded on demand; the caller's sub-agents load at once, as the select would. */
export function LazyAgentTreeSelect(props: AgentTreeSelectProps) {
  const { Picker, opening, events } = useOnDemand(AgentTreeSelect, props.value !== undefined);
  useQuery(agentTreeLevelQuery(props.selfId));
  if (Picker) return <Picker {...props} {...opening} />;
  return (
    <SelectStandIn
      id={props.id}
      className={props.className}
      placeholder={props.value === undefined ? (props.placeholder ?? AGENT_PLACEHOLDER) : undefined}
      disabled={props.disabled}
      events={events}
    />
  );
}

const DateRangePicker = lazyComponent(() => import('./date-range-picker').then((m) => m.DateRangePicker));

/** A wire time as the picker shows it: the day, or the day and time of a 'datetimerange'. */
const shownTime = (wire: string, type: DateRangePickerProps['type']) =>
  type === 'datetimerange' ? wire : wire.slice(0, 10);

/** The date range filter (DateRangePicker), loaded on demand; its stand-in is drawn in lazy-fields.css. */
export function LazyDateRangePicker(props: DateRangePickerProps) {
  const { Picker, opening, events } = useOnDemand(DateRangePicker, props.value !== undefined);
  if (Picker) return <Picker {...props} {...opening} />;
  const [start, end] = props.value ?? ['', ''];
  return (
    <fieldset
      className={cx(
        'range-stand-in',
        props.className,
        props.type === 'datetimerange' && RANGE_WITH_TIMES_CLASS,
      )}
      onMouseEnter={events.onMouseEnter}
      onMouseDown={events.onMouseDown}
    >
      <input
        id={props.id}
        readOnly
        autoComplete="off"
        placeholder={RANGE_PLACEHOLDERS[0]}
        value={start && shownTime(start, props.type)}
        onFocus={events.onFocus}
      />
      <span className="range-stand-in-separator">
        <span className="range-stand-in-arrow">
          <SwapRightOutlined />
        </span>
      </span>
      <input
        readOnly
        autoComplete="off"
        placeholder={RANGE_PLACEHOLDERS[1]}
        value={end && shownTime(end, props.type)}
        onFocus={events.onFocus}
      />
      <span className="range-stand-in-suffix">
        <CalendarOutlined />
      </span>
    </fieldset>
  );
}
