/**
 * A QR code drawn as one SVG path: the symbol is made by the `qrcode` package (its `create`: the modules of the
 * text at error correction M), with the standard quiet zone of four modules around it.
 */
import { useMemo } from 'react';
import { create } from 'qrcode';

const QUIET = 4;

export function QrCode({ text, label, size = 176 }: { text: string; label: string; size?: number }) {
  const { path, side } = useMemo(() => {
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    const n = modules.size;
    let d = '';
    for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) if (modules.get(y, x)) d += `M${x + QUIET} ${y + QUIET}h1v1h-1z`;
    return { path: d, side: n + QUIET * 2 };
  }, [text]);
  return (
    <svg className="oa-qr" viewBox={`0 0 ${side} ${side}`} width={size} height={size} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#111" />
    </svg>
  );
}
