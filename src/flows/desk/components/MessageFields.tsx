/** A decision's reason (from the list) and its message to the applicant, as the send-back and close forms ask them. */
import { Form, Input, Select, type SelectProps } from 'antd';
import { useIntl } from 'react-intl';
import { DECISION_REASONS, STAFF_LIMITS } from '@core/domain/staff';

/**
 * The reasons' list. The form gives its control `aria-required`, which Ant Design's Select puts on its outer box (not
 * a form control, where axe refuses it): it is left out there; the label's mark and the message say it is required.
 */
function ReasonSelect({ 'aria-required': _required, ...props }: SelectProps & { 'aria-required'?: unknown }) {
  return <Select {...props} />;
}

export function ReasonField() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Form.Item name="reason" label={t('desk.decide.reason')} rules={[{ required: true, message: t('desk.decide.reasonRequired') }]}>
      <ReasonSelect options={DECISION_REASONS.map((r) => ({ value: r, label: t(`desk.reason.${r}`) }))} />
    </Form.Item>
  );
}

/** `required`: whether the message must be written (a deposit state asks for it only when it needs a change). */
export function MessageField({ help = true, required = true, rows = 3 }: { help?: boolean; required?: boolean; rows?: number }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Form.Item
      name="message"
      label={t('desk.decide.message')}
      extra={help ? t('desk.decide.messageHelp') : undefined}
      rules={[{ required, whitespace: true, message: t('desk.decide.messageRequired') }]}
    >
      <Input.TextArea maxLength={STAFF_LIMITS.messageMax} showCount rows={rows} />
    </Form.Item>
  );
}
