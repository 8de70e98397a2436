import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { currentLang } from './lang';
import { loadAllMessages } from './messages';

/**
 * A lazily loaded screen beyond the first ones: its chunk and the rest of the language's messages load together, so
 * it renders with all its texts. A failed message load does not block the screen (its texts then show their keys
 * until a retry), a failed chunk load fails as React.lazy does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyScreen<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() => Promise.all([load(), loadAllMessages(currentLang()).catch(() => undefined)]).then(([m]) => m));
}
