/**
 * Where a form sends the eye and the focus when its action was pressed with something missing: the first marked field
 * in page order. Every field component of @core/ui/form (and every shared section) renders `data-name` on its
 * wrapper with the field's name, the same name as the domain validator's issue (`bankInfo.acctNumber`,
 * `taxes.1.country`); a list field named `taxes` also stands for the issues under it.
 */

/** What can take the focus inside a field's wrapper, in the order a user would reach it. */
const CONTROL =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [role="radio"], [role="checkbox"], [tabindex]:not([tabindex="-1"])';

/** The field `name` stands for the issue field `field` (the same, one of its parts, or the list it is in). */
export const namesField = (name: string, field: string) => name === field || field.startsWith(`${name}.`) || name.startsWith(`${field}.`);

/** The wrapper of the first field, in page order, that stands for one of `fields`. */
export function firstMarked(fields: readonly string[], root: ParentNode = document): HTMLElement | undefined {
  if (!fields.length) return undefined;
  for (const el of Array.from(root.querySelectorAll<HTMLElement>('[data-name]'))) {
    const name = el.dataset.name;
    if (name && fields.some((f) => namesField(name, f))) return el;
  }
  return undefined;
}

/** Room left above a field scrolled to: the page's header and progress bar, where the toast saying why shows. */
export const MARK_SCROLL_MARGIN = 104;

/**
 * Scrolls the first marked field to just under the page's header (its label, control and message in view below the
 * toast that says why) and focuses its control (or the wrapper itself,
 * made focusable, when it has none), so that a screen reader reads its label and its error. The field's name, or
 * undefined when none of them is on the page.
 */
export function focusFirstMarked(fields: readonly string[], root: ParentNode = document): string | undefined {
  const el = firstMarked(fields, root);
  if (!el) return undefined;
  const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  el.style.scrollMarginTop = `${MARK_SCROLL_MARGIN}px`;
  el.scrollIntoView?.({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
  const control = el.matches(CONTROL) ? el : el.querySelector<HTMLElement>(CONTROL);
  const target = control ?? el;
  if (!control && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return el.dataset.name;
}
