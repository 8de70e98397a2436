/** A list that could not be read: said, with a way to try again. */
import { Button, Typography } from 'antd';
import { useIntl } from 'react-intl';

export function LoadFailed({ retry }: { retry: () => unknown }) {
  const intl = useIntl();
  return (
    <Typography.Paragraph type="danger" role="alert">
      {intl.formatMessage({ id: 'desk.loadFailed' })}{' '}
      <Button size="small" onClick={() => void retry()}>
        {intl.formatMessage({ id: 'desk.retry' })}
      </Button>
    </Typography.Paragraph>
  );
}
