import type { RegionNode } from '@agent-console/contract/agent';
import { Cascader } from 'antd';
import { AREA_PLACEHOLDER } from './field-placeholders';

/** "440000-440300" from the codes chosen from the province down (any level may be chosen). */
export const areaKeyOf = (path: readonly (number | string)[]): string => path.map(String).join('-');

/** The codes of an area key, from the province down: "440000-440300" → [440000, 440300]. */
export const areaPathOf = (key: string): number[] =>
  key === '' ? [] : key.split('-').map((code) => Number(code));

/** The names of an area key in a region tree ("广东省-深圳市"); null when the tree lacks it. */
export function areaNameOf(tree: readonly RegionNode[], key: string): string | null {
  const names: string[] = [];
  let level: readonly RegionNode[] | undefined = tree;
  for (const code of areaPathOf(key)) {
    const node: RegionNode | undefined = level?.find((n) => n.id === code);
    if (!node) return null;
    names.push(node.label);
    level = node.children;
  }
  return names.length > 0 ? names.join('-') : null;
}

const fieldNames = { label: 'label', value: 'id', children: 'children' } as const;

const searchConfig = {
  filter: (input: string, path: RegionNode[]) => path.some((n) => n.label.includes(input.trim())),
};

interface CommonProps {
  /** The region tree the agent may choose from: the whole tree for level ≤ 1, its own areas deeper. */
  options: readonly RegionNode[];
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  id?: string;
  /** Focused and open as it mounts (it replaces its stand-in: components/lazy-fields). */
  autoFocus?: boolean;
  defaultOpen?: boolean;
}

export type AreaCascaderProps = CommonProps & {
  value?: string | undefined;
  onChange?: (key: string | undefined) => void;
};

/**
 * The area filter of every list (spec section 6): province, city or district, any level may be
 * chosen; its value is an area key such as "440000-440300".
 */
export function AreaCascader({
  options,
  value,
  onChange,
  placeholder = AREA_PLACEHOLDER,
  ...rest
}: AreaCascaderProps) {
  return (
    <Cascader
      {...rest}
      options={options as RegionNode[]}
      fieldNames={fieldNames}
      changeOnSelect
      allowClear
      showSearch={searchConfig}
      placeholder={placeholder}
      value={value ? areaPathOf(value) : []}
      onChange={(path: (string | number)[] | undefined) =>
        onChange?.(path && path.length > 0 ? areaKeyOf(path) : undefined)
      }
    />
  );
}

/**
 * Several areas at once (an agent's areas): checking a whole province or city keeps the parent's
 * key alone ("440000" rather than each of its cities).
 */
export function AreaMultiCascader({
  options,
  value,
  onChange,
  placeholder = AREA_PLACEHOLDER,
  ...rest
}: CommonProps & { value?: readonly string[] | undefined; onChange?: (keys: string[]) => void }) {
  return (
    <Cascader
      {...rest}
      multiple
      options={options as RegionNode[]}
      fieldNames={fieldNames}
      showCheckedStrategy={Cascader.SHOW_PARENT}
      maxTagCount="responsive"
      allowClear
      showSearch={searchConfig}
      placeholder={placeholder}
      value={(value ?? []).map(areaPathOf)}
      onChange={(paths: (string | number)[][] | undefined) =>
        onChange?.((paths ?? []).map((p) => areaKeyOf(p)))
      }
    />
  );
}
