import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { LAZY_IMPORTS, lazyImports } from './antd-on-demand';

const require = createRequire(import.meta.url);
const fileOf = (module: string) => require.resolve(module);

describe('antd-on-demand', () => {
  it('finds every line it edits in the installed antd, and replaces it', () => {
    const modules = [...new Set(LAZY_IMPORTS.map((edit) => edit.module))];
    for (const module of modules) {
      const file = fileOf(module);
      const result = lazyImports(file, readFileSync(file, 'utf8'));
      expect(result, module).not.toBeNull();
      for (const edit of LAZY_IMPORTS.filter((e) => e.module === module)) {
        expect(result?.code, edit.from).not.toContain(edit.from);
        expect(result?.code, edit.from).toContain(typeof edit.to === 'string' ? edit.to : edit.to(file));
      }
      expect(result?.map.mappings).not.toBe('');
    }
  });

  it('keeps the helpers it takes from their modules working', () => {
    const file = fileOf('antd/es/table/hooks/useSelection.js');
    const code = lazyImports(file, readFileSync(file, 'utf8'))?.code ?? '';
    const arrAddSource = /function arrAdd\([^)]*\) \{[\s\S]*?\n\}/.exec(code)?.[0];
    const arrDelSource = /function arrDel\([^)]*\) \{[\s\S]*?\n\}/.exec(code)?.[0];
    expect(arrAddSource && arrDelSource).toBeTruthy();
    const arrAdd = new Function(`${arrAddSource}; return arrAdd;`)() as (
      l: unknown[],
      v: unknown,
    ) => unknown[];
    const arrDel = new Function(`${arrDelSource}; return arrDel;`)() as (
      l: unknown[],
      v: unknown,
    ) => unknown[];
    expect(arrAdd([1, 2], 3)).toEqual([1, 2, 3]);
    expect(arrAdd([1, 2], 2)).toEqual([1, 2]);
    expect(arrDel([1, 2, 3], 2)).toEqual([1, 3]);
  });

  it('leaves other modules alone, and fails loudly when antd has changed a line it edits', () => {
    expect(lazyImports('/x/node_modules/antd/es/button/index.js', 'export default 1;')).toBeNull();
    const [edit] = LAZY_IMPORTS;
    expect(() => lazyImports(`/x/node_modules/${edit?.module}`, '// rewritten by antd')).toThrow(
      /is no longer in/,
    );
  });
});
