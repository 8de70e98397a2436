/** A status in words, coloured by what it asks of the desk; its meaning and code in a tooltip. */
import { Tag, Tooltip } from 'antd';
import { useIntl } from 'react-intl';
import { statusColor, statusHelp, statusText } from './labels';

export function StatusTag({ status, text }: { status: number; text?: string }) {
  const intl = useIntl();
  return (
    <Tooltip title={statusHelp(intl, status)}>
      <Tag color={statusColor(status)} tabIndex={0}>
        {text ?? statusText(intl, status)}
      </Tag>
    </Tooltip>
  );
}
