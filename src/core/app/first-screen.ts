/**
 * The first screen the built page painted from its HTML (scripts/prerender.ts: `.shell-first`, the shell's
 * `data-first` naming its route; #root is kept out of sight meanwhile). It stays up until the app's own screen is in
 * #root: the page skeleton, the Suspense fallback while a screen's chunk loads, or a route guard's wait render nothing
 * meanwhile (showsFirstScreen), so the visitor does not see the screen give way to a skeleton and come back. Then the
 * painted screen is removed (its ids and labels are not left twice in the page) and #root shown, in the same frame.
 */
export function showsFirstScreen(): boolean {
  return typeof document !== 'undefined' && !!document.querySelector('.shell[data-first] > .shell-first');
}

/**
 * Whether the app has rendered a screen into #root: any text in it (every screen has some; the toasts' empty live
 * region and a skeleton that renders nothing have none).
 */
function rendered(root: HTMLElement): boolean {
  return (root.textContent ?? '').trim() !== '';
}

/** Removes the painted first screen as soon as the app has rendered a screen into #root. */
export function dropFirstScreenOnRender(root: HTMLElement): void {
  const first = document.querySelector('.shell-first');
  if (!first) return;
  const shell = first.parentElement;
  const drop = () => {
    first.remove();
    shell?.removeAttribute('data-first');
    for (const t of shell?.querySelectorAll(':scope > template') ?? []) t.remove();
  };
  if (rendered(root)) return drop();
  const observer = new MutationObserver(() => {
    if (!rendered(root)) return;
    observer.disconnect();
    drop();
  });
  observer.observe(root, { childList: true, subtree: true, characterData: true });
}
