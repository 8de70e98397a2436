import { Button, Result } from 'antd';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';

export function NotFoundScreen() {
  const intl = useIntl();
  return (
    <main className="desk-center">
      <Result
        status="404"
        title={<h1 className="desk-result-title">{intl.formatMessage({ id: 'desk.notFound.title' })}</h1>}
        extra={
          <Link to="/queue">
            <Button type="primary">{intl.formatMessage({ id: 'desk.notFound.back' })}</Button>
          </Link>
        }
      />
    </main>
  );
}
