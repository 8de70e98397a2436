/**
 * One case, read in words: who and what (status with its meaning, types, submission), the claim; what needs the
 * reviewer (the verification proofs, a resubmission's changes, what changed since the last look); the data step by
 * step, the changes, the checks and the history on the left; on the right, always in view, the decision and the
 * documents (named by what they are, zoom and rotate, PDFs in the same viewer). Keyboard shortcuts listed on `?`;
 * after a decision, the next case.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useGetIdentity, useShow } from '@refinedev/core';
import { Alert, Badge, Button, Card, Empty, Space, Spin, Tabs, Timeline, Typography } from 'antd';
import { useIntl, type IntlShape } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import type { Res } from '@core/domain/contract';
import { documentName } from '@core/domain/case-words';
import { STEP_TITLE_KEY, type StepName } from '@core/domain/steps';
import { openDecisions } from '@core/domain/lifecycle';
import { APPLY_STATUS } from '@core/domain/status';
import { APPLICATIONS, deskErrorText, type DeskError } from '../../providers';
import { accountTypeText, clientTypeText, timeText } from '../../components/labels';
import { StatusTag } from '../../components/StatusTag';
import { FileViewer, type ViewerHandle } from '../../components/FileViewer';
import { DecisionPanel, type DecisionHandle, type Decided } from '../../components/DecisionPanel';
import { useDeskAction } from '../../components/use-desk-actions';
import { useDeskTitle } from '../../components/DeskTitle';
import { useMsg } from '../../components/Words';
import { ShortcutsHelp, useShortcuts, type Shortcut } from '../../components/shortcuts';
import { useNextCase } from '../../components/next-case';
import { CaseChanges, CaseData } from './CaseData';
import { CaseChecks } from './CaseChecks';

type Case = Res<'staffCase'>;
type Me = Res<'staffMe'>;

/** the case's tabs, by their shortcut keys 1-4 */
const TABS = ['data', 'changes', 'checks', 'history'];

/** who did it: the applicant, a staff member by name, an ops command, or the service */
function actorText(intl: IntlShape, actor: string, names: Record<string, string>): string {
  if (actor.startsWith('user:')) return intl.formatMessage({ id: 'desk.actor.applicant' });
  if (actor.startsWith('staff:')) return names[actor] ?? intl.formatMessage({ id: 'desk.actor.staff' });
  if (actor.startsWith('ops:')) return intl.formatMessage({ id: 'desk.actor.ops' }, { command: actor.slice('ops:'.length) });
  return intl.formatMessage({ id: 'desk.actor.system' });
}

function History({ c }: { c: Case }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  if (c.history.length === 0 && c.activity.length === 0) return <Empty description={t('desk.case.historyNone')} />;
  const stepsOf = (v: unknown) => (Array.isArray(v) ? v.map((s) => (STEP_TITLE_KEY[s as StepName] ? t(STEP_TITLE_KEY[s as StepName]) : t('desk.field.other'))).join(', ') : '');
  return (
    <Timeline
      items={[
        ...c.history.map((h) => ({
          at: h.at,
          key: `e${h.id}`,
          children: (
            <div>
              <strong>{intl.messages[`desk.event.${h.kind}`] !== undefined ? t(`desk.event.${h.kind}`) : t('desk.event.other')}</strong> · {timeText(intl, h.at)} ·{' '}
              {actorText(intl, h.actor, c.staffNames)}
              {h.fromStatus !== h.toStatus ? (
                <div>
                  <StatusTag status={h.fromStatus} /> → <StatusTag status={h.toStatus} />
                </div>
              ) : null}
              {Array.isArray(h.detail.changedSteps) && h.kind === 'resubmit' ? <div>{t('desk.history.changedSteps', { steps: stepsOf(h.detail.changedSteps) || '—' })}</div> : null}
              {Array.isArray(h.detail.steps) ? <div>{t('desk.history.steps', { steps: stepsOf(h.detail.steps) })}</div> : null}
              {typeof h.detail.reason === 'string' && intl.messages[`desk.reason.${h.detail.reason}`] !== undefined ? <div>{t('desk.history.reason', { reason: t(`desk.reason.${h.detail.reason}`) })}</div> : null}
              {typeof h.detail.message === 'string' ? <div className="desk-quote">{h.detail.message}</div> : null}
            </div>
          ),
        })),
        ...c.activity.map((a, n) => ({
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
  );
}

export function CaseScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const msg = useMsg();
  const { id = '' } = useParams();
  const { query } = useShow<Case & { id: string }>({ resource: APPLICATIONS, id, errorNotification: false });
  const { data: me } = useGetIdentity<Me>();
  const claim = useDeskAction('staffClaim');
  const release = useDeskAction('staffRelease');
  const c = query.data?.data;
  useDeskTitle(c ? (c.application.name ?? t('desk.queue.noName')) : t('desk.case.title'));
  const [openFile, setOpenFile] = useState<string | null>(null);
  const [tab, setTab] = useState('data');
  const [help, setHelp] = useState(false);
  const viewer = useRef<ViewerHandle>(null);
  const decision = useRef<DecisionHandle>(null);
  const nextCase = useNextCase(id);

  const fileName = useCallback(
    (ossId: string) => {
      const f = c?.files.find((x) => x.ossId === ossId);
      return f ? msg(documentName(f, c!.application.data)) : t('desk.doc.other');
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [c, msg],
  );
  const portraitId = useMemo(
    () =>
      (c?.files.find((f) => (f.step === 'IDCARD' || f.step === 'HK_IDCARD') && f.mime.startsWith('image/') && /front$/.test(f.path) && !f.path.includes('Crop')) ??
        c?.files.find((f) => (f.step === 'IDCARD' || f.step === 'HK_IDCARD') && f.mime.startsWith('image/')))?.ossId ?? null,
    [c],
  );
  const files = c?.files ?? [];
  const shown = files.find((f) => f.ossId === openFile) ?? files[0];
  const move = (by: number) => {
    if (!files.length) return;
    const at = Math.max(0, files.findIndex((f) => f.ossId === shown?.ossId));
    setOpenFile(files[(at + by + files.length) % files.length].ossId);
  };
  const heldByMe = !!me && !!c && c.claimedBy?.staffId === me.staffId;
  const afterDecision = (d: Decided) => {
    if (d === 'ended') void nextCase.next();
  };

  const shortcuts: Shortcut[] = [
    { keys: ['j', ']'], name: 'nextDoc', run: () => move(1), off: files.length < 2 },
    { keys: ['k', '['], name: 'prevDoc', run: () => move(-1), off: files.length < 2 },
    { keys: ['+', '='], name: 'zoomIn', run: () => viewer.current?.zoomIn() },
    { keys: ['-'], name: 'zoomOut', run: () => viewer.current?.zoomOut() },
    { keys: ['r'], name: 'rotate', run: () => viewer.current?.rotate() },
    { keys: ['0'], name: 'reset', run: () => viewer.current?.reset() },
    { keys: ['c'], name: 'claim', run: () => c && void claim.run({ appId: c.application.appId }, t('desk.case.claimed')), off: !c || !!c.claimedBy },
    { keys: ['a'], name: 'approve', run: () => decision.current?.approve(), off: !heldByMe },
    {
      keys: ['s'],
      name: 'sendBack',
      run: () => {
        decision.current?.show('sendBack');
        setTimeout(() => document.querySelector<HTMLInputElement>('.desk-steps input')?.focus(), 0);
      },
      off: !heldByMe,
    },
    { keys: ['n'], name: 'nextCase', run: () => void nextCase.next() },
    // listed once; each key shows its tab (below)
    { keys: ['1', '2', '3', '4'], name: 'tabs', run: () => undefined },
    { keys: ['?'], name: 'help', run: () => setHelp(true) },
  ];
  useShortcuts([
    ...shortcuts.filter((s) => s.name !== 'tabs'),
    ...TABS.map((key, i) => ({ keys: [String(i + 1)], name: 'tabs', run: () => setTab(key) })),
  ]);

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
  const decisions = openDecisions(app.applyStatus, !!c.witness);
  const accountType = (app.data.SELECTACCOUNT as { accountType?: number } | undefined)?.accountType ?? null;
  const proofsToVerify = decisions.witness;
  const changes = (c.resubmission?.rows.length ?? 0) + (c.sinceLastView?.rows.length ?? 0);

  return (
    <div className="desk-page desk-case">
      <div className="desk-case__top">
        <Link to="/queue">← {t('desk.case.back')}</Link>
        <Space>
          <Button onClick={() => setHelp(true)} aria-keyshortcuts="?">
            {t('desk.keys.open')}
          </Button>
          <Button onClick={() => void nextCase.next()} loading={nextCase.pending} aria-keyshortcuts="n">
            {t('desk.next.button')}
          </Button>
        </Space>
      </div>
      <div className="desk-case-head">
        <div>
          <Typography.Title level={1} className="desk-h1">
            {app.name ?? t('desk.queue.noName')}
          </Typography.Title>
          <Space wrap>
            <StatusTag status={app.applyStatus} text={proofsToVerify ? t('desk.status.verify') : undefined} />
            <span>{clientTypeText(intl, app.clientType)}</span>
            <span>{accountTypeText(intl, accountType)}</span>
            <span>
              {t('desk.case.number')}: <span className="desk-mono">{app.appId.slice(0, 8)}</span>
            </span>
            <span>
              {t('desk.case.phone')}: {c.applicant.phone}
            </span>
            <span>
              {t('desk.case.submitted')}: {timeText(intl, c.submittedAt)}
            </span>
          </Space>
        </div>
        <Space direction="vertical" align="end">
          {!decisions.any && !c.claimedBy ? (
            <span>{t('desk.case.decided')}</span>
          ) : c.claimedBy ? (
            <span>{heldByMe ? t('desk.case.heldByMe') : t('desk.case.heldBy', { name: c.claimedBy.displayName })}</span>
          ) : (
            <span>{t('desk.queue.free')}</span>
          )}
          <Space>
            {!c.claimedBy && decisions.any ? (
              <Button type="primary" loading={claim.pending} onClick={() => void claim.run({ appId: app.appId }, t('desk.case.claimed'))} aria-keyshortcuts="c">
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

      {proofsToVerify && c.witness ? (
        <Alert
          type="warning"
          showIcon
          className="desk-gap"
          message={t('desk.witness.title')}
          description={
            c.witness.refusal
              ? t('desk.witness.refused', { message: c.witness.refusal })
              : t('desk.witness.check', { at: timeText(intl, c.witness.at), id: c.witness.idFiles, address: c.witness.addressFiles })
          }
        />
      ) : app.applyStatus === APPLY_STATUS.AWAITING_DEPOSIT ? (
        <Alert type="info" showIcon className="desk-gap" message={t('desk.witness.waiting')} />
      ) : null}
      {c.resubmission && c.resubmission.rows.length ? (
        <Alert
          type="warning"
          showIcon
          className="desk-gap"
          message={t('desk.changes.resubmitted', { n: c.resubmission.rows.length })}
          action={
            <Button size="small" onClick={() => setTab('changes')}>
              {t('desk.changes.show')}
            </Button>
          }
        />
      ) : null}
      {c.sinceLastView && (c.sinceLastView.rows.length || c.sinceLastView.events) ? (
        <Alert
          type="info"
          showIcon
          className="desk-gap"
          message={t('desk.changes.sinceSummary', { at: timeText(intl, c.sinceLastView.at), fields: c.sinceLastView.rows.length, events: c.sinceLastView.events })}
        />
      ) : null}
      {c.fourEyes && decisions.review ? (
        <Alert
          type="warning"
          showIcon
          className="desk-gap"
          message={c.firstApproval ? t('desk.case.firstApprovedBy', { name: c.firstApproval.displayName, at: timeText(intl, c.firstApproval.at) }) : t('desk.case.fourEyes')}
        />
      ) : null}
      {app.rejectData && app.rejectData.steps.length ? (
        <Alert
          type="info"
          showIcon
          className="desk-gap"
          message={t('desk.case.sentBackSteps', { steps: app.rejectData.steps.map((s) => (STEP_TITLE_KEY[s as StepName] ? t(STEP_TITLE_KEY[s as StepName]) : s)).join(', ') })}
          description={app.rejectData.message}
        />
      ) : null}

      <div className="desk-case__grid desk-gap">
        <section className="desk-case__main" aria-label={t('desk.case.tab.data')}>
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              { key: 'data', label: t('desk.case.tab.data'), children: <CaseData c={c} fileName={fileName} onOpen={setOpenFile} /> },
              {
                key: 'changes',
                label: (
                  <span>
                    {t('desk.case.tab.changes')} {changes ? <Badge count={changes} color="#b45309" /> : null}
                  </span>
                ),
                children: <CaseChanges c={c} fileName={fileName} onOpen={setOpenFile} />,
              },
              { key: 'checks', label: t('desk.case.tab.checks'), children: <CaseChecks c={c} portraitId={portraitId} /> },
              { key: 'history', label: t('desk.case.tab.history'), children: <History c={c} /> },
            ]}
          />
        </section>
        <aside className="desk-case__side" aria-label={t('desk.case.decision')}>
          <Card size="small" title={<h2 className="desk-h2">{t('desk.case.decision')}</h2>}>
            {decisions.any ? <DecisionPanel ref={decision} c={c} me={me} onDecided={afterDecision} /> : <Alert type="info" showIcon message={t('desk.case.decided')} />}
          </Card>
          <Card size="small" className="desk-gap" title={<h2 className="desk-h2">{t('desk.case.documents')}</h2>}>
            {files.length === 0 ? (
              <Typography.Text type="secondary">{t('desk.case.noFiles')}</Typography.Text>
            ) : (
              <>
                <div className="desk-files" role="list" aria-label={t('desk.case.documents')}>
                  {files.map((f) => (
                    <div role="listitem" key={f.ossId}>
                      <Button size="small" type={shown?.ossId === f.ossId ? 'primary' : 'default'} aria-pressed={shown?.ossId === f.ossId} onClick={() => setOpenFile(f.ossId)}>
                        {fileName(f.ossId)}
                      </Button>
                    </div>
                  ))}
                </div>
                {shown ? <FileViewer ref={viewer} appId={app.appId} file={{ ossId: shown.ossId, mime: shown.mime, label: fileName(shown.ossId) }} /> : null}
              </>
            )}
          </Card>
        </aside>
      </div>
      <ShortcutsHelp open={help} onClose={() => setHelp(false)} list={shortcuts} />
    </div>
  );
}
