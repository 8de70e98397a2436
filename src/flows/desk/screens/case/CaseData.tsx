/**
 * The application's data in words, step by step in the flow's order (case-words.ts): each field labelled as the
 * applicant saw it, each coded answer as its option text; the steps sent back and the fields a resubmission changed
 * marked; what the OCR read beside what was saved. Also the changes: the resubmission's fields before and after, and
 * what changed since the reviewer's last look.
 */
import { useMemo } from 'react';
import { Alert, Collapse, Descriptions, Empty, Table, Tag, Typography } from 'antd';
import { useIntl } from 'react-intl';
import type { Res } from '@core/domain/contract';
import { describeApplication, readingInWords, type ClientKind, type StepWords } from '@core/domain/case-words';
import { STEP_TITLE_KEY, type StepName } from '@core/domain/steps';
import { Parts } from '../../components/Words';
import { timeText } from '../../components/labels';

type Case = Res<'staffCase'>;
/** a changed field as the service sends it (case-words.ts RowChange) */
type RowChange = NonNullable<Case['resubmission']>['rows'][number];

export interface CaseDataProps {
  c: Case;
  fileName: (ossId: string) => string;
  onOpen: (ossId: string) => void;
}

const stepTitle = (intl: ReturnType<typeof useIntl>, step: string) => (STEP_TITLE_KEY[step as StepName] ? intl.formatMessage({ id: STEP_TITLE_KEY[step as StepName] }) : step);

/**
 * What the OCR read from the step's photos beside what was saved, both as the step's rows say them ("Male", not 1); a
 * field the applicant changed is marked.
 */
function OcrRead({ rows, words, data, kind, fileName }: { rows: Case['ocr']; words: StepWords; data: Record<string, unknown>; kind: ClientKind; fileName: (ossId: string) => string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const rowOf = (field: string) => words.rows.find((r) => r.covers.includes(field));
  return (
    <Table
      size="small"
      className="desk-gap"
      pagination={false}
      rowKey="field"
      title={() => <h2 className="desk-h2">{t('desk.case.ocr')}</h2>}
      dataSource={rows}
      columns={[
        {
          title: t('desk.updates.field'),
          dataIndex: 'field',
          render: (f: string) => {
            const r = rowOf(f);
            return r ? intl.formatMessage({ id: r.label.id }, r.label.values) : t('desk.field.other');
          },
        },
        {
          title: t('desk.case.ocrRead'),
          dataIndex: 'read',
          render: (v: string, o: Case['ocr'][number]) => {
            const parts = readingInWords(words.step, data, kind, o.field, v);
            return parts ? <Parts parts={parts} fileName={fileName} /> : v;
          },
        },
        {
          title: t('desk.case.ocrSaved'),
          dataIndex: 'saved',
          render: (v: string, o: Case['ocr'][number]) => {
            const r = rowOf(o.field);
            const shown = r ? <Parts parts={r.parts} fileName={fileName} /> : v || '—';
            return o.changed ? <strong className="desk-changed">{shown}</strong> : shown;
          },
        },
        { title: t('desk.case.ocrCompared'), dataIndex: 'changed', render: (changed: boolean) => (changed ? <Tag color="orange">{t('desk.case.ocrChanged')}</Tag> : <Tag color="green">{t('desk.case.ocrKept')}</Tag>) },
      ]}
    />
  );
}

export function CaseData({ c, fileName, onOpen }: CaseDataProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const app = c.application;
  const steps = useMemo(() => describeApplication(app.data, app.applyStepsName, app.clientType), [app]);
  const changed = new Set((c.resubmission?.rows ?? []).map((r) => `${r.step}.${r.key}`));
  if (steps.length === 0) return <Empty description={t('desk.case.noData')} />;
  return (
    <Collapse
      // a case opened from another keeps no folded steps of the one before
      key={app.appId}
      defaultActiveKey={steps.map((s) => s.step)}
      items={steps.map((s) => ({
        key: s.step,
        label: (
          <span>
            {stepTitle(intl, s.step)}
            {app.rejectData?.steps.includes(s.step) ? (
              <Tag color="orange" className="desk-tag-gap">
                {app.rejectData.fixed?.includes(s.step) ? t('desk.case.fixed') : t('desk.case.sentBack')}
              </Tag>
            ) : null}
            {s.rows.some((r) => changed.has(`${s.step}.${r.key}`)) ? (
              <Tag color="gold" className="desk-tag-gap">
                {t('desk.changes.tag')}
              </Tag>
            ) : null}
          </span>
        ),
        children: (
          <>
            <Descriptions size="small" column={1} bordered>
              {s.rows.map((r) => (
                <Descriptions.Item
                  key={r.key}
                  label={
                    <span>
                      {intl.formatMessage({ id: r.label.id }, r.label.values)}
                      {changed.has(`${s.step}.${r.key}`) ? <span className="desk-new">{t('desk.changes.tag')}</span> : null}
                    </span>
                  }
                >
                  <Parts parts={r.parts} fileName={fileName} onOpen={onOpen} />
                </Descriptions.Item>
              ))}
            </Descriptions>
            {c.ocr.some((o) => o.step === s.step) ? <OcrRead rows={c.ocr.filter((o) => o.step === s.step)} words={s} data={app.data} kind={app.clientType} fileName={fileName} /> : null}
          </>
        ),
      }))}
    />
  );
}

/** A table of changed fields: the step, the field, before and after (new documents marked). */
function ChangeTable({ rows, fileName, onOpen, caption }: { rows: RowChange[]; fileName: (ossId: string) => string; onOpen: (ossId: string) => void; caption: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Table<RowChange>
      size="small"
      pagination={false}
      rowKey={(r) => `${r.step}.${r.key}`}
      title={() => <h2 className="desk-h2">{caption}</h2>}
      dataSource={rows}
      locale={{ emptyText: t('desk.changes.none') }}
      columns={[
        { title: t('desk.changes.step'), dataIndex: 'step', render: (s: string) => stepTitle(intl, s) },
        { title: t('desk.updates.field'), dataIndex: 'label', render: (l: RowChange['label']) => intl.formatMessage({ id: l.id }, l.values) },
        { title: t('desk.changes.before'), dataIndex: 'before', render: (p: RowChange['before']) => <Parts parts={p} fileName={fileName} onOpen={onOpen} /> },
        {
          title: t('desk.changes.after'),
          dataIndex: 'after',
          render: (p: RowChange['after'], r: RowChange) => (
            <strong className="desk-changed">
              <Parts parts={p} fileName={fileName} onOpen={onOpen} fresh={r.newFiles} />
            </strong>
          ),
        },
      ]}
    />
  );
}

export function CaseChanges({ c, fileName, onOpen }: CaseDataProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  if (!c.resubmission && !c.sinceLastView) return <Empty description={t('desk.changes.first')} />;
  return (
    <div className="desk-stack">
      {c.resubmission ? (
        <ChangeTable
          rows={c.resubmission.rows}
          fileName={fileName}
          onOpen={onOpen}
          caption={t('desk.changes.resubmission', { before: timeText(intl, c.resubmission.previousAt), after: timeText(intl, c.resubmission.at) })}
        />
      ) : null}
      {c.sinceLastView ? (
        <>
          <Alert
            type="info"
            showIcon
            message={t('desk.changes.sinceSummary', { at: timeText(intl, c.sinceLastView.at), fields: c.sinceLastView.rows.length, events: c.sinceLastView.events })}
          />
          {c.sinceLastView.rows.length ? <ChangeTable rows={c.sinceLastView.rows} fileName={fileName} onOpen={onOpen} caption={t('desk.changes.sinceTitle', { at: timeText(intl, c.sinceLastView.at) })} /> : null}
        </>
      ) : (
        <Typography.Paragraph type="secondary">{t('desk.changes.firstLook')}</Typography.Paragraph>
      )}
    </div>
  );
}
