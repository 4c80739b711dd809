import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * antd's Table imports, whatever a table uses, its column filter menu (with Tree, Menu, Checkbox,
 * Radio and a search Input), the checkboxes and radios of row selection, and Pagination. The
 * console's tables use none of them on a list screen's first paint (the list page draws its own
 * pager), yet they weighed about a quarter of its antd code. This plugin makes those imports lazy
 * inside antd: each becomes a component that loads its module the first time a table draws it
 * (a filter menu, a selection column, antd's pager), so every feature keeps working, loaded on
 * demand.
 *
 * The edits are exact lines of antd's ES build; when antd changes them the build fails here, and
 * the lines below are updated (the unit test runs them on the installed antd).
 */
export interface LazyImport {
  /** The module of antd whose import is made lazy (a path ending). */
  module: string;
  /** The import line as antd writes it. */
  from: string;
  /** What replaces it (given the importing module's file). */
  to: string | ((file: string) => string);
}

/** A lazily loaded component under the name an import gave it; `fallback` renders while it loads. */
const lazyComponent = (name: string, path: string, fallback = 'null') =>
  `const ${name}$lazy = __antdLazy(() => import(${JSON.stringify(path)}));
const ${name} = __antdForwardRef((props, ref) =>
  __antdCreateElement(__antdSuspense, { fallback: ${fallback} }, __antdCreateElement(${name}$lazy, { ...props, ref })),
);`;

const REACT =
  "import { lazy as __antdLazy, Suspense as __antdSuspense, createElement as __antdCreateElement, forwardRef as __antdForwardRef } from 'react';";

export const LAZY_IMPORTS: readonly LazyImport[] = [
  {
    module: 'antd/es/table/InternalTable.js',
    from: "import Pagination from '../pagination';",
    to: `${REACT}\n${lazyComponent('Pagination', '../pagination')}`,
  },
  {
    // The virtual table (the `virtual` prop) with its virtual list.
    module: 'antd/es/table/InternalTable.js',
    from: "import RcVirtualTable from './RcTable/VirtualTable';",
    to: lazyComponent('RcVirtualTable', './RcTable/VirtualTable'),
  },
  {
    // The filter menu's module also exports flattenKeys, which the filter hook calls whether a
    // menu shows or not: the function is taken from that module's source, the menu loads lazily
    // (the column title shows meanwhile).
    module: 'antd/es/table/hooks/useFilter/index.js',
    from: "import FilterDropdown, { flattenKeys } from './FilterDropdown';",
    to: (file) =>
      `${REACT}\n${functionOf(join(dirname(file), 'FilterDropdown.js'), 'flattenKeys')}\n${lazyComponent('FilterDropdown', './FilterDropdown', 'props.children')}`,
  },
  {
    // The tree helpers by their modules (the package's index, and the module of arrAdd and
    // arrDel, would bring the Tree component along); those two are taken from its source.
    module: 'antd/es/table/hooks/useSelection.js',
    from: "import { arrAdd, arrDel, conductCheck, convertDataToEntities } from '@rc-component/tree';",
    to: (file) => {
      const util = createRequire(file).resolve('@rc-component/tree/es/util.js');
      return [
        "import { conductCheck } from '@rc-component/tree/es/utils/conductUtil';",
        "import { convertDataToEntities } from '@rc-component/tree/es/utils/treeUtil';",
        functionOf(util, 'arrAdd'),
        functionOf(util, 'arrDel'),
      ].join('\n');
    },
  },
  {
    module: 'antd/es/table/hooks/useSelection.js',
    from: "import Checkbox from '../../checkbox';",
    to: `${REACT}\n${lazyComponent('Checkbox', '../../checkbox')}`,
  },
  {
    module: 'antd/es/table/hooks/useSelection.js',
    from: "import Radio from '../../radio';",
    to: lazyComponent('Radio', '../../radio'),
  },
  {
    // A select's option list (with its virtual list) draws only when the select opens: it loads
    // then (the select's keyboard handlers call the list through an optional ref meanwhile).
    module: '@rc-component/select/es/Select.js',
    from: 'import OptionList from "./OptionList";',
    to: `${REACT}\n${lazyComponent('OptionList', './OptionList')}`,
  },
  {
    // A form field's validation (async-validator) runs only when a field with rules is validated,
    // and answers with a promise: the module loads on the first validation.
    module: '@rc-component/form/es/Field.js',
    from: 'import { validateRules } from "./utils/validateUtil";',
    to: 'const validateRules = (...args) => import("./utils/validateUtil").then((m) => m.validateRules(...args));',
  },
  {
    // Scrolling to a field (`form.scrollToField`, `scrollToFirstError`) after a failed submit.
    module: 'antd/es/form/hooks/useForm.js',
    from: "import scrollIntoView from 'scroll-into-view-if-needed';",
    to: "const scrollIntoView = (node, options) => void import('scroll-into-view-if-needed').then((m) => m.default(node, options));",
  },
  {
    // The click wave of buttons (and checkboxes, radios, switches) after the first click.
    module: 'antd/es/_util/wave/useWave.js',
    from: "import showWaveEffect from './WaveEffect';",
    to: "const showWaveEffect = (target, info) => void import('./WaveEffect').then((m) => m.default(target, info));",
  },
  {
    // rc-input by its module: through the package's index, the chunk of a screen drawing an
    // Input took rc-input's TextArea (with its autosize) along, which only dialogs use.
    module: 'antd/es/input/Input.js',
    from: "import RcInput from '@rc-component/input';",
    to: "import RcInput from '@rc-component/input/es/Input';",
  },
  {
    // The selection column's menu of `selections` (select all, invert...), which the console's
    // tables do not set: with the header's menus loaded after the first paint
    // (src/components/lazy-dropdown.tsx), a list screen's first load has no Dropdown.
    module: 'antd/es/table/hooks/useSelection.js',
    from: "import Dropdown from '../../dropdown';",
    to: lazyComponent('Dropdown', '../../dropdown'),
  },
  {
    // A breadcrumb item with a menu draws a dropdown; the console's breadcrumbs have none.
    module: 'antd/es/breadcrumb/BreadcrumbItem.js',
    from: "import Dropdown from '../dropdown/dropdown';",
    to: `${REACT}\n${lazyComponent('Dropdown', '../dropdown/dropdown')}`,
  },
];

const normalized = (id: string) => id.replace(/\\/g, '/').replace(/\?.*$/, '');

/** The source of `export function name(...) {...}` in a file, without `export`. */
function functionOf(file: string, name: string): string {
  const source = readFileSync(file, 'utf8');
  const fn = new RegExp(`^export function ${name}\\([^)]*\\) \\{$[\\s\\S]*?^\\}$`, 'm').exec(source)?.[0];
  if (!fn) throw new Error(`antd-on-demand: no function ${name} in ${file}: update build/antd-on-demand.ts`);
  return fn.replace(/^export /, '');
}

/** Applies the edits that concern `id` to its code; throws when an expected line is missing. */
export function lazyImports(
  id: string,
  code: string,
): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  const edits = LAZY_IMPORTS.filter((edit) => normalized(id).endsWith(`/node_modules/${edit.module}`));
  if (edits.length === 0) return null;
  const out = new MagicString(code);
  for (const edit of edits) {
    const at = code.indexOf(edit.from);
    if (at < 0)
      throw new Error(
        `antd-on-demand: "${edit.from}" is no longer in ${edit.module}: update build/antd-on-demand.ts`,
      );
    out.overwrite(at, at + edit.from.length, typeof edit.to === 'string' ? edit.to : edit.to(id));
  }
  return { code: out.toString(), map: out.generateMap({ source: id, hires: true }) };
}

export function antdOnDemand(): Plugin {
  return {
    name: 'agent-console:antd-on-demand',
    enforce: 'pre',
    transform(code, id) {
      return lazyImports(id, code);
    },
  };
}
