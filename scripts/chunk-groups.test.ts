import { resolve } from 'node:path';
import { chunkGroups, importsOutside } from './chunk-groups';

const root = resolve(__dirname, '..');
const at = (p: string) => resolve(root, p);

describe('chunk groups', () => {
  it("takes the first screens' imports from outside their folders, not their own files or type-only imports", () => {
    const home = at('src/flows/open-account/screens/home');
    const login = at('src/core/app/login');
    const found = importsOutside(root, [home, login]);
    expect(found).toContain(at('src/core/app/flow-kit/AppHeader.tsx'));
    expect(found).toContain(at('src/core/ui/ConfirmDialog.tsx')); // via the @core alias
    expect(found).toContain(at('src/core/api/auth.ts'));
    expect([...found].some((f) => f.startsWith(home + '/') || f.startsWith(login + '/'))).toBe(false);
    expect([...found].some((f) => f.endsWith('.css'))).toBe(false);
  });

  it.each([
    ['src/core/step-engine/use-step-flow.ts', true],
    ['src/core/ui/form/TextField.tsx', true],
    ['src/flows/open-account/components/CheckGroup.tsx', true],
    ['src/core/ui/pdf/PdfPages.tsx', false], // loaded on demand: the PDF viewer stays its own chunk
    ['src/core/ui/pdf/pdf-worker.ts', false], // it imports react-pdf: in the kit it would pull pdf.js into every step screen
    ['src/core/ui/pickers/countries/en.json', false],
    ['src/flows/open-account/components/ChannelChangeDialog.tsx', false],
    ['src/flows/open-account/screens/finance/FinanceScreen.tsx', false],
    ['node_modules/react-vant/es/popup/Popup.js', false],
  ])('steps kit: %s → %s', (path, inKit) => {
    expect(chunkGroups(root).steps(at(path))).toBe(inKit);
  });
});
