/**
 * The decisions on a claimed case: approve (a first approval when four eyes are needed), send chosen steps back with
 * a reason and a message, or close the application. Each is one call; the service checks the claim and the roles.
 */
import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { Alert, App, Button, Checkbox, Form, Input, Select, Space, Tabs, Typography } from 'antd';
import { useIntl } from 'react-intl';
import type { Res } from '@core/domain/contract';
import { DESK_DEPOSIT_STATUSES, DESK_REVIEW_STATUSES, STAFF_LIMITS, depositNeedsMessage, staffMay } from '@core/domain/staff';
import { openDecisions } from '@core/domain/lifecycle';
import { APPLY_STATUS, STOCK_STATUSES } from '@core/domain/status';
import { STEP_TITLE_KEY, type StepName } from '@core/domain/steps';
import { useDeskAction } from './use-desk-actions';
import { MessageField, ReasonField } from './MessageFields';

type Case = Res<'staffCase'>;
type Me = Res<'staffMe'>;

/** What a decision did, for the case to move on: ended (the case leaves the reviewer's hands) or kept. */
export type Decided = 'ended' | 'kept';

export interface DecisionHandle {
  /** asks to approve (the confirmation), when approving is open to the caller */
  approve(): void;
  /** shows a decision's tab */
  show(tab: string): void;
}

export interface DecisionPanelProps {
  c: Case;
  me: Me | undefined;
  /** after a decision was recorded */
  onDecided?: (d: Decided) => void;
}

export const DecisionPanel = forwardRef<DecisionHandle, DecisionPanelProps>(function DecisionPanel({ c, me, onDecided }, ref) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const decide = useDeskAction('staffDecide');
  // the App's modal (not the static Modal): it keeps the language, the theme and the styles' nonce
  const { modal } = App.useApp();
  const [sendBackForm] = Form.useForm<{ steps: StepName[]; reason: string; message: string }>();
  const [closeForm] = Form.useForm<{ reason: string; message: string }>();
  const [depositForm] = Form.useForm<{ cashInStatus: number; message?: string }>();
  const [stockForm] = Form.useForm<{ stockStatus: number }>();
  const [witnessForm] = Form.useForm<{ reason: string; message: string }>();
  const [tab, setTab] = useState<string | undefined>(undefined);
  const depositStatus = Form.useWatch('cashInStatus', depositForm);
  const [note, setNote] = useState('');
  const appId = c.application.appId;
  const heldByMe = !!me && c.claimedBy?.staffId === me.staffId;
  const firstByMe = !!me && c.firstApproval?.staffId === me.staffId;
  // the approve shortcut runs the confirmation of the render it was pressed in
  const confirmApproveRef = useRef<() => void>(() => undefined);
  const secondNeedsApprover = c.fourEyes && !!c.firstApproval && !!me && !staffMay(me.role, 'approver');

  useImperativeHandle(ref, () => ({
    approve: () => {
      if (heldByMe && openDecisions(c.application.applyStatus, !!c.witness).review && !firstByMe && !secondNeedsApprover) confirmApproveRef.current();
    },
    show: (key: string) => setTab(key),
  }));

  if (!heldByMe) {
    return <Alert type="info" showIcon message={t('desk.decide.claimFirst')} />;
  }

  const approveHelp = !c.fourEyes
    ? t('desk.decide.approveHelp')
    : c.firstApproval
      ? t('desk.decide.secondHelp', { name: c.firstApproval.displayName })
      : t('desk.decide.firstHelp');

  const status = c.application.applyStatus;
  const open = openDecisions(status, !!c.witness);
  const firstOfTwo = c.fourEyes && !c.firstApproval;
  const canApproveNow = !firstByMe && !secondNeedsApprover;
  // one confirmation for each decision, naming what it does; a first approval is named as such, and its notice says the rest
  const confirmApprove = () =>
    modal.confirm({
      title: t(firstOfTwo ? 'desk.decide.firstApproveConfirm' : 'desk.decide.approveConfirm'),
      content: firstOfTwo ? t('desk.decide.firstHelp') : t('desk.decide.approveHelp'),
      okText: firstOfTwo ? t('desk.decide.firstApprove') : t('desk.decide.approve'),
      cancelText: t('desk.cancel'),
      onOk: async () => {
        const r = await decide.run({ appId, action: 'approve', ...(note.trim() ? { note: note.trim() } : {}) }, t(firstOfTwo ? 'desk.decide.waitingSecond' : 'desk.decide.approved'));
        if (r) {
          setNote('');
          onDecided?.('ended');
        }
      },
    });
  confirmApproveRef.current = confirmApprove;
  const otherReviewStatus = DESK_REVIEW_STATUSES.find((s) => s !== status);

  const items = [
        {
          key: 'approve',
          label: t('desk.decide.approve'),
          children: (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Paragraph>{approveHelp}</Typography.Paragraph>
              {firstByMe ? <Alert type="warning" showIcon message={t('desk.decide.notOwnSecond')} /> : null}
              {secondNeedsApprover ? <Alert type="warning" showIcon message={t('desk.decide.approverOnly')} /> : null}
              <label className="desk-label" htmlFor="desk-approve-note">
                {t('desk.decide.note')}
              </label>
              <Input.TextArea id="desk-approve-note" value={note} onChange={(e) => setNote(e.target.value)} maxLength={STAFF_LIMITS.messageMax} showCount rows={2} />
              <Button type="primary" loading={decide.pending} disabled={!canApproveNow} onClick={confirmApprove} aria-keyshortcuts="a">
                {firstOfTwo ? t('desk.decide.firstApprove') : t('desk.decide.approve')}
              </Button>
            </Space>
          ),
        },
        {
          key: 'sendBack',
          label: t('desk.decide.sendBack'),
          children: (
            <Form
              form={sendBackForm}
              layout="vertical"
              onFinish={(v) =>
                modal.confirm({
                  title: t('desk.decide.sendBackConfirm'),
                  okText: t('desk.decide.sendBack'),
                  cancelText: t('desk.cancel'),
                  onOk: async () => {
                    const r = await decide.run({ appId, action: 'sendBack', steps: v.steps, reason: v.reason as never, message: v.message.trim() }, t('desk.decide.sentBack'));
                    if (r) {
                      sendBackForm.resetFields();
                      onDecided?.('ended');
                    }
                  },
                })
              }
            >
              <Form.Item name="steps" label={t('desk.decide.steps')} rules={[{ required: true, message: t('desk.decide.stepsRequired') }]}>
                <Checkbox.Group
                  className="desk-steps"
                  options={c.application.applyStepsName
                    .filter((s) => s !== 'STATEMENT')
                    .map((s) => ({ value: s, label: t(STEP_TITLE_KEY[s as StepName] ?? s) }))}
                />
              </Form.Item>
              <ReasonField />
              <MessageField />
              <Button htmlType="submit" type="primary" loading={decide.pending}>
                {t('desk.decide.sendBack')}
              </Button>
            </Form>
          ),
        },
        {
          key: 'close',
          label: t('desk.decide.close'),
          children: (
            <Form
              form={closeForm}
              layout="vertical"
              onFinish={(v) =>
                modal.confirm({
                  title: t('desk.decide.closeConfirm'),
                  okText: t('desk.decide.close'),
                  okButtonProps: { danger: true },
                  cancelText: t('desk.cancel'),
                  onOk: async () => {
                    const r = await decide.run({ appId, action: 'close', reason: v.reason as never, message: v.message.trim() }, t('desk.decide.closed'));
                    if (r) {
                      closeForm.resetFields();
                      onDecided?.('ended');
                    }
                  },
                })
              }
            >
              <Typography.Paragraph type="secondary">{t('desk.decide.closeHelp')}</Typography.Paragraph>
              <ReasonField />
              <MessageField help={false} />
              <Button htmlType="submit" danger loading={decide.pending}>
                {t('desk.decide.close')}
              </Button>
            </Form>
          ),
        },
        {
          key: 'witness',
          label: t('desk.decide.witnessTab'),
          children: (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Paragraph>{t('desk.decide.witnessHelp')}</Typography.Paragraph>
              <Button
                type="primary"
                loading={decide.pending}
                onClick={() =>
                  modal.confirm({
                    title: t('desk.decide.witnessAcceptConfirm'),
                    okText: t('desk.decide.witnessAccept'),
                    cancelText: t('desk.cancel'),
                    onOk: async () => {
                      if (await decide.run({ appId, action: 'witness', outcome: 'accept' }, t('desk.decide.witnessAccepted'))) onDecided?.('kept');
                    },
                  })
                }
              >
                {t('desk.decide.witnessAccept')}
              </Button>
              <Form
                form={witnessForm}
                layout="vertical"
                className="desk-gap"
                onFinish={(v) =>
                  modal.confirm({
                    title: t('desk.decide.witnessRefuseConfirm'),
                    okText: t('desk.decide.witnessRefuse'),
                    okButtonProps: { danger: true },
                    cancelText: t('desk.cancel'),
                    onOk: async () => {
                      const r = await decide.run({ appId, action: 'witness', outcome: 'refuse', reason: v.reason as never, message: v.message.trim() }, t('desk.decide.witnessRefused'));
                      if (r) {
                        witnessForm.resetFields();
                        onDecided?.('ended');
                      }
                    },
                  })
                }
              >
                <ReasonField />
                <MessageField />
                <Button htmlType="submit" danger loading={decide.pending}>
                  {t('desk.decide.witnessRefuse')}
                </Button>
              </Form>
            </Space>
          ),
        },
        {
          key: 'status',
          label: t('desk.decide.statusTab'),
          children: (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Paragraph>{t(status === APPLY_STATUS.SUBMITTED ? 'desk.decide.toAwaitHelp' : 'desk.decide.toReviewHelp')}</Typography.Paragraph>
              <Button
                loading={decide.pending}
                onClick={() =>
                  otherReviewStatus !== undefined &&
                  modal.confirm({
                    title: t(status === APPLY_STATUS.SUBMITTED ? 'desk.decide.toAwaitConfirm' : 'desk.decide.toReviewConfirm'),
                    okText: t('desk.ok'),
                    cancelText: t('desk.cancel'),
                    onOk: async () => {
                      if (await decide.run({ appId, action: 'status', status: otherReviewStatus }, t('desk.decide.statusMoved'))) onDecided?.('ended');
                    },
                  })
                }
              >
                {t(status === APPLY_STATUS.SUBMITTED ? 'desk.decide.toAwait' : 'desk.decide.toReview')}
              </Button>
            </Space>
          ),
        },
        {
          key: 'funding',
          label: t('desk.decide.fundingTab'),
          children: (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Paragraph>
                {t('desk.decide.fundingNow', {
                  deposit: t(`desk.deposit.${c.application.cashInStatus ?? 1000}`),
                  stock: c.application.stockStatus ? t(`desk.stock.${c.application.stockStatus}`) : '—',
                })}
              </Typography.Paragraph>
              <Form
                form={depositForm}
                layout="vertical"
                onFinish={async (v) => {
                  const r = await decide.run({ appId, action: 'deposit', cashInStatus: v.cashInStatus, ...(v.message?.trim() ? { message: v.message.trim() } : {}) }, t('desk.decide.recorded'));
                  if (r) depositForm.resetFields();
                }}
              >
                <Form.Item name="cashInStatus" label={t('desk.decide.depositState')} rules={[{ required: true, message: t('desk.decide.stateRequired') }]}>
                  <Select options={DESK_DEPOSIT_STATUSES.map((d) => ({ value: d, label: t(`desk.deposit.${d}`) }))} />
                </Form.Item>
                <MessageField required={depositStatus !== undefined && depositNeedsMessage(depositStatus)} rows={2} />
                <Button htmlType="submit" loading={decide.pending}>
                  {t('desk.decide.recordDeposit')}
                </Button>
              </Form>
              <Form
                form={stockForm}
                layout="vertical"
                className="desk-gap"
                onFinish={async (v) => {
                  const r = await decide.run({ appId, action: 'stock', stockStatus: v.stockStatus }, t('desk.decide.recorded'));
                  if (r) stockForm.resetFields();
                }}
              >
                <Form.Item name="stockStatus" label={t('desk.decide.stockState')} rules={[{ required: true, message: t('desk.decide.stateRequired') }]}>
                  <Select options={STOCK_STATUSES.map((d) => ({ value: d, label: t(`desk.stock.${d}`) }))} />
                </Form.Item>
                <Button htmlType="submit" loading={decide.pending}>
                  {t('desk.decide.recordStock')}
                </Button>
              </Form>
            </Space>
          ),
        },
  ].filter((item) =>
    item.key === 'status' ? open.reviewStatus : item.key === 'funding' ? open.funding : item.key === 'witness' ? open.witness : open.review,
  );
  // with proofs to verify, the verification is the decision to make first
  const shown = tab && items.some((i) => i.key === tab) ? tab : (items.find((i) => i.key === 'witness') ?? items[0])?.key;

  return items.length > 0 ? <Tabs items={items} activeKey={shown} onChange={setTab} /> : <Alert type="info" showIcon message={t('desk.case.decided')} />;
});
