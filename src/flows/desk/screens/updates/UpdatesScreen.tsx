/**
 * Account updates: the address and W-8BEN changes clients submitted after opening, each field beside what the account
 * holds now, the proofs in the viewer, and the decision: approve, or send chosen modules back with a message.
 */
import { useState } from 'react';
import { useList } from '@refinedev/core';
import { App, Button, Card, Checkbox, Empty, Form, Space, Spin, Table, Typography } from 'antd';
import { useIntl, type IntlShape } from 'react-intl';
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

const text = (v: unknown): string => (v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** the files a module's data names ({ossId} anywhere in it) */
function filesIn(v: unknown, out: { ossId: string; mime: string }[] = []): { ossId: string; mime: string }[] {
  if (Array.isArray(v)) v.forEach((x) => filesIn(x, out));
  else if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.ossId === 'string') out.push({ ossId: o.ossId, mime: typeof o.mime === 'string' ? o.mime : /\.pdf$/i.test(String(o.description ?? '')) ? 'application/pdf' : 'image/jpeg' });
    else Object.values(o).forEach((x) => filesIn(x, out));
  }
  return out;
}

function ModuleCompare({ u, bit, intl, onOpen }: { u: Update; bit: number; intl: IntlShape; onOpen: (f: ViewedFile) => void }) {
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const next = (u.data[String(bit)] ?? {}) as Record<string, unknown>;
  const now = (u.current[String(bit)] ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(now), ...Object.keys(next)])].filter((k) => k !== 'proofOfAddress');
  const proofs = filesIn(next.proofOfAddress);
  return (
    <>
      <Table
        size="small"
        pagination={false}
        rowKey="field"
        dataSource={keys.map((k) => ({ field: k, now: text(now[k]), next: text(next[k]) }))}
        columns={[
          { title: t('desk.updates.field'), dataIndex: 'field', render: (f: string) => <span className="desk-mono">{f}</span> },
          { title: t('desk.updates.now'), dataIndex: 'now' },
          {
            title: t('desk.updates.submitted'),
            dataIndex: 'next',
            render: (v: string, r: { now: string }) => (v !== r.now ? <strong className="desk-changed">{v}</strong> : v),
          },
        ]}
      />
      {proofs.length > 0 ? (
        <Space wrap className="desk-gap">
          {proofs.map((f, i) => (
            <Button key={f.ossId} size="small" onClick={() => onOpen({ ossId: f.ossId, mime: f.mime, label: t('desk.updates.proof', { n: String(i + 1) }) })}>
              {t('desk.updates.proof', { n: String(i + 1) })}
            </Button>
          ))}
        </Space>
      ) : null}
    </>
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
          {u.name ?? t('desk.queue.noName')} · <span className="desk-mono">{u.subAcctId}</span>
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
          <ModuleCompare u={u} bit={m.bit} intl={intl} onOpen={setViewed} />
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
          onFinish={async (v) => {
            const r = await decide.run({ updateId: u.updateId, action: 'sendBack', modules: v.modules, message: v.message.trim() }, t('desk.updates.sentBack'));
            if (r) form.resetFields();
          }}
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
