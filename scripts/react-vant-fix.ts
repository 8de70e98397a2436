/**
 * Two fixes for react-vant 3.3.5 under React 19 and Vite 8 (see docs/decisions.md):
 * 1. its imperative render helper looks for createRoot on 'react-dom'; React 19 has it on 'react-dom/client';
 * 2. Rolldown tree-shakes the `import "./style/index.css"` out of each re-export-only es/<comp>/index.js,
 *    so each component module imports its own style again.
 * Used as a Vite plugin and as a dep-optimizer (Rolldown) plugin.
 */
import { existsSync } from 'node:fs';
import { dirname, join, basename } from 'node:path';

const RV = /[\\/]node_modules[\\/]react-vant[\\/]es[\\/]/;

export function reactVantFix() {
  return {
    name: 'react-vant-fix',
    enforce: 'pre' as const,
    transform(code: string, id: string) {
      const file = id.split('?')[0];
      if (!RV.test(file) || !file.endsWith('.js')) return null;
      if (/[\\/]utils[\\/]dom[\\/]render\.js$/.test(file)) {
        return {
          code: code.replace(
            "import * as ReactDOM from 'react-dom';",
            "import * as ReactDOMBase from 'react-dom';\nimport { createRoot as __rvCreateRoot } from 'react-dom/client';\nconst ReactDOM = { ...ReactDOMBase, createRoot: __rvCreateRoot };",
          ),
          map: null,
        };
      }
      const name = basename(file, '.js');
      if (name !== 'index' && /^[A-Z]/.test(name) && existsSync(join(dirname(file), 'style', 'index.css'))) {
        return { code: `import "./style/index.css";\n${code}`, map: null };
      }
      return null;
    },
  };
}
