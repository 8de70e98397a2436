/** `npm run steps`: writes src/core/domain/steps/light.ts (the light part of every step's definition) from the definitions. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { STEP_DEFINITIONS_FULL } from '../src/core/domain/steps/full';
import { lightSource } from './steps-light';

const file = join(import.meta.dirname, '..', 'src/core/domain/steps/light.ts');
writeFileSync(file, lightSource(STEP_DEFINITIONS_FULL.map((d) => d.meta)));
console.log('src/core/domain/steps/light.ts');
