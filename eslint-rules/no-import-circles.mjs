// The lint rule `local/no-import-circles`: a module may not import, directly or through other
// modules, a module that imports it. Every import counts, type-only ones and `import()` too, as
// `madge --circular` counts them: import-x/no-cycle leaves type-only imports out (by design, not
// an option), and most circles this repo had were made of them.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The rule, resolving imports as `tsconfigPath` (and so TypeScript) does. */
export function noImportCircles(tsconfigPath) {
  const { config } = ts.readConfigFile(tsconfigPath, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(tsconfigPath));
  const resolutions = ts.createModuleResolutionCache(path.dirname(tsconfigPath), (name) => name, options);
  /** Each file read from disk: its modified time and the files it imports. */
  const importsRead = new Map();

  /** The source file `specifier` names in `from`; null for a package of node_modules or a declaration file. */
  function resolve(specifier, from) {
    const resolved = ts.resolveModuleName(specifier, from, options, ts.sys, resolutions).resolvedModule;
    if (!resolved || resolved.extension === '.d.ts' || resolved.resolvedFileName.includes('/node_modules/')) return null;
    return resolved.resolvedFileName;
  }

  function importsOf(file) {
    const modified = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (modified === undefined) return [];
    const read = importsRead.get(file);
    if (read?.modified === modified) return read.imports;
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const imports = [...new Set(importedFiles.map(({ fileName }) => resolve(fileName, file)).filter(Boolean))];
    importsRead.set(file, { modified, imports });
    return imports;
  }

  /** The shortest chain of imports from `start` to `target` (both included), or null. */
  function chain(start, target) {
    const cameFrom = new Map([[start, null]]);
    for (const queue = [start]; queue.length > 0;) {
      const file = queue.shift();
      if (file === target) {
        const route = [];
        for (let step = file; step !== null; step = cameFrom.get(step)) route.unshift(step);
        return route;
      }
      for (const next of importsOf(file)) {
        if (cameFrom.has(next)) continue;
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
    return null;
  }

  return {
    meta: {
      type: 'problem',
      docs: { description: 'No import circles, type-only imports included' },
      messages: { circle: 'Import circle: {{route}}. Move what both need to a module of its own.' },
      schema: [],
    },
    create(context) {
      const file = context.physicalFilename;
      const root = path.dirname(tsconfigPath);
      const check = (source) => {
        if (typeof source?.value !== 'string') return;
        const imported = resolve(source.value, file);
        const route = imported && chain(imported, file);
        if (route) {
          const names = [file, ...route].map((step) => path.relative(root, step));
          context.report({ node: source, messageId: 'circle', data: { route: names.join(' > ') } });
        }
      };
      return {
        ImportDeclaration: (node) => check(node.source),
        ExportNamedDeclaration: (node) => check(node.source),
        ExportAllDeclaration: (node) => check(node.source),
        ImportExpression: (node) => check(node.source),
      };
    },
  };
}
