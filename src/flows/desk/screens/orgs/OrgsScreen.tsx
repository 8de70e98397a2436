/**
 * Organisation signing: the organisations and their signers, each organisation's signing links with their state and
 * the signer's step; an approver adds an organisation, gives the signer a link (shown once, to copy and send), sends
 * it again (a new link; the old one revoked) and revokes one.
 */
import { useState } from 'react';
import { useGetIdentity, useList } from '@refinedev/core';
import { App, Button, Checkbox, Form, Input, InputNumber, Modal, Space, Spin, Table, Tag, Typography } from 'antd';
import { useIntl } from 'react-intl';
import type { Res } from '@core/domain/contract';
import { ORG_SIGN_STEPS, SIGN_LIMITS } from '@core/domain/org-sign';
import { staffMay } from '@core/domain/staff';
import { ORGS } from '../../providers';
import { timeText } from '../../components/labels';
import { useDeskAction } from '../../components/use-desk-actions';
import { LoadFailed } from '../../components/LoadFailed';
import { useDeskTitle } from '../../components/DeskTitle';

type Org = Res<'staffOrgs'>['orgs'][number] & { id: string };
type Ticket = Org['tickets'][number];
type Me = Res<'staffMe'>;

const STATE_COLOR: Record<Ticket['state'], string> = { open: 'blue', done: 'green', expired: 'default', revoked: 'default', locked: 'red' };

interface NewOrg {
  name: string;
  nameZh?: string;
  registrationNumber: string;
  country: string;
  signerName: string;
  signerIdNumber: string;
}

export function OrgsScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  useDeskTitle(t('desk.orgs.title'));
  const { modal, message } = App.useApp();
  const { data: me } = useGetIdentity<Me>();
  const may = !!me && staffMay(me.role, 'approver');
  const { query, result } = useList<Org>({ resource: ORGS, pagination: { mode: 'off' } });
  const create = useDeskAction('staffOrgCreate');
  const issue = useDeskAction('staffSignTicket');
  const revoke = useDeskAction('staffSignRevoke');
  const [adding, setAdding] = useState(false);
  const [linkFor, setLinkFor] = useState<{ org: Org; replaces?: string } | null>(null);
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const [orgForm] = Form.useForm<NewOrg>();
  const [linkForm] = Form.useForm<{ steps: string[]; hours: number }>();

  const ticketColumns = (org: Org) => [
    { title: t('desk.orgs.link'), dataIndex: 'ticketId', render: (id: string) => <span className="desk-mono">{id}</span> },
    { title: t('desk.orgs.state'), dataIndex: 'state', render: (s: Ticket['state']) => <Tag color={STATE_COLOR[s]}>{t(`desk.orgs.states.${s}`)}</Tag> },
    { title: t('desk.orgs.step'), dataIndex: 'step', render: (s: string) => t(`desk.orgs.steps.${s}`) },
    { title: t('desk.orgs.until'), dataIndex: 'expiresAt', render: (at: string) => timeText(intl, at) },
    {
      title: t('desk.queue.col.actions'),
      render: (_: unknown, tk: Ticket) =>
        may && (tk.state === 'open' || tk.state === 'expired' || tk.state === 'locked') ? (
          <Space>
            <Button size="small" onClick={() => setLinkFor({ org, replaces: tk.ticketId })}>
              {t('desk.orgs.sendAgain')}
            </Button>
            {tk.state !== 'expired' ? (
              <Button
                size="small"
                danger
                onClick={() =>
                  modal.confirm({
                    title: t('desk.orgs.revokeConfirm'),
                    okText: t('desk.orgs.revoke'),
                    okButtonProps: { danger: true },
                    cancelText: t('desk.cancel'),
                    onOk: () => revoke.run({ ticketId: tk.ticketId }, t('desk.orgs.revoked')),
                  })
                }
              >
                {t('desk.orgs.revoke')}
              </Button>
            ) : null}
          </Space>
        ) : null,
    },
  ];

  return (
    <div className="desk-page">
      <div className="desk-case-head">
        <Typography.Title level={1} className="desk-h1">
          {t('desk.orgs.title')}
        </Typography.Title>
        {may ? (
          <Button type="primary" onClick={() => setAdding(true)}>
            {t('desk.orgs.add')}
          </Button>
        ) : null}
      </div>
      {!may ? <Typography.Paragraph type="secondary">{t('desk.orgs.approverOnly')}</Typography.Paragraph> : null}
      {query.isLoading ? (
        <Spin />
      ) : query.isError ? (
        <LoadFailed retry={() => query.refetch()} />
      ) : (
        <Table<Org>
          rowKey="orgId"
          dataSource={result.data}
          pagination={false}
          locale={{ emptyText: <span className="desk-empty">{t('desk.orgs.none')}</span> }}
          expandable={{
            expandedRowRender: (org) =>
              org.tickets.length === 0 ? (
                <Typography.Text type="secondary">{t('desk.orgs.noLinks')}</Typography.Text>
              ) : (
                <Table<Ticket> rowKey="ticketId" size="small" pagination={false} dataSource={org.tickets} columns={ticketColumns(org)} />
              ),
            rowExpandable: () => true,
            columnTitle: <span className="desk-sr">{t('desk.orgs.links')}</span>,
          }}
          columns={[
            {
              title: t('desk.orgs.name'),
              render: (_: unknown, o: Org) => (
                <>
                  {o.name}
                  {o.nameZh ? (
                    <>
                      <br />
                      <span lang="zh">{o.nameZh}</span>
                    </>
                  ) : null}
                </>
              ),
            },
            { title: t('desk.orgs.registration'), render: (_: unknown, o: Org) => `${o.registrationNumber} (${o.country})` },
            { title: t('desk.orgs.signer'), render: (_: unknown, o: Org) => `${o.signerName} · ${o.signerId}` },
            { title: t('desk.orgs.links'), render: (_: unknown, o: Org) => t('desk.orgs.linksCount', { open: o.tickets.filter((x) => x.state === 'open').length, all: o.tickets.length }) },
            {
              title: t('desk.queue.col.actions'),
              render: (_: unknown, o: Org) =>
                may ? (
                  <Button size="small" aria-label={t('desk.orgs.newLinkFor', { name: o.name })} onClick={() => setLinkFor({ org: o })}>
                    {t('desk.orgs.newLink')}
                  </Button>
                ) : null,
            },
          ]}
        />
      )}

      <Modal
        open={adding}
        title={t('desk.orgs.add')}
        okText={t('desk.orgs.create')}
        cancelText={t('desk.cancel')}
        confirmLoading={create.pending}
        onCancel={() => setAdding(false)}
        onOk={() => orgForm.submit()}
        destroyOnHidden
      >
        <Form<NewOrg>
          form={orgForm}
          layout="vertical"
          initialValues={{ country: 'HK' }}
          onFinish={async (v) => {
            const r = await create.run({ ...v, nameZh: v.nameZh ?? '' }, t('desk.orgs.created'));
            if (r) {
              orgForm.resetFields();
              setAdding(false);
            }
          }}
        >
          <Form.Item name="name" label={t('desk.orgs.name')} rules={[{ required: true, min: 2, max: 200, message: t('desk.orgs.nameRule') }]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="nameZh" label={t('desk.orgs.nameZh')}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="registrationNumber" label={t('desk.orgs.registration')} rules={[{ required: true, pattern: /^[A-Za-z0-9-]{4,30}$/, message: t('desk.orgs.registrationRule') }]}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="country" label={t('desk.orgs.country')} rules={[{ required: true, pattern: /^[A-Z]{2}$/, message: t('desk.orgs.countryRule') }]}>
            <Input maxLength={2} />
          </Form.Item>
          <Form.Item name="signerName" label={t('desk.orgs.signerName')} rules={[{ required: true, min: 2, max: 100, message: t('desk.orgs.nameRule') }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="signerIdNumber" label={t('desk.orgs.signerId')} extra={t('desk.orgs.signerIdHelp')} rules={[{ required: true, message: t('desk.orgs.signerIdRule') }]}>
            <Input maxLength={40} autoComplete="off" />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={!!linkFor}
        title={linkFor ? t('desk.orgs.newLinkFor', { name: linkFor.org.name }) : ''}
        okText={t('desk.orgs.makeLink')}
        cancelText={t('desk.cancel')}
        confirmLoading={issue.pending}
        onCancel={() => setLinkFor(null)}
        onOk={() => linkForm.submit()}
        destroyOnHidden
      >
        {linkFor?.replaces ? <Typography.Paragraph>{t('desk.orgs.replaces', { id: linkFor.replaces })}</Typography.Paragraph> : null}
        <Form
          form={linkForm}
          layout="vertical"
          initialValues={{ steps: [...ORG_SIGN_STEPS], hours: SIGN_LIMITS.ticketHoursDefault }}
          onFinish={async (v) => {
            if (!linkFor) return;
            const r = await issue.run(
              { orgId: linkFor.org.orgId, steps: v.steps as (typeof ORG_SIGN_STEPS)[number][], hours: v.hours, ...(linkFor.replaces ? { replaces: linkFor.replaces } : {}) },
              t('desk.orgs.linkMade'),
            );
            if (r) {
              setLinkFor(null);
              setLink({ url: `${window.location.origin}${r.url}`, expiresAt: r.expiresAt });
            }
          }}
        >
          <Form.Item name="steps" label={t('desk.orgs.stepsAsked')} rules={[{ required: true, message: t('desk.orgs.stepsRule') }]}>
            <Checkbox.Group options={ORG_SIGN_STEPS.map((s) => ({ value: s, label: t(`desk.orgs.steps.${s}`) }))} />
          </Form.Item>
          <Form.Item name="hours" label={t('desk.orgs.hours')} rules={[{ required: true, type: 'integer', min: 1, max: 24 * 90, message: t('desk.orgs.hoursRule') }]}>
            <InputNumber min={1} max={24 * 90} />
          </Form.Item>
        </Form>
      </Modal>

      <Modal open={!!link} title={t('desk.orgs.linkTitle')} onCancel={() => setLink(null)} footer={<Button onClick={() => setLink(null)}>{t('desk.close')}</Button>}>
        {link ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Paragraph>{t('desk.orgs.linkOnce', { until: timeText(intl, link.expiresAt) })}</Typography.Paragraph>
            <Input readOnly value={link.url} aria-label={t('desk.orgs.linkTitle')} onFocus={(e) => e.currentTarget.select()} />
            <Button
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(link.url)
                  .then(() => void message.success(t('desk.orgs.copied')))
                  .catch(() => undefined)
              }
            >
              {t('desk.orgs.copy')}
            </Button>
          </Space>
        ) : null}
      </Modal>
    </div>
  );
}
