import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * main.tsx imports Mantine's CSS per component rather than all of it (@mantine/core/styles.css,
 * 199 KB). These checks tell whoever renders a new Mantine component which CSS files main.tsx must
 * import for it, and keep the imports in the order Mantine's full stylesheet has them.
 *
 * What a component needs is read from Mantine's own sources: its module in @mantine/core/esm and
 * every module it imports, each of which names the CSS module whose class names it uses
 * (`import classes from './Button.module.css.mjs'`, shipped as styles/Button.css). So TextInput
 * needs Input.css, Button needs UnstyledButton.css and Loader.css, Modal needs ModalBase.css,
 * Overlay.css, CloseButton.css and Paper.css, and so on.
 */

const src = import.meta.dirname;
const require = createRequire(import.meta.url);
const core = dirname(require.resolve('@mantine/core/styles.css'));
const esm = join(core, 'esm');
const stylesDir = join(core, 'styles');

/**
 * CSS that a component's modules import but that the component renders only when asked for, so
 * main.tsx leaves it out until the app asks: by component, each file with what, found in the app's
 * sources, asks for it. (Only these components: Select, say, does render ScrollArea.)
 */
const notRenderedUnlessAskedFor: Record<string, Record<string, RegExp>> = {
  // Modal and Drawer import ScrollArea only to compare it with their scrollAreaComponent prop; by
  // default they scroll with NativeScrollArea, which has no CSS.
  Modal: { ScrollArea: /\bscrollAreaComponent\b/ },
  Drawer: { ScrollArea: /\bscrollAreaComponent\b/ },
  // Checkbox.Card, Checkbox.Indicator, Radio.Card and Radio.Indicator are parts hung on the
  // components, and come with their modules; a plain Checkbox or Radio (or its Group) renders none.
  Checkbox: {
    CheckboxCard: /\bCheckbox\.Card\b/,
    CheckboxIndicator: /\bCheckbox\.(Card|Indicator)\b/,
  },
  Radio: {
    RadioCard: /\bRadio\.Card\b/,
    RadioIndicator: /\bRadio\.(Card|Indicator)\b/,
  },
};

/** The app's sources: not its tests, nor the test support in src/test. */
function sourceFiles(dir = src): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join(src, 'test') ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const sources = sourceFiles().map((path) => readFileSync(path, 'utf8'));
const allSources = sources.join('\n');

/** Values (not types) imported by name from a package, across the app's sources. */
function namedImports(from: string): Set<string> {
  const names = new Set<string>();
  const pattern = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*'${from}'`, 'g');
  for (const source of sources) {
    for (const [, typeOnly, list = ''] of source.matchAll(pattern)) {
      if (typeOnly) continue;
      for (const specifier of list.split(',')) {
        const name = specifier.trim().split(/\s+as\s+/)[0] ?? '';
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

/** Where @mantine/core's index exports each name from. */
const moduleOf = new Map<string, string>();
for (const [, list = '', from = ''] of readFileSync(join(esm, 'index.mjs'), 'utf8').matchAll(
  /export\s*\{([^}]*)\}\s*from\s*'([^']+)'/g,
)) {
  for (const name of list.split(',')) {
    moduleOf.set(
      name
        .trim()
        .split(/\s+as\s+/)
        .pop() ?? '',
      resolve(esm, from),
    );
  }
}

/**
 * The CSS files (names under @mantine/core/styles, without .css) a module's import graph uses.
 * Only imports that bind something are followed: the bare `import '../X.mjs'` lines are left over
 * from Mantine's bundling and bring nothing in.
 */
function cssOfModule(file: string, seen = new Set<string>(), found = new Set<string>()) {
  if (seen.has(file)) return found;
  seen.add(file);
  for (const [, from = ''] of readFileSync(file, 'utf8').matchAll(
    /^import\s+[^'";]+\s+from\s+'(\.[^']+)';$/gm,
  )) {
    const target = resolve(dirname(file), from);
    if (target.endsWith('.module.css.mjs')) {
      const name = basename(target, '.module.css.mjs');
      if (existsSync(join(stylesDir, `${name}.css`))) found.add(name);
    } else cssOfModule(target, seen, found);
  }
  return found;
}

/** The CSS a component the app imports needs, less what it does not render here. */
function cssOf(component: string): string[] {
  const module = moduleOf.get(component);
  if (!module) throw new Error(`@mantine/core exports no ${component}`);
  const own = existsSync(join(stylesDir, `${component}.css`)) ? [component] : [];
  const used = [...cssOfModule(module)].filter((name) => {
    const askedFor = notRenderedUnlessAskedFor[component]?.[name];
    return !askedFor || askedFor.test(allSources);
  });
  return [...new Set([...own, ...used])];
}

const main = readFileSync(join(src, 'main.tsx'), 'utf8');
const imported = [...main.matchAll(/^import '@mantine\/core\/styles\/([^']+)\.css';$/gm)].map(
  ([, name]) => name ?? '',
);
const globals = ['baseline', 'default-css-variables', 'global'];
const components = namedImports('@mantine/core');

/** Each component file's place in styles.css: where its first class is declared. */
const fullStylesheet = readFileSync(join(core, 'styles.css'), 'utf8');
function placeInFullStylesheet(name: string): number {
  const firstClass = /\.m_[0-9a-f]+/.exec(readFileSync(join(stylesDir, `${name}.css`), 'utf8'));
  return firstClass ? fullStylesheet.indexOf(firstClass[0]) : -1;
}

describe("main.tsx's Mantine styles", () => {
  it('finds the Mantine components the app renders', () => {
    // A guard on the scan itself: these are rendered on every screen.
    expect([...components]).toEqual(expect.arrayContaining(['AppShell', 'Button', 'Text']));
    expect(cssOf('Button')).toEqual(expect.arrayContaining(['Button', 'UnstyledButton']));
    expect(cssOf('TextInput')).toContain('Input');
  });

  it("imports Mantine's global styles first, and not the whole stylesheet", () => {
    expect(imported.slice(0, 3)).toEqual(globals);
    expect(main).not.toMatch(/^import '@mantine\/core\/styles(\.layer)?\.css';$/m);
  });

  it('imports the CSS of every Mantine component the app uses', () => {
    const missing = [...components].flatMap((component) =>
      cssOf(component)
        .filter((name) => !imported.includes(name))
        .map((name) => `${component} needs: import '@mantine/core/styles/${name}.css';`),
    );
    expect(missing, 'add these to apps/web/src/main.tsx (the order: see the next check)').toEqual(
      [],
    );
  });

  it('imports no CSS that no component uses', () => {
    const needed = new Set([...globals, ...[...components].flatMap(cssOf)]);
    expect(imported.filter((name) => !needed.has(name))).toEqual([]);
  });

  it("imports the component styles in the order of Mantine's full stylesheet", () => {
    // A component's CSS overrides that of the components it is built on (Button's that of
    // UnstyledButton) by coming later, with the same specificity.
    const componentFiles = imported.filter((name) => !globals.includes(name));
    const places = componentFiles.map(placeInFullStylesheet);
    expect(places.every((place) => place >= 0)).toBe(true);
    const inOrder = componentFiles
      .map((name, i) => ({ name, place: places[i] ?? 0 }))
      .sort((a, b) => a.place - b.place)
      .map(({ name }) => name);
    expect(componentFiles).toEqual(inOrder);
  });

  it('imports the styles of the other Mantine packages the app uses', () => {
    const packages = new Set(
      [...allSources.matchAll(/from '@mantine\/([a-z-]+)'/g)].map(([, name]) => name ?? ''),
    );
    const missing = [...packages].filter((name) => {
      if (name === 'core') return false;
      try {
        require.resolve(`@mantine/${name}/styles.css`);
      } catch {
        return false; // a package without styles (@mantine/hooks)
      }
      return !main.includes(`import '@mantine/${name}/styles.css';`);
    });
    expect(missing).toEqual([]);
  });
});
