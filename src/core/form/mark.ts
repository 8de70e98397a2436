/**
 * What a form does when its action was pressed with something missing that is not a kit field (a document not yet
 * read, a recording not passed, a box of a list): after the render that draws the marks, the first marked element in
 * page order is scrolled to and focused, and the reason is said in the toast (above the footer, clear of the element
 * the page just scrolled to). useRuleForm's check() does the same for its fields.
 */
import { TOAST_MS } from '../domain/errors';
import { toast } from '../ui/toast';
import { focusFirstMarked } from './focus-first';

export function markFirst(names: readonly string[], message?: string): void {
  window.setTimeout(() => {
    focusFirstMarked(names);
    if (message) toast.show(message, TOAST_MS);
  }, 0);
}
