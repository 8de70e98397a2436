/** Light inline drawings of the side to photograph (no image files): one per CardUploader kind. */
export type CardKind = 'idFront' | 'idBack' | 'bankCard' | 'hkFront' | 'hkBack' | 'passport' | 'generic';

const LINE = '#c7d2e5';
const INK = '#8ea3c7';

function Lines({ x, y, widths, gap = 18 }: { x: number; y: number; widths: number[]; gap?: number }) {
  return (
    <>
      {widths.map((w, i) => (
        <rect key={i} x={x} y={y + i * gap} width={w} height="8" rx="4" fill={LINE} />
      ))}
    </>
  );
}

function Face({ cx, cy, s = 1 }: { cx: number; cy: number; s?: number }) {
  return (
    <g fill={INK}>
      <circle cx={cx} cy={cy - 14 * s} r={17 * s} />
      <path d={`M${cx - 34 * s} ${cy + 38 * s}c0-22 15-34 ${34 * s}-34s${34 * s} 12 ${34 * s} 34z`} />
    </g>
  );
}

function Star({ cx, cy, r }: { cx: number; cy: number; r: number }) {
  const pts = Array.from({ length: 10 }, (_, i) => {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? r : r * 0.42;
    return `${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`;
  });
  return <polygon points={pts.join(' ')} fill="#f5c542" />;
}

export function CardArt({ kind }: { kind: CardKind }) {
  return (
    <svg className="esop-card__art" viewBox="0 0 320 200" aria-hidden="true" focusable="false">
      {kind === 'passport' ? (
        <rect x="20" y="10" width="280" height="180" rx="10" fill="#fff" stroke={INK} strokeWidth="2" />
      ) : kind === 'generic' ? null : (
        <rect x="20" y="20" width="280" height="170" rx="14" fill="#fff" stroke={INK} strokeWidth="2" />
      )}
      {kind === 'idFront' ? (
        <>
          <Lines x={44} y={48} widths={[90, 130, 110, 150, 120]} gap={22} />
          <rect x="196" y="46" width="84" height="104" rx="6" fill="#eef3ff" />
          <Face cx={238} cy={98} s={0.95} />
          <rect x="44" y="160" width="200" height="10" rx="5" fill={LINE} />
        </>
      ) : null}
      {kind === 'idBack' ? (
        <>
          <circle cx="74" cy="72" r="30" fill="#d64545" />
          <Star cx={74} cy={72} r={18} />
          <rect x="122" y="54" width="150" height="12" rx="6" fill={INK} />
          <rect x="142" y="78" width="110" height="10" rx="5" fill={LINE} />
          <Lines x={44} y={128} widths={[230, 190]} gap={22} />
        </>
      ) : null}
      {kind === 'bankCard' ? (
        <>
          <rect x="20" y="20" width="280" height="38" fill="#eef3ff" />
          <rect x="44" y="76" width="46" height="36" rx="6" fill="#e8c468" />
          <path d="M44 88h46M44 100h46M62 76v36M72 76v36" stroke="#c9a43e" strokeWidth="2" />
          {[0, 1, 2, 3].map((g) => (
            <g key={g}>
              {[0, 1, 2, 3].map((d) => (
                <circle key={d} cx={48 + g * 62 + d * 12} cy={136} r="4" fill={INK} />
              ))}
            </g>
          ))}
          <rect x="44" y="160" width="110" height="8" rx="4" fill={LINE} />
          <circle cx="246" cy="164" r="14" fill="#d64545" opacity="0.8" />
          <circle cx="264" cy="164" r="14" fill="#f5c542" opacity="0.8" />
        </>
      ) : null}
      {kind === 'hkFront' ? (
        <>
          <rect x="20" y="20" width="280" height="30" fill="#eef3ff" />
          <rect x="40" y="64" width="84" height="104" rx="6" fill="#eef3ff" />
          <Face cx={82} cy={116} s={0.95} />
          <Lines x={142} y={68} widths={[120, 90, 130, 100, 70]} gap={20} />
        </>
      ) : null}
      {kind === 'hkBack' ? (
        <>
          <Lines x={44} y={46} widths={[230, 200, 220]} gap={20} />
          <g fill={INK}>
            {Array.from({ length: 34 }, (_, i) => (
              <rect key={i} x={44 + i * 7} y={122} width={i % 3 === 0 ? 4 : 2} height="44" />
            ))}
          </g>
        </>
      ) : null}
      {kind === 'passport' ? (
        <>
          <rect x="40" y="34" width="78" height="98" rx="6" fill="#eef3ff" />
          <Face cx={79} cy={82} s={0.9} />
          <Lines x={136} y={38} widths={[130, 100, 140, 90, 120]} gap={19} />
          <text x="40" y="160" fontSize="13" fontFamily="monospace" fill={INK} textLength="240" lengthAdjust="spacingAndGlyphs">
            P&lt;HKG&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;
          </text>
          <text x="40" y="178" fontSize="13" fontFamily="monospace" fill={INK} textLength="240" lengthAdjust="spacingAndGlyphs">
            K12345608&lt;0HKG&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;
          </text>
        </>
      ) : null}
      {kind === 'generic' ? (
        <>
          <rect x="70" y="30" width="180" height="140" rx="12" fill="#fff" stroke={INK} strokeWidth="2" />
          <circle cx="118" cy="74" r="14" fill="#f5c542" />
          <path d="M86 152l46-52 32 34 22-22 48 40z" fill={INK} />
        </>
      ) : null}
    </svg>
  );
}
