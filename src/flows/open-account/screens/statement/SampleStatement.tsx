/**
 * A drawn mock of a broker's monthly statement (no copied image): the parts the reviewer reads — account
 * holder name, account number, statement date — are highlighted and named by translated callouts. The
 * document's own wording stays English, as statements of Hong Kong brokers usually are.
 */
export interface SampleStatementProps {
  /** the figure's accessible description */
  alt: string;
  nameLabel: string;
  accountLabel: string;
  dateLabel: string;
}

const HIGHLIGHT = '#ff7a1a';

function Callout({ y, label }: { y: number; label: string }) {
  return (
    <g>
      <line x1="236" y1={y} x2="252" y2={y} stroke={HIGHLIGHT} strokeWidth="1.5" />
      <rect x="252" y={y - 11} width="104" height="22" rx="11" fill={HIGHLIGHT} />
      <text x="304" y={y + 4} textAnchor="middle" fontSize="10.5" fontWeight="600" fill="#fff">
        {label}
      </text>
    </g>
  );
}

function Row({ y, cells }: { y: number; cells: string[] }) {
  const xs = [22, 78, 150, 196];
  return (
    <g fontSize="8" fill="#444">
      {cells.map((c, i) => (
        <text key={i} x={xs[i]} y={y} textAnchor={i >= 2 ? 'end' : 'start'} dx={i >= 2 ? 30 : 0}>
          {c}
        </text>
      ))}
    </g>
  );
}

export function SampleStatement({ alt, nameLabel, accountLabel, dateLabel }: SampleStatementProps) {
  return (
    <svg className="oa-statement-sample" viewBox="0 0 360 420" role="img" aria-label={alt} focusable="false">
      <rect x="0" y="0" width="360" height="420" fill="#eef1f5" />
      <rect x="10" y="14" width="226" height="392" rx="4" fill="#fff" stroke="#d0d5dd" />
      {/* letterhead */}
      <rect x="22" y="28" width="22" height="22" rx="4" fill="#1f4e8c" />
      <text x="50" y="38" fontSize="9.5" fontWeight="700" fill="#1f4e8c">
        ABC SECURITIES LIMITED
      </text>
      <text x="50" y="49" fontSize="6.5" fill="#667085">
        Licensed by the SFC · CE No. AAA000
      </text>
      <text x="22" y="74" fontSize="11" fontWeight="700" fill="#101828">
        MONTHLY STATEMENT
      </text>
      <line x1="22" y1="82" x2="224" y2="82" stroke="#d0d5dd" />

      {/* the three parts the reviewer reads */}
      <rect x="18" y="90" width="212" height="20" rx="3" fill="#fff4e8" stroke={HIGHLIGHT} strokeWidth="1.5" />
      <text x="24" y="103" fontSize="8" fill="#475467">
        Account Name
      </text>
      <text x="90" y="103" fontSize="9" fontWeight="700" fill="#101828">
        CHAN TAI MAN
      </text>
      <rect x="18" y="116" width="212" height="20" rx="3" fill="#fff4e8" stroke={HIGHLIGHT} strokeWidth="1.5" />
      <text x="24" y="129" fontSize="8" fill="#475467">
        Account No.
      </text>
      <text x="90" y="129" fontSize="9" fontWeight="700" fill="#101828">
        8800-123456
      </text>
      <rect x="18" y="142" width="212" height="20" rx="3" fill="#fff4e8" stroke={HIGHLIGHT} strokeWidth="1.5" />
      <text x="24" y="155" fontSize="8" fill="#475467">
        Statement Date
      </text>
      <text x="90" y="155" fontSize="9" fontWeight="700" fill="#101828">
        31 OCT 2026
      </text>
      <Callout y={100} label={nameLabel} />
      <Callout y={126} label={accountLabel} />
      <Callout y={152} label={dateLabel} />

      {/* address block and holdings table, greyed */}
      <g fill="#98a2b3" fontSize="7">
        <text x="22" y="180">Flat A, 10/F, Example Building</text>
        <text x="22" y="190">1 Example Road, Kowloon, Hong Kong</text>
      </g>
      <text x="22" y="214" fontSize="8.5" fontWeight="700" fill="#101828">
        Portfolio Summary (HKD)
      </text>
      <rect x="18" y="220" width="212" height="14" fill="#f2f4f7" />
      <Row y={230} cells={['Code', 'Stock', 'Qty', 'Value']} />
      <Row y={248} cells={['00700', 'TENCENT', '200', '98,400.00']} />
      <Row y={264} cells={['00005', 'HSBC HOLDINGS', '1,200', '118,560.00']} />
      <Row y={280} cells={['02800', 'TRACKER FUND', '3,000', '77,550.00']} />
      <line x1="22" y1="290" x2="224" y2="290" stroke="#d0d5dd" />
      <Row y={304} cells={['', 'Total', '', '294,510.00']} />
      <text x="22" y="330" fontSize="8.5" fontWeight="700" fill="#101828">
        Cash Balance (HKD)
      </text>
      <Row y={346} cells={['', 'Available', '', '12,034.56']} />
      <g fill="#c0c6d0">
        <rect x="22" y="366" width="200" height="4" rx="2" />
        <rect x="22" y="376" width="170" height="4" rx="2" />
        <rect x="22" y="386" width="185" height="4" rx="2" />
      </g>
    </svg>
  );
}
