/**
 * `npm run steps`: writes, from the steps' definitions, src/core/domain/steps/light.ts (the light part of every step's
 * definition, for the first screen), src/core/domain/steps/samples.ts (each listed step's sample, for tests and tools)
 * and src/core/domain/steps/words.ts (each listed step's desk rows, for case-words.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { STEP_DEFINITIONS_FULL } from '../src/core/domain/steps/full';
import { lightSource, samplesSource, wordsSource } from './steps-light';

const dir = join(import.meta.dirname, '..', 'src/core/domain/steps');
writeFileSync(join(dir, 'light.ts'), lightSource(STEP_DEFINITIONS_FULL.map((d) => d.meta)));
console.log('src/core/domain/steps/light.ts');
const full = readFileSync(join(dir, 'full.ts'), 'utf8');
writeFileSync(join(dir, 'samples.ts'), samplesSource(full));
console.log('src/core/domain/steps/samples.ts');
writeFileSync(join(dir, 'words.ts'), wordsSource(full));
console.log('src/core/domain/steps/words.ts');
