import type { DropdownProps } from 'antd';
import {
  cloneElement,
  isValidElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useState,
} from 'react';
import { lazyComponent, useLoaded } from '../lib/lazy-chunk';

const AntdDropdown = lazyComponent<DropdownProps>(() => import('./dropdown').then((m) => m.Dropdown));

type TriggerProps = {
  onClick?: (event: MouseEvent) => void;
  onContextMenu?: (event: MouseEvent) => void;
  onMouseEnter?: (event: MouseEvent) => void;
};

/** The handlers that open the menu while antd's Dropdown is not there yet. */
function openingHandlers(
  child: ReactElement<TriggerProps>,
  trigger: DropdownProps['trigger'],
  open: () => void,
) {
  const on = trigger ?? ['hover'];
  const handlers: TriggerProps = {};
  if (on.includes('click'))
    handlers.onClick = (event) => {
      child.props.onClick?.(event);
      open();
    };
  if (on.includes('contextMenu'))
    handlers.onContextMenu = (event) => {
      child.props.onContextMenu?.(event);
      event.preventDefault(); // as antd's Dropdown: no browser menu over ours
      open();
    };
  if (on.includes('hover'))
    handlers.onMouseEnter = (event) => {
      child.props.onMouseEnter?.(event);
      open();
    };
  return handlers;
}

/**
 * antd's Dropdown for the header's menus (the tab bar's context menu, the bell's tasks), loaded
 * right after the first paint: its menu shows only when asked, so until the chunk is there the
 * trigger is drawn alone, as it looks. Asked before the chunk came (a click, a right click, a
 * hover, as `trigger` says), the menu opens as soon as it is there. A chunk that does not come
 * leaves the trigger without its menu; the next render tries again.
 */
export function LazyDropdown(props: DropdownProps) {
  const Loaded = useLoaded(AntdDropdown, true, () => undefined);
  // Set once the menu was asked for before the chunk came: the dropdown is then controlled here.
  const [open, setOpen] = useState<boolean | null>(null);
  if (Loaded) {
    if (open === null) return <Loaded {...props} />;
    return (
      <Loaded
        {...props}
        open={open}
        onOpenChange={(next, info) => {
          setOpen(next);
          props.onOpenChange?.(next, info);
        }}
      />
    );
  }
  const child: ReactNode = props.children;
  if (!isValidElement<TriggerProps>(child)) return child;
  return cloneElement(
    child,
    openingHandlers(child, props.trigger, () => setOpen(true)),
  );
}
