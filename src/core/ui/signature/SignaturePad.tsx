/**
 * A drawing pad for a handwritten signature: pointer events (finger, pen, mouse), a canvas at the device's pixel
 * ratio with its size from CSS (sharp on high-DPI screens, resized with the layout, e.g. on turning the phone),
 * smoothed strokes, clear. The page reads the ink length (to refuse a signature with too little ink) and exports a
 * PNG trimmed to the ink with a margin, on white.
 */
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef } from 'react';
import './signature-pad.css';

type Point = { x: number; y: number };

export interface SignaturePadHandle {
  clear(): void;
  /** total stroke length in CSS pixels */
  inkLength(): number;
  /** the signature as a PNG trimmed to the ink (null when empty) */
  toPng(): Promise<Blob | null>;
}

export interface SignaturePadProps {
  /** the pad's accessible name */
  label: string;
  /** called after each stroke with the total ink length */
  onInk?: (length: number) => void;
}

const LINE_WIDTH = 2.6; // CSS px
const INK = '#111827';
const MARGIN = 12; // CSS px around the trimmed ink

export const SignaturePad = forwardRef<SignaturePadHandle, SignaturePadProps>(function SignaturePad({ label, onInk }, ref) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const strokes = useRef<Point[][]>([]);
  const drawing = useRef<Point[] | null>(null);
  const length = useRef(0);

  const ctxOf = () => canvasRef.current?.getContext('2d') ?? null;

  /** draws every stroke again (after a resize the canvas is blank) */
  const redraw = useCallback(() => {
    const canvas = canvasRef.current;
    const ctx = ctxOf();
    if (!canvas || !ctx) return;
    const dpr = window.devicePixelRatio || 1;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    drawAll(ctx, strokes.current);
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const fit = () => {
      const r = canvas.getBoundingClientRect();
      const dpr = window.devicePixelRatio || 1;
      const w = Math.max(1, Math.round(r.width * dpr));
      const h = Math.max(1, Math.round(r.height * dpr));
      if (canvas.width !== w || canvas.height !== h) {
        canvas.width = w;
        canvas.height = h;
        redraw();
      }
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(fit);
    ro.observe(canvas);
    return () => ro.disconnect();
  }, [redraw]);

  const pointOf = (e: React.PointerEvent<HTMLCanvasElement>): Point => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  const onPointerDown = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (e.button !== 0 && e.pointerType === 'mouse') return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drawing.current = [pointOf(e)];
    strokes.current.push(drawing.current);
    redraw();
  };
  const onPointerMove = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const s = drawing.current;
    if (!s) return;
    const p = pointOf(e);
    const last = s[s.length - 1];
    const d = Math.hypot(p.x - last.x, p.y - last.y);
    if (d < 0.8) return;
    s.push(p);
    length.current += d;
    const ctx = ctxOf();
    if (ctx) {
      ctx.beginPath();
      ctx.moveTo(last.x, last.y);
      ctx.lineTo(p.x, p.y);
      ctx.stroke();
    }
  };
  const end = () => {
    if (!drawing.current) return;
    drawing.current = null;
    redraw();
    onInk?.(length.current);
  };

  useImperativeHandle(ref, () => ({
    clear() {
      strokes.current = [];
      length.current = 0;
      redraw();
      onInk?.(0);
    },
    inkLength: () => length.current,
    async toPng() {
      const pts = strokes.current.flat();
      if (!pts.length) return null;
      const dpr = Math.max(1, window.devicePixelRatio || 1);
      const minX = Math.min(...pts.map((p) => p.x)) - MARGIN;
      const minY = Math.min(...pts.map((p) => p.y)) - MARGIN;
      const w = Math.max(...pts.map((p) => p.x)) + MARGIN - minX;
      const h = Math.max(...pts.map((p) => p.y)) + MARGIN - minY;
      const out = document.createElement('canvas');
      out.width = Math.round(w * dpr);
      out.height = Math.round(h * dpr);
      const ctx = out.getContext('2d');
      if (!ctx) return null;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, out.width, out.height);
      ctx.setTransform(dpr, 0, 0, dpr, -minX * dpr, -minY * dpr);
      drawAll(ctx, strokes.current);
      return new Promise((resolve) => out.toBlob((b) => resolve(b), 'image/png'));
    },
  }));

  return (
    <canvas
      ref={canvasRef}
      className="esop-signature-pad"
      role="img"
      aria-label={label}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={end}
      onPointerCancel={end}
      onPointerLeave={end}
    />
  );
});

/** Every stroke in the pad's ink (the transform is the caller's). */
function drawAll(ctx: CanvasRenderingContext2D, strokes: Point[][]) {
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.lineWidth = LINE_WIDTH;
  ctx.strokeStyle = INK;
  ctx.fillStyle = INK;
  for (const s of strokes) drawStroke(ctx, s);
}

/** A stroke as a smooth curve through its points (a dot for a tap). */
function drawStroke(ctx: CanvasRenderingContext2D, s: Point[]) {
  if (s.length === 1) {
    ctx.beginPath();
    ctx.arc(s[0].x, s[0].y, LINE_WIDTH / 2, 0, Math.PI * 2);
    ctx.fill();
    return;
  }
  ctx.beginPath();
  ctx.moveTo(s[0].x, s[0].y);
  for (let i = 1; i < s.length - 1; i++) {
    const mx = (s[i].x + s[i + 1].x) / 2;
    const my = (s[i].y + s[i + 1].y) / 2;
    ctx.quadraticCurveTo(s[i].x, s[i].y, mx, my);
  }
  const last = s[s.length - 1];
  ctx.lineTo(last.x, last.y);
  ctx.stroke();
}
