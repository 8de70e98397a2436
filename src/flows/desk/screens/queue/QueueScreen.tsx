/**
 * The queue: the applications to review, oldest submission first, with filters, the count and usual time per status,
 * and claim / release. A claimed case is opened from its row.
 */
import { useGetIdentity, type CrudFilter } from '@refinedev/core';
import { useTable } from '@refinedev/antd';
import { useEffect, useMemo, useRef } from 'react';
import { Button, Card, Checkbox, Form, Input, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Res } from '@core/domain/contract';
import { STAFF_LIMITS, STAFF_QUEUE_STATUSES } from '@core/domain/staff';
import { APPLY_STATUS, REJECT_STATUSES } from '@core/domain/status';
import { accountTypeText, ageText, clientTypeText, statusText } from '../../components/labels';
import { StatusTag } from '../../components/StatusTag';
import { useDeskAction } from '../../components/use-desk-actions';
import { LoadFailed } from '../../components/LoadFailed';
import { useDeskTitle } from '../../components/DeskTitle';

type Row = Res<'staffQueue'>['rows'][number] & { id: string };
type Me = Res<'staffMe'>;

interface SearchValues {
  q?: string;
  status?: number[];
  clientType?: 'cn' | 'hk';
  accountType?: '1' | '2';
  minAgeHours?: number | null;
  amlHit?: 'true' | 'false';
  faceBelow?: number | null;
  mine?: boolean;
}

/** the counts' cards: the queue's statuses, the five sent-back ones as one (their usual time is the first's) */
const STATUS_GROUPS = [
  { name: 'submitted', statuses: [APPLY_STATUS.SUBMITTED] },
  { name: 'awaitingDeposit', statuses: [APPLY_STATUS.AWAITING_DEPOSIT] },
  { name: 'approved', statuses: [APPLY_STATUS.APPROVED] },
  { name: 'sentBack', statuses: [...REJECT_STATUSES] },
];

/** the statuses one may filter on: the queue's default ones and the final ones */
const FILTER_STATUSES = [...STAFF_QUEUE_STATUSES, APPLY_STATUS.SUCCESS, APPLY_STATUS.CLOSED];

const toFilters = (v: SearchValues): CrudFilter[] =>
  (Object.entries(v) as [keyof SearchValues, unknown][])
    .filter(([k, val]) => val !== undefined && val !== null && val !== '' && !(k === 'mine' && val === false) && !(Array.isArray(val) && val.length === 0))
    .map(([field, value]) => ({ field, operator: 'eq' as const, value: Array.isArray(value) ? value.join(',') : String(value) }));

export function QueueScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  useDeskTitle(t('desk.queue.title'));
  const { data: me } = useGetIdentity<Me>();
  const claim = useDeskAction('staffClaim');
  const release = useDeskAction('staffRelease');
  const { tableProps, searchFormProps, tableQuery, setFilters, filters } = useTable<Row, never, SearchValues>({
    syncWithLocation: true,
    pagination: { pageSize: 20 },
    onSearch: (values) => toFilters(values),
    filters: { mode: 'server' },
    sorters: { mode: 'off' },
  });
  // the form shows the filters the address carries (a reload, a shared link)
  const fromAddress = useMemo(() => {
    const v: Record<string, unknown> = {};
    for (const f of filters) {
      if (!('field' in f) || f.value === undefined || f.value === '') continue;
      const raw = String(f.value);
      if (f.field === 'status') v.status = raw.split(',').map(Number);
      else if (f.field === 'minAgeHours' || f.field === 'faceBelow') v[f.field] = Number(raw);
      else if (f.field === 'mine') v.mine = raw === 'true';
      else v[f.field] = raw;
    }
    return v as SearchValues;
    // read once: afterwards the form leads and the address follows
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // a choice applies at once; typing (the search, the numbers) once it pauses
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const apply = (changed: Partial<SearchValues>) => {
    if (timer.current) clearTimeout(timer.current);
    const typed = 'q' in changed || 'minAgeHours' in changed || 'faceBelow' in changed;
    timer.current = setTimeout(() => searchFormProps.form?.submit(), typed ? 300 : 0);
  };
  const extra = tableQuery.data as (typeof tableQuery.data & { counts?: Record<string, number>; expectedHours?: Record<string, number | null> }) | undefined;
  // ages as of the moment the list was read
  const now = tableQuery.dataUpdatedAt;
  const activeStatus = (filters.find((f) => 'field' in f && f.field === 'status')?.value as string | undefined) ?? '';

  const columns = [
    {
      title: t('desk.queue.col.app'),
      dataIndex: 'appId',
      render: (appId: string, row: Row) => (
        <>
          <Link to={`/queue/${encodeURIComponent(appId)}`}>{row.name ?? t('desk.queue.noName')}</Link>
          <br />
          <span className="desk-mono">{appId.slice(0, 8)}</span>
        </>
      ),
    },
    { title: t('desk.queue.col.phone'), dataIndex: 'phone' },
    {
      title: t('desk.queue.col.type'),
      render: (_: unknown, row: Row) => (
        <>
          {clientTypeText(intl, row.clientType)}
          <br />
          {accountTypeText(intl, row.accountType)}
        </>
      ),
    },
    { title: t('desk.queue.col.status'), dataIndex: 'applyStatus', render: (s: number) => <StatusTag status={s} /> },
    { title: t('desk.queue.col.age'), dataIndex: 'submittedAt', render: (at: string | null) => ageText(intl, at, now) },
    {
      title: t('desk.queue.col.aml'),
      dataIndex: 'amlHit',
      render: (hit: boolean | null) => (hit === null ? '—' : hit ? <Tag color="red">{t('desk.aml.hit')}</Tag> : <Tag color="green">{t('desk.aml.clear')}</Tag>),
    },
    { title: t('desk.queue.col.face'), dataIndex: 'faceScore', render: (s: number | null) => (s === null ? '—' : <span className={s < 60 ? 'desk-low' : undefined}>{s}</span>) },
    {
      title: t('desk.queue.col.holder'),
      render: (_: unknown, row: Row) => (
        <>
          {row.claimedBy ? row.claimedBy.displayName : <Typography.Text type="secondary">{t('desk.queue.free')}</Typography.Text>}
          {row.firstApprovalBy ? (
            <>
              <br />
              <Tag color="purple">{t('desk.queue.firstApproval', { name: row.firstApprovalBy.displayName })}</Tag>
            </>
          ) : null}
        </>
      ),
    },
    {
      title: t('desk.queue.col.actions'),
      render: (_: unknown, row: Row) => {
        const mine = !!me && row.claimedBy?.staffId === me.staffId;
        return (
          <Space>
            {!row.claimedBy ? (
              <Button
                size="small"
                type="primary"
                loading={claim.pending}
                aria-label={t('desk.queue.claimOf', { name: row.name ?? row.appId })}
                onClick={() => void claim.run({ appId: row.appId }, t('desk.case.claimed'))}
              >
                {t('desk.case.claim')}
              </Button>
            ) : null}
            {mine || (row.claimedBy && me?.role === 'admin') ? (
              <Button
                size="small"
                loading={release.pending}
                aria-label={t('desk.queue.releaseOf', { name: row.name ?? row.appId })}
                onClick={() => void release.run({ appId: row.appId }, t('desk.case.released'))}
              >
                {t('desk.case.release')}
              </Button>
            ) : null}
          </Space>
        );
      },
    },
  ];

  return (
    <div className="desk-page">
      <Typography.Title level={1} className="desk-h1">
        {t('desk.queue.title')}
      </Typography.Title>
      <section aria-label={t('desk.queue.counts')} className="desk-counts">
        {STATUS_GROUPS.map((g) => {
          const value = g.statuses.join(',');
          const count = g.statuses.reduce((n, s) => n + (extra?.counts?.[String(s)] ?? 0), 0);
          const hours = extra?.expectedHours?.[String(g.statuses[0])];
          const pressed = activeStatus === value;
          return (
            <button
              key={value}
              type="button"
              className={`desk-count${pressed ? ' desk-count--on' : ''}`}
              aria-pressed={pressed}
              onClick={() => setFilters(pressed ? [] : [{ field: 'status', operator: 'eq', value }], 'replace')}
            >
              <span className="desk-count__n">{count}</span>
              <span className="desk-count__name">{t(`desk.status.${g.name}`)}</span>
              <span className="desk-count__time">{hours === null || hours === undefined ? t('desk.queue.usualNone') : t('desk.queue.usual', { n: Math.round(hours) })}</span>
            </button>
          );
        })}
      </section>
      <Card size="small" className="desk-filters">
        <Form<SearchValues> {...searchFormProps} initialValues={fromAddress} onValuesChange={(changed) => apply(changed)} layout="inline" aria-label={t('desk.queue.filters')}>
          <Form.Item name="q" label={t('desk.queue.f.search')} className="desk-search">
            <Input type="search" allowClear placeholder={t('desk.queue.f.searchHint')} maxLength={STAFF_LIMITS.searchMax} style={{ width: 320 }} />
          </Form.Item>
          <Form.Item name="status" label={t('desk.queue.f.status')}>
            <Select mode="multiple" allowClear style={{ minWidth: 200 }} options={FILTER_STATUSES.map((s) => ({ value: s, label: statusText(intl, s) }))} />
          </Form.Item>
          <Form.Item name="clientType" label={t('desk.queue.f.clientType')}>
            <Select allowClear style={{ width: 150 }} options={(['cn', 'hk'] as const).map((c) => ({ value: c, label: clientTypeText(intl, c) }))} />
          </Form.Item>
          <Form.Item name="accountType" label={t('desk.queue.f.accountType')}>
            <Select
              allowClear
              style={{ width: 120 }}
              options={[
                { value: '1', label: accountTypeText(intl, 1) },
                { value: '2', label: accountTypeText(intl, 2) },
              ]}
            />
          </Form.Item>
          <Form.Item name="minAgeHours" label={t('desk.queue.f.minAge')}>
            <InputNumber min={0} max={24 * 365} style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name="amlHit" label={t('desk.queue.f.aml')}>
            <Select
              allowClear
              style={{ width: 120 }}
              options={[
                { value: 'true', label: t('desk.aml.hit') },
                { value: 'false', label: t('desk.aml.clear') },
              ]}
            />
          </Form.Item>
          <Form.Item name="faceBelow" label={t('desk.queue.f.faceBelow')}>
            <InputNumber min={0} max={100} style={{ width: 80 }} />
          </Form.Item>
          <Form.Item name="mine" valuePropName="checked">
            <Checkbox>{t('desk.queue.f.mine')}</Checkbox>
          </Form.Item>
          <Form.Item>
            <Button
              htmlType="button"
              onClick={() => {
                searchFormProps.form?.setFieldsValue({ q: undefined, status: undefined, clientType: undefined, accountType: undefined, minAgeHours: undefined, amlHit: undefined, faceBelow: undefined, mine: false });
                setFilters([], 'replace');
              }}
            >
              {t('desk.queue.reset')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      {tableQuery.isError ? (
        <LoadFailed retry={() => tableQuery.refetch()} />
      ) : null}
      <Table<Row>
        {...tableProps}
        rowKey="appId"
        columns={columns}
        locale={{ emptyText: <span className="desk-empty">{t('desk.queue.empty')}</span> }}
        pagination={{ ...tableProps.pagination, showTotal: (total: number) => t('desk.queue.total', { n: total }) }}
        aria-label={t('desk.queue.title')}
      />
    </div>
  );
}
