/**
 * The example proofs of address (spec part 1 "Proof of address": licensed-institution statement, credit card
 * statement, electricity, gas and telecom bills), drawn as light mock documents: the parts the reviewer reads
 * (issuer, name, address, date) are outlined and tagged. No real document or image is copied.
 */
import { useId, type ReactNode } from 'react';
import { useT } from '@core/i18n';

export const SAMPLE_KINDS = ['bank', 'credit', 'electricity', 'gas', 'telecom'] as const;
export type SampleKind = (typeof SAMPLE_KINDS)[number];

const ACCENT: Record<SampleKind, string> = {
  bank: '#1d4ed8',
  credit: '#6d28d9',
  electricity: '#ca8a04',
  gas: '#0f766e',
  telecom: '#be185d',
};

const MARK = '#c2410c';

/** A dashed outline with a tag above its top-left corner. */
function Mark({ x, y, w, h, label }: { x: number; y: number; w: number; h: number; label: string }) {
  // a CJK character is about as wide as the font size, a Latin letter about 0.62 of it
  const textW = [...label].reduce((w, ch) => w + (/[\u2e80-\uffef]/.test(ch) ? 9.4 : 5.8), 0);
  const tagW = Math.max(30, textW + 12);
  return (
    <g>
      <rect x={x} y={y} width={w} height={h} rx={3} fill="rgba(234,88,12,0.08)" stroke={MARK} strokeWidth={1.2} strokeDasharray="4 2" />
      <rect x={x} y={y - 13} width={tagW} height={13} rx={2} fill={MARK} />
      <text x={x + 6} y={y - 3.5} fontSize={9} fontWeight={600} fill="#fff">
        {label}
      </text>
    </g>
  );
}

const Bar = ({ x, y, w, h = 5, dark = false }: { x: number; y: number; w: number; h?: number; dark?: boolean }) => (
  <rect x={x} y={y} width={w} height={h} rx={2} fill={dark ? '#4e5561' : '#d5d9e0'} />
);

/** The small emblem of each kind (top right of the body). */
function Emblem({ kind, color }: { kind: SampleKind; color: string }) {
  const c = { fill: 'none', stroke: color, strokeWidth: 1.6, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const };
  switch (kind) {
    case 'bank':
      return (
        <g {...c}>
          <path d="M236 120 l18 -9 l18 9 z" />
          <path d="M240 123 v12 M248 123 v12 M260 123 v12 M268 123 v12 M236 137 h36" />
        </g>
      );
    case 'credit':
      return (
        <g {...c}>
          <rect x={234} y={112} width={40} height={26} rx={4} />
          <path d="M234 120 h40 M240 131 h10" />
        </g>
      );
    case 'electricity':
      return <path {...c} d="M257 108 l-12 18 h10 l-4 16 l14 -21 h-10 z" />;
    case 'gas':
      return <path {...c} d="M254 142 c-10 0 -14 -8 -11 -16 c2 -6 8 -8 8 -16 c6 4 12 10 12 18 c2 -2 3 -5 3 -7 c4 5 5 9 5 11 c0 6 -7 10 -17 10 z" />;
    case 'telecom':
      return (
        <g {...c}>
          <rect x={246} y={108} width={18} height={32} rx={3} />
          <path d="M252 135 h6 M236 114 a18 18 0 0 1 0 20 M274 114 a18 18 0 0 0 0 20" />
        </g>
      );
  }
}

/** One mock document (decorative: its figure's caption names it): issuer band, recipient block, date, body lines. */
export function SampleDocument({ kind }: { kind: SampleKind }) {
  const t = useT();
  const color = ACCENT[kind];
  const body: ReactNode[] = [];
  for (let i = 0; i < 4; i++) {
    body.push(<Bar key={`l${i}`} x={24} y={160 + i * 12} w={120 - (i % 2) * 30} />);
    body.push(<Bar key={`r${i}`} x={216} y={160 + i * 12} w={56} />);
  }
  return (
    <svg viewBox="0 0 300 220" aria-hidden="true" className="esop-sample-doc__svg" focusable="false">
      <rect x={6} y={6} width={288} height={208} rx={6} fill="#fff" stroke="#d5d9e0" />
      {/* issuer: logo and name */}
      <rect x={24} y={26} width={18} height={18} rx={kind === 'bank' || kind === 'credit' ? 4 : 9} fill={color} />
      <rect x={48} y={28} width={70} height={7} rx={2} fill={color} />
      <Bar x={48} y={39} w={52} h={4} />
      <Mark x={18} y={21} w={108} h={28} label={t('address.samples.issuer')} />
      {/* date of issue */}
      <Bar x={214} y={30} w={60} h={6} dark />
      <Mark x={208} y={23} w={72} h={20} label={t('address.samples.date')} />
      {/* recipient: name, then address lines */}
      <Bar x={28} y={78} w={84} h={7} dark />
      <Mark x={22} y={71} w={104} h={20} label={t('address.samples.name')} />
      <Bar x={28} y={112} w={124} />
      <Bar x={28} y={122} w={104} />
      <Bar x={28} y={132} w={70} />
      <Mark x={22} y={106} w={138} h={34} label={t('address.samples.addr')} />
      <Emblem kind={kind} color={color} />
      <rect x={18} y={152} width={264} height={0.8} fill="#e3e6eb" />
      {body}
    </svg>
  );
}

/** The sample page: what a proof must show, then the five kinds with their captions. */
export function SampleDocuments() {
  const t = useT();
  const id = useId();
  return (
    <div className="esop-sample-docs">
      <p className="esop-sample-docs__intro">{t('address.samples.intro')}</p>
      <ul className="esop-sample-docs__list">
        {SAMPLE_KINDS.map((kind) => (
          <li key={kind}>
            <figure className="esop-sample-doc" aria-labelledby={`${id}-${kind}`}>
              <SampleDocument kind={kind} />
              <figcaption id={`${id}-${kind}`} className="esop-sample-doc__caption">
                {t(`address.samples.${kind}`)}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </div>
  );
}
