/**
 * One case: who and what (status, types, submission), the claim, then the data step by step beside the documents
 * (zoom, rotate, PDFs in the viewer), the checks (AML, face checks with the liveness frame beside the ID portrait,
 * duplicate signals), the history, and the decisions.
 */
import { useMemo, useState } from 'react';
import { useGetIdentity, useShow } from '@refinedev/core';
import { Alert, Button, Card, Col, Collapse, Descriptions, Empty, List, Row, Space, Spin, Table, Tabs, Tag, Timeline, Typography } from 'antd';
import { useIntl, type IntlShape } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import type { Res } from '@core/domain/contract';
import { STEP_TITLE_KEY, type StepName } from '@core/domain/steps';
import { openDecisions } from '@core/domain/staff';
import { staffFileUrl } from '@core/api/staff';
import { APPLICATIONS, deskErrorText, type DeskError } from '../../providers';
import { accountTypeText, clientTypeText, statusColor, statusText, timeText } from '../../components/labels';
import { FileViewer, type ViewedFile } from '../../components/FileViewer';
import { DecisionPanel } from '../../components/DecisionPanel';
import { useDeskAction } from '../../components/use-desk-actions';
import { useDeskTitle } from '../../components/DeskTitle';

type Case = Res<'staffCase'>;
type CaseFile = Case['files'][number];
type Me = Res<'staffMe'>;

/** a step's title; the service's generated documents are a group of their own (step DOCUMENTS) */
const stepTitle = (intl: IntlShape, step: string) =>
  STEP_TITLE_KEY[step as StepName] ? intl.formatMessage({ id: STEP_TITLE_KEY[step as StepName] }) : step === 'DOCUMENTS' ? intl.formatMessage({ id: 'desk.case.generated' }) : step;
const fileLabel = (intl: IntlShape, f: Pick<CaseFile, 'step' | 'path'>) => `${stepTitle(intl, f.step)} · ${f.path || '—'}`;

/** who did it: the applicant, a staff member by name, an ops command, or the service */
function actorText(intl: IntlShape, actor: string, names: Record<string, string>): string {
  if (actor.startsWith('user:')) return intl.formatMessage({ id: 'desk.actor.applicant' });
  if (actor.startsWith('staff:')) return names[actor] ?? actor;
  if (actor.startsWith('ops:')) return intl.formatMessage({ id: 'desk.actor.ops' }, { command: actor.slice('ops:'.length) });
  return intl.formatMessage({ id: 'desk.actor.system' });
}

/** a saved value as text: files by their place, lists and objects in short */
function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? '✓' : '✗';
  return JSON.stringify(v);
}

/** What the OCR read from the step's photos, beside what was saved; a field the applicant changed is marked. */
function OcrRead({ rows, intl }: { rows: Case['ocr']; intl: IntlShape }) {
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Table
      size="small"
      className="desk-gap"
      pagination={false}
      rowKey="field"
      title={() => <h3 className="desk-h3">{t('desk.case.ocr')}</h3>}
      dataSource={rows}
      columns={[
        { title: t('desk.updates.field'), dataIndex: 'field', render: (f: string) => <span className="desk-mono">{f}</span> },
        { title: t('desk.case.ocrRead'), dataIndex: 'read' },
        { title: t('desk.case.ocrSaved'), dataIndex: 'saved', render: (v: string, r: Case['ocr'][number]) => (r.changed ? <strong className="desk-changed">{v || '—'}</strong> : v) },
        { title: '', dataIndex: 'changed', render: (changed: boolean) => (changed ? <Tag color="orange">{t('desk.case.ocrChanged')}</Tag> : <Tag color="green">{t('desk.case.ocrKept')}</Tag>) },
      ]}
    />
  );
}

function StepData({ data, files, ocr, onOpen, intl }: { data: Record<string, unknown>; files: CaseFile[]; ocr: Case['ocr']; onOpen: (f: CaseFile) => void; intl: IntlShape }) {
  const rows = Object.entries(data).filter(([k]) => !k.startsWith('_'));
  if (rows.length === 0) return <Typography.Text type="secondary">{intl.formatMessage({ id: 'desk.case.noData' })}</Typography.Text>;
  return (
    <>
    <Descriptions size="small" column={1} bordered>
      {rows.map(([k, v]) => {
        const named = files.filter((f) => f.path === k || f.path.startsWith(`${k}.`) || f.path.startsWith(`${k}[`));
        return (
          <Descriptions.Item key={k} label={<span className="desk-mono">{k}</span>}>
            {named.length > 0 ? (
              <Space wrap>
                {named.map((f) => (
                  <Button key={f.ossId} size="small" onClick={() => onOpen(f)}>
                    {intl.formatMessage({ id: 'desk.case.viewFile' }, { name: f.path })}
                  </Button>
                ))}
              </Space>
            ) : (
              <span className="desk-value">{valueText(v)}</span>
            )}
          </Descriptions.Item>
        );
      })}
    </Descriptions>
    {ocr.length > 0 ? <OcrRead rows={ocr} intl={intl} /> : null}
    </>
  );
}

export function CaseScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { id = '' } = useParams();
  const { query } = useShow<Case & { id: string }>({ resource: APPLICATIONS, id, errorNotification: false });
  const { data: me } = useGetIdentity<Me>();
  const claim = useDeskAction('staffClaim');
  const release = useDeskAction('staffRelease');
  const c = query.data?.data;
  useDeskTitle(c ? (c.application.name ?? c.application.appId) : t('desk.case.title'));
  const [openFile, setOpenFile] = useState<string | null>(null);

  const portrait = useMemo(
    () => c?.files.find((f) => (f.step === 'IDCARD' || f.step === 'HK_IDCARD') && f.mime.startsWith('image/') && /front|face|portrait/i.test(f.path)) ?? c?.files.find((f) => (f.step === 'IDCARD' || f.step === 'HK_IDCARD') && f.mime.startsWith('image/')),
    [c],
  );

  if (query.isLoading) {
    return (
      <div className="desk-page" aria-busy="true">
        <Spin />
      </div>
    );
  }
  if (query.isError || !c) {
    return (
      <div className="desk-page">
        <Alert type="error" role="alert" showIcon message={deskErrorText(intl, query.error as DeskError)} action={<Button onClick={() => void query.refetch()}>{t('desk.retry')}</Button>} />
        <Link to="/queue">{t('desk.case.back')}</Link>
      </div>
    );
  }

  const app = c.application;
  const heldByMe = !!me && c.claimedBy?.staffId === me.staffId;
  // the decisions the application allows now (the domain's rules, as the service applies them)
  const decisions = openDecisions(app.applyStatus);
  const open = decisions.any;
  const shown = c.files.find((f) => f.ossId === openFile) ?? c.files.find((f) => f.mime.startsWith('image/')) ?? c.files[0];
  const viewed: ViewedFile | null = shown ? { ossId: shown.ossId, mime: shown.mime, label: fileLabel(intl, shown) } : null;
  const accountType = (app.data.SELECTACCOUNT as { accountType?: number } | undefined)?.accountType ?? null;

  return (
    <div className="desk-page">
      <Link to="/queue">← {t('desk.case.back')}</Link>
      <div className="desk-case-head">
        <div>
          <Typography.Title level={1} className="desk-h1">
            {app.name ?? t('desk.queue.noName')}
          </Typography.Title>
          <Space wrap>
            <Tag color={statusColor(app.applyStatus)}>{statusText(intl, app.applyStatus)}</Tag>
            <span>{clientTypeText(intl, app.clientType)}</span>
            <span>{accountTypeText(intl, accountType)}</span>
            <span className="desk-mono">{app.appId}</span>
            <span>
              {t('desk.case.phone')}: {c.applicant.phone}
            </span>
            <span>
              {t('desk.case.submitted')}: {timeText(intl, c.submittedAt)}
            </span>
          </Space>
        </div>
        <Space direction="vertical" align="end">
          {!open && !c.claimedBy ? (
            <span>{t('desk.case.decided')}</span>
          ) : c.claimedBy ? (
            <span>{heldByMe ? t('desk.case.heldByMe') : t('desk.case.heldBy', { name: c.claimedBy.displayName })}</span>
          ) : (
            <span>{t('desk.queue.free')}</span>
          )}
          <Space>
            {!c.claimedBy && open ? (
              <Button type="primary" loading={claim.pending} onClick={() => void claim.run({ appId: app.appId }, t('desk.case.claimed'))}>
                {t('desk.case.claim')}
              </Button>
            ) : null}
            {heldByMe || (c.claimedBy && me?.role === 'admin') ? (
              <Button loading={release.pending} onClick={() => void release.run({ appId: app.appId }, t('desk.case.released'))}>
                {t('desk.case.release')}
              </Button>
            ) : null}
          </Space>
        </Space>
      </div>
      {c.fourEyes && decisions.review ? (
        <Alert
          type="warning"
          showIcon
          className="desk-gap"
          message={c.firstApproval ? t('desk.case.firstApprovedBy', { name: c.firstApproval.displayName, at: timeText(intl, c.firstApproval.at) }) : t('desk.case.fourEyes')}
        />
      ) : null}
      {app.rejectData ? (
        <Alert
          type="info"
          showIcon
          className="desk-gap"
          message={t('desk.case.sentBackSteps', { steps: app.rejectData.steps.map((s) => stepTitle(intl, s)).join(', ') })}
          description={app.rejectData.message}
        />
      ) : null}

      <Row gutter={16} className="desk-gap">
        <Col xs={24} xl={12}>
          <Tabs
            items={[
              {
                key: 'data',
                label: t('desk.case.tab.data'),
                children: (
                  <Collapse
                    defaultActiveKey={app.applyStepsName.filter((s) => app.data[s])}
                    items={app.applyStepsName.map((s) => ({
                      key: s,
                      label: (
                        <span>
                          {stepTitle(intl, s)}
                          {app.rejectData?.steps.includes(s) ? (
                            <Tag color="orange" className="desk-tag-gap">
                              {app.rejectData.fixed?.includes(s) ? t('desk.case.fixed') : t('desk.case.sentBack')}
                            </Tag>
                          ) : null}
                        </span>
                      ),
                      children: app.data[s] ? (
                        <StepData data={app.data[s] as Record<string, unknown>} files={c.files.filter((f) => f.step === s)} ocr={(c.ocr ?? []).filter((o) => o.step === s)} onOpen={(f) => setOpenFile(f.ossId)} intl={intl} />
                      ) : (
                        <Typography.Text type="secondary">{t('desk.case.noData')}</Typography.Text>
                      ),
                    }))}
                  />
                ),
              },
              {
                key: 'checks',
                label: t('desk.case.tab.checks'),
                children: (
                  <Space direction="vertical" style={{ width: '100%' }}>
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
                                {a.hit ? <pre className="desk-pre">{JSON.stringify(a.matches, null, 1)}</pre> : null}
                              </Space>
                            </List.Item>
                          )}
                        />
                      )}
                    </Card>
                    <Card size="small" title={<h2 className="desk-h2">{t('desk.case.face')}</h2>}>
                      {c.face.length === 0 ? (
                        <Typography.Text type="secondary">{t('desk.case.faceNone')}</Typography.Text>
                      ) : (
                        c.face.map((f) => (
                          <div key={f.id} className="desk-face">
                            <div className="desk-face__pics">
                              {f.frameOssId ? (
                                <figure>
                                  <img src={staffFileUrl(app.appId, f.frameOssId)} alt={t('desk.case.frame')} />
                                  <figcaption>{t('desk.case.frame')}</figcaption>
                                </figure>
                              ) : null}
                              {portrait ? (
                                <figure>
                                  <img src={staffFileUrl(app.appId, portrait.ossId)} alt={t('desk.case.portrait')} />
                                  <figcaption>{t('desk.case.portrait')}</figcaption>
                                </figure>
                              ) : null}
                            </div>
                            <Descriptions size="small" column={1}>
                              <Descriptions.Item label={t('desk.case.faceAt')}>{timeText(intl, f.at)}</Descriptions.Item>
                              <Descriptions.Item label={t('desk.case.faceResult')}>
                                {f.passed === null ? t('desk.case.facePending') : f.passed ? <Tag color="green">{t('desk.case.facePassed')}</Tag> : <Tag color="red">{t('desk.case.faceFailed')}</Tag>}
                                {f.reason ? ` ${f.reason}` : ''}
                              </Descriptions.Item>
                              {Object.entries(f.scores).map(([k, v]) => (
                                <Descriptions.Item key={k} label={<span className="desk-mono">{k}</span>}>
                                  {valueText(v)}
                                </Descriptions.Item>
                              ))}
                            </Descriptions>
                          </div>
                        ))
                      )}
                    </Card>
                    <Card size="small" title={<h2 className="desk-h2">{t('desk.case.duplicates')}</h2>}>
                      {c.duplicates.length === 0 ? (
                        <Typography.Text type="secondary">{t('desk.case.duplicatesNone')}</Typography.Text>
                      ) : (
                        <List
                          dataSource={c.duplicates}
                          renderItem={(d) => (
                            <List.Item>
                              <Tag color="red">{t(`desk.case.signal.${d.signal}`)}</Tag>
                              <Link to={`/queue/${encodeURIComponent(d.appId)}`} className="desk-mono">
                                {d.appId}
                              </Link>
                              <Tag color={statusColor(d.applyStatus)}>{statusText(intl, d.applyStatus)}</Tag>
                            </List.Item>
                          )}
                        />
                      )}
                    </Card>
                  </Space>
                ),
              },
              {
                key: 'history',
                label: t('desk.case.tab.history'),
                children:
                  c.history.length === 0 && (c.activity ?? []).length === 0 ? (
                    <Empty description={t('desk.case.historyNone')} />
                  ) : (
                    <Timeline
                      items={[
                        ...c.history.map((h) => ({
                          at: h.at,
                          key: `e${h.id}`,
                          children: (
                            <div>
                              <strong>{intl.messages[`desk.event.${h.kind}`] !== undefined ? t(`desk.event.${h.kind}`) : h.kind}</strong> · {timeText(intl, h.at)} · {actorText(intl, h.actor, c.staffNames ?? {})}
                              <br />
                              {statusText(intl, h.fromStatus)} → {statusText(intl, h.toStatus)}
                              {typeof h.detail.message === 'string' ? <div className="desk-quote">{h.detail.message}</div> : null}
                            </div>
                          ),
                        })),
                        ...(c.activity ?? []).map((a, n) => ({
                          at: a.at,
                          key: `a${n}`,
                          color: 'gray',
                          children: (
                            <div>
                              {t(`desk.case.activity.${a.action}`)} · {timeText(intl, a.at)} · {a.by}
                            </div>
                          ),
                        })),
                      ]
                        .sort((x, y) => y.at.localeCompare(x.at))
                        .map(({ at: _at, ...item }) => item)}
                    />
                  ),
              },
            ]}
          />
        </Col>
        <Col xs={24} xl={12}>
          <div className="desk-side">
            <Card size="small" title={<h2 className="desk-h2">{t('desk.case.documents')}</h2>}>
              {c.files.length === 0 ? (
                <Typography.Text type="secondary">{t('desk.case.noFiles')}</Typography.Text>
              ) : (
                <>
                  <div className="desk-files" role="list" aria-label={t('desk.case.documents')}>
                    {c.files.map((f) => (
                      <div role="listitem" key={f.ossId}>
                        <Button size="small" type={shown?.ossId === f.ossId ? 'primary' : 'default'} aria-pressed={shown?.ossId === f.ossId} onClick={() => setOpenFile(f.ossId)}>
                          {fileLabel(intl, f)}
                        </Button>
                      </div>
                    ))}
                  </div>
                  {viewed ? <FileViewer appId={app.appId} file={viewed} /> : null}
                </>
              )}
            </Card>
            <Card size="small" className="desk-gap" title={<h2 className="desk-h2">{t('desk.case.decision')}</h2>}>
              {open ? <DecisionPanel c={c} me={me} /> : <Alert type="info" showIcon message={t('desk.case.decided')} />}
            </Card>
          </div>
        </Col>
      </Row>
    </div>
  );
}
