import { Dropdown as AntdDropdown, type DropdownProps } from 'antd';

/** antd's Dropdown, in a chunk of its own: the header loads it after its first paint (components/lazy-dropdown.tsx). */
export function Dropdown(props: DropdownProps) {
  return <AntdDropdown {...props} />;
}
