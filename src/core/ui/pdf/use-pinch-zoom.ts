/**
 * The viewer's zoom by two-finger pinch (pointer events on its scroll box) and by its buttons. While the fingers move
 * the content is only scaled by CSS (cheap, it follows the fingers); when they lift the zoom is set — the pages are
 * drawn again at that size, so text stays sharp — and the box is scrolled so that the point under the fingers stays
 * there (a button zooms about the middle of the box). One finger scrolls as usual, both ways: the box has
 * `touch-action: pan-x pan-y`, so the browser neither zooms the whole page nor takes the pinch away from us.
 */
import { useLayoutEffect, useRef, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { clampZoom } from './zoom';

interface Pinch {
  /** the fingers' distance at the start */
  dist: number;
  zoom: number;
  target: number;
  /** the fingers' middle: in the box's view, and in the content (unscaled) */
  fx: number;
  fy: number;
  ox: number;
  oy: number;
  /** where the content starts in the box's scrolled area */
  left: number;
  top: number;
}

export function usePinchZoom(
  scroller: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
  zoom: number,
  setZoom: (z: number) => void,
) {
  const points = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<Pinch | null>(null);
  /** the scroll to set once the new zoom is laid out */
  const keep = useRef<{ x: number; y: number } | null>(null);

  useLayoutEffect(() => {
    const k = keep.current;
    const el = scroller.current;
    keep.current = null;
    if (!k || !el) return;
    el.scrollLeft = Math.max(0, k.x);
    el.scrollTop = Math.max(0, k.y);
  }, [zoom, scroller]);

  /** sets the zoom keeping the point (fx, fy) of the box's view in place */
  const zoomAbout = (next: number, fx: number, fy: number) => {
    const el = scroller.current;
    const c = content.current;
    if (next === zoom) return;
    if (el && c) {
      const r = el.getBoundingClientRect();
      const cr = c.getBoundingClientRect();
      const left = cr.left - r.left + el.scrollLeft;
      const top = cr.top - r.top + el.scrollTop;
      const k = next / zoom;
      keep.current = { x: left + (el.scrollLeft + fx - left) * k - fx, y: top + (el.scrollTop + fy - top) * k - fy };
    }
    setZoom(next);
  };

  /** a button's zoom: about the middle of the box */
  const zoomTo = (next: number) => {
    const el = scroller.current;
    zoomAbout(clampZoom(next), el ? el.clientWidth / 2 : 0, el ? el.clientHeight / 2 : 0);
  };

  const spread = () => {
    const [a, b] = [...points.current.values()];
    return { dist: Math.hypot(a.x - b.x, a.y - b.y), cx: (a.x + b.x) / 2, cy: (a.y + b.y) / 2 };
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLElement>) => {
    if (e.pointerType !== 'touch') return;
    points.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const el = scroller.current;
    const c = content.current;
    if (points.current.size !== 2 || !el || !c) return;
    const s = spread();
    if (s.dist < 10) return;
    const r = el.getBoundingClientRect();
    const cr = c.getBoundingClientRect();
    pinch.current = {
      dist: s.dist,
      zoom,
      target: zoom,
      fx: s.cx - r.left,
      fy: s.cy - r.top,
      ox: s.cx - cr.left,
      oy: s.cy - cr.top,
      left: cr.left - r.left + el.scrollLeft,
      top: cr.top - r.top + el.scrollTop,
    };
    c.style.transformOrigin = `${pinch.current.ox}px ${pinch.current.oy}px`;
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLElement>) => {
    if (!points.current.has(e.pointerId)) return;
    points.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const p = pinch.current;
    if (!p || points.current.size < 2) return;
    p.target = clampZoom((p.zoom * spread().dist) / p.dist);
    if (content.current) content.current.style.transform = `scale(${p.target / p.zoom})`;
  };

  const onPointerEnd = (e: ReactPointerEvent<HTMLElement>) => {
    points.current.delete(e.pointerId);
    const p = pinch.current;
    if (!p || points.current.size >= 2) return;
    pinch.current = null;
    const c = content.current;
    if (c) {
      c.style.transform = '';
      c.style.transformOrigin = '';
    }
    if (p.target === p.zoom) return;
    const k = p.target / p.zoom;
    keep.current = { x: p.left + p.ox * k - p.fx, y: p.top + p.oy * k - p.fy };
    setZoom(p.target);
  };

  return {
    zoomTo,
    handlers: { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd },
  };
}
