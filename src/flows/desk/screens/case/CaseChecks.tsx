/**
 * The case's checks in words: the AML screenings (each listed entry that matched, how, on which name), the face checks
 * (a verdict with its reason, the frame beside the ID portrait, the figures on demand) and the duplicate signals.
 */
import { Card, Collapse, Descriptions, List, Space, Tag, Typography } from 'antd';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Res } from '@core/domain/contract';
import { isFaceReason } from '@core/domain/face';
import { staffFileUrl } from '@core/api/staff';
import { statusColor, statusText, timeText } from '../../components/labels';

type Case = Res<'staffCase'>;
type Face = Case['face'][number];

/** The face check's figures a reviewer may read, in the order they matter (others are the vendor's own). */
const SCORES = ['similarity', 'live', 'real', 'move', 'turn', 'blink', 'faceSeconds', 'seconds', 'frames', 'brightness', 'faceShare', 'ms'] as const;

interface AmlMatchView {
  source?: string;
  id?: string;
  listedName?: string;
  matchedName?: string;
  applicantName?: string | null;
  how?: string;
  birthDate?: string | null;
}
const HOW = ['chinese', 'latin', 'romanised', 'near', 'vendor'];

function AmlCard({ c }: { c: Case }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <Card size="small" title={<h2 className="desk-h2">{t('desk.case.aml')}</h2>}>
      {c.aml.length === 0 ? (
        <Typography.Text type="secondary">{t('desk.case.amlNone')}</Typography.Text>
      ) : (
        <List
          dataSource={c.aml}
          renderItem={(a) => (
            <List.Item>
              <Space direction="vertical">
                <span>
                  {timeText(intl, a.at)} {a.hit ? <Tag color="red">{t('desk.aml.hit')}</Tag> : <Tag color="green">{t('desk.aml.clear')}</Tag>}
                </span>
                {a.hit && Array.isArray(a.matches)
                  ? (a.matches as AmlMatchView[]).map((m, i) => (
                      <div key={i} className="desk-aml-match">
                        <strong>{m.listedName ?? '—'}</strong>
                        {m.matchedName && m.matchedName !== m.listedName ? ` (${t('desk.aml.alias', { name: m.matchedName })})` : ''}
                        <br />
                        {t('desk.aml.listed', { source: m.source ?? '—', id: m.id ?? '—' })}
                        {' · '}
                        {t(`desk.aml.how.${HOW.includes(m.how ?? '') ? m.how : 'vendor'}`)}
                        {m.applicantName ? ` · ${t(`desk.aml.on.${m.applicantName === 'chineseName' ? 'chineseName' : 'latinName'}`)}` : ''}
                        {m.birthDate ? ` · ${t('desk.aml.born', { date: m.birthDate })}` : ''}
                      </div>
                    ))
                  : null}
              </Space>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/** A face check's outcome in words: passed (with the likeness), failed with its reason, or still running. */
function FaceVerdict({ f }: { f: Face }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const likeness = typeof f.scores.similarity === 'number' ? Math.round(f.scores.similarity * 100) : null;
  if (f.passed === null) return <Tag>{t('desk.case.facePending')}</Tag>;
  if (f.passed) {
    return (
      <span>
        <Tag color="green">{t('desk.case.facePassed')}</Tag> {likeness === null ? t('desk.face.passedPlain') : t('desk.face.passed', { likeness })}
      </span>
    );
  }
  return (
    <span>
      <Tag color="red">{t('desk.case.faceFailed')}</Tag> {isFaceReason(f.reason) ? t(`liveness.reasons.${f.reason}`) : t('desk.face.failedOther')}
    </span>
  );
}

function figure(intl: ReturnType<typeof useIntl>, key: string, v: unknown): string {
  if (typeof v === 'boolean') return intl.formatMessage({ id: v ? 'documents.values.yes' : 'documents.values.no' });
  if (typeof v !== 'number') return '—';
  if (key === 'similarity' || key === 'faceShare') return intl.formatNumber(v, { style: 'percent', maximumFractionDigits: 0 });
  return intl.formatNumber(v, { maximumFractionDigits: 2 });
}

function FaceCard({ c, portraitId }: { c: Case; portraitId: string | null }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const appId = c.application.appId;
  return (
    <Card size="small" title={<h2 className="desk-h2">{t('desk.case.face')}</h2>}>
      {c.face.length === 0 ? (
        <Typography.Text type="secondary">{t('desk.case.faceNone')}</Typography.Text>
      ) : (
        [...c.face].reverse().map((f) => (
          <div key={f.id} className="desk-face">
            <p>
              <FaceVerdict f={f} /> · {timeText(intl, f.at)}
              {f.confirmed ? <Tag className="desk-tag-gap">{t('desk.face.confirmed')}</Tag> : null}
            </p>
            <div className="desk-face__pics">
              {f.frameOssId ? (
                <figure>
                  <img src={staffFileUrl(appId, f.frameOssId)} alt={t('desk.case.frame')} />
                  <figcaption>{t('desk.case.frame')}</figcaption>
                </figure>
              ) : null}
              {portraitId ? (
                <figure>
                  <img src={staffFileUrl(appId, portraitId)} alt={t('desk.case.portrait')} />
                  <figcaption>{t('desk.case.portrait')}</figcaption>
                </figure>
              ) : null}
            </div>
            {Object.keys(f.scores).length ? (
              <Collapse
                size="small"
                items={[
                  {
                    key: 'figures',
                    label: t('desk.face.figures'),
                    children: (
                      <Descriptions size="small" column={1}>
                        {SCORES.filter((k) => k in f.scores).map((k) => (
                          <Descriptions.Item key={k} label={t(`desk.face.score.${k}`)}>
                            {figure(intl, k, f.scores[k])}
                          </Descriptions.Item>
                        ))}
                      </Descriptions>
                    ),
                  },
                ]}
              />
            ) : null}
          </div>
        ))
      )}
    </Card>
  );
}

export function CaseChecks({ c, portraitId }: { c: Case; portraitId: string | null }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <AmlCard c={c} />
      <FaceCard c={c} portraitId={portraitId} />
      <Card size="small" title={<h2 className="desk-h2">{t('desk.case.duplicates')}</h2>}>
        {c.duplicates.length === 0 ? (
          <Typography.Text type="secondary">{t('desk.case.duplicatesNone')}</Typography.Text>
        ) : (
          <List
            dataSource={c.duplicates}
            renderItem={(d) => (
              <List.Item>
                <Tag color="red">{t(`desk.case.signal.${d.signal}`)}</Tag>
                <Link to={`/queue/${encodeURIComponent(d.appId)}`}>{t('desk.case.otherApplication', { id: d.appId.slice(0, 8) })}</Link>
                <Tag color={statusColor(d.applyStatus)}>{statusText(intl, d.applyStatus)}</Tag>
              </List.Item>
            )}
          />
        )}
      </Card>
    </Space>
  );
}
