/**
 * Account updates: the address and W-8BEN changes clients submitted after opening, each field beside what the account
 * holds now, the proofs in the viewer, and the decision: approve, or send chosen modules back with a message.
 */
import { useState } from 'react';
import { useList } from '@refinedev/core';
import { App, Button, Card, Checkbox, Empty, Form, Spin, Table, Typography } from 'antd';
import { useIntl } from 'react-intl';
import { describeUpdateModule, sameParts, type Part } from '@core/domain/case-words';
import { Parts } from '../../components/Words';
import type { Res } from '@core/domain/contract';
import { UPDATE_MODULE, hasModule } from '@core/domain/account-update';
import { UPDATES } from '../../providers';
import { FileViewer, type ViewedFile } from '../../components/FileViewer';
import { timeText } from '../../components/labels';
import { useDeskAction } from '../../components/use-desk-actions';
import { LoadFailed } from '../../components/LoadFailed';
import { MessageField } from '../../components/MessageFields';
import { useDeskTitle } from '../../components/DeskTitle';

type Update = Res<'staffUpdates'>['rows'][number] & { id: string };
type ModuleKey = 'address' | 'w8';

const MODULES: { key: ModuleKey; bit: number }[] = [
  { key: 'address', bit: UPDATE_MODULE.ADDRESS },
  { key: 'w8', bit: UPDATE_MODULE.W8 },
];

/** the files a module's data names ({ossId} anywhere in it), with their type */
function filesIn(v: unknown, out: { ossId: string; mime: string }[] = []): { ossId: string; mime: string }[] {
  if (Array.isArray(v)) v.forEach((x) => filesIn(x, out));
  else if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.ossId === 'string') out.push({ ossId: o.ossId, mime: typeof o.mime === 'string' ? o.mime : /\.pdf$/i.test(String(o.description ?? '')) ? 'application/pdf' : 'image/jpeg' });
    else Object.values(o).forEach((x) => filesIn(x, out));
  }
  return out;
}

/** The module's fields in words (case-words.ts), what the account holds now beside what the client submitted. */
function ModuleCompare({ u, bit, onOpen }: { u: Update; bit: number; onOpen: (f: ViewedFile) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const next = (u.data[String(bit)] ?? {}) as Record<string, unknown>;
  const nowRows = describeUpdateModule(bit, (u.current[String(bit)] ?? {}) as Record<string, unknown>);
  const nextRows = describeUpdateModule(bit, next);
  const files = filesIn(next);
  const fileName = (ossId: string) => t('desk.updates.proof', { n: String(files.findIndex((f) => f.ossId === ossId) + 1) });
  const open = (ossId: string) => onOpen({ ossId, mime: files.find((f) => f.ossId === ossId)?.mime ?? 'image/jpeg', label: fileName(ossId) });
  const keys = [...new Set([...nextRows.map((r) => r.key), ...nowRows.map((r) => r.key)])];
  const rows = keys.map((key) => {
    const now = nowRows.find((r) => r.key === key);
    const sent = nextRows.find((r) => r.key === key);
    return { key, label: (sent ?? now)!.label, now: now?.parts ?? [], next: sent?.parts ?? [] };
  });
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="key"
      dataSource={rows}
      columns={[
        { title: t('desk.updates.field'), dataIndex: 'label', render: (l: (typeof rows)[number]['label']) => intl.formatMessage({ id: l.id }, l.values) },
        { title: t('desk.updates.now'), dataIndex: 'now', render: (p: Part[]) => <Parts parts={p} fileName={fileName} /> },
        {
          title: t('desk.updates.submitted'),
          dataIndex: 'next',
          render: (p: Part[], r: (typeof rows)[number]) =>
            !sameParts(p, r.now) ? (
              <strong className="desk-changed">
                <Parts parts={p} fileName={fileName} onOpen={open} />
              </strong>
            ) : (
              <Parts parts={p} fileName={fileName} onOpen={open} />
            ),
        },
      ]}
    />
  );
}

function UpdateCard({ u }: { u: Update }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { modal } = App.useApp();
  const decide = useDeskAction('staffUpdateDecide');
  const [form] = Form.useForm<{ modules: ModuleKey[]; message: string }>();
  const [viewed, setViewed] = useState<ViewedFile | null>(null);
  const changed = MODULES.filter((m) => hasModule(u.module, m.bit as 8 | 512));
  return (
    <Card
      className="desk-gap"
      title={
        <h2 className="desk-h2">
          {u.name ?? t('desk.queue.noName')} · {t('desk.updates.client', { id: u.subAcctId })}
        </h2>
      }
      extra={
        <span>
          {u.phone} · {t('desk.case.submitted')}: {timeText(intl, u.submittedAt)}
        </span>
      }
    >
      {changed.map((m) => (
        <section key={m.key} aria-label={t(`desk.updates.module.${m.key}`)}>
          <h3 className="desk-h3">{t(`desk.updates.module.${m.key}`)}</h3>
          <ModuleCompare u={u} bit={m.bit} onOpen={setViewed} />
        </section>
      ))}
      {viewed && u.appId ? <FileViewer appId={u.appId} file={viewed} /> : null}
      <div className="desk-update-actions desk-gap">
        <Button
          type="primary"
          loading={decide.pending}
          onClick={() =>
            modal.confirm({
              title: t('desk.updates.approveConfirm'),
              okText: t('desk.decide.approve'),
              cancelText: t('desk.cancel'),
              onOk: () => decide.run({ updateId: u.updateId, action: 'approve' }, t('desk.updates.approved')),
            })
          }
        >
          {t('desk.decide.approve')}
        </Button>
        <Form
          form={form}
          layout="vertical"
          className="desk-update-back"
          onFinish={(v) =>
            modal.confirm({
              title: t('desk.updates.sendBackConfirm'),
              okText: t('desk.decide.sendBack'),
              cancelText: t('desk.cancel'),
              onOk: async () => {
                const r = await decide.run({ updateId: u.updateId, action: 'sendBack', modules: v.modules, message: v.message.trim() }, t('desk.updates.sentBack'));
                if (r) form.resetFields();
              },
            })
          }
        >
          <Form.Item name="modules" label={t('desk.updates.modulesToFix')} rules={[{ required: true, message: t('desk.updates.modulesRequired') }]}>
            <Checkbox.Group options={changed.map((m) => ({ value: m.key, label: t(`desk.updates.module.${m.key}`) }))} />
          </Form.Item>
          <MessageField help={false} rows={2} />
          <Button htmlType="submit" loading={decide.pending}>
            {t('desk.decide.sendBack')}
          </Button>
        </Form>
      </div>
    </Card>
  );
}

export function UpdatesScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  useDeskTitle(t('desk.updates.title'));
  const { query, result } = useList<Update>({ resource: UPDATES, pagination: { mode: 'off' } });
  return (
    <div className="desk-page">
      <Typography.Title level={1} className="desk-h1">
        {t('desk.updates.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('desk.updates.intro')}</Typography.Paragraph>
      {query.isLoading ? (
        <Spin />
      ) : query.isError ? (
        <LoadFailed retry={() => query.refetch()} />
      ) : result.data.length === 0 ? (
        <Empty description={t('desk.updates.none')} />
      ) : (
        result.data.map((u) => <UpdateCard key={u.updateId} u={u} />)
      )}
    </div>
  );
}
