/** Staff sign-in: login, password and the authenticator app's code. A wrong try says how many are left. */
import { useLogin } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useIntl } from 'react-intl';
import { ErrorCode } from '@core/domain/errors';
import { STAFF_LIMITS, STAFF_LOGIN_PATTERN, TOTP_CODE_PATTERN } from '@core/domain/staff';
import { deskErrorText, type DeskError } from '../../providers';
import { LangSelect } from '../../components/LangSelect';
import { useDeskTitle } from '../../components/DeskTitle';

interface SignInValues {
  login: string;
  password: string;
  code: string;
}

export function SignInScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  useDeskTitle(t('desk.signIn.title'));
  const [form] = Form.useForm<SignInValues>();
  const { mutate: login, isPending, data } = useLogin<SignInValues>();
  const failed = data && !data.success ? (data.error as DeskError | undefined) : undefined;

  const failure = (() => {
    if (!failed) return null;
    const api = failed.apiError;
    const extra = api?.data as { triesLeft?: number; retryAfterSeconds?: number } | undefined;
    if (api?.code === ErrorCode.STAFF_SIGN_IN_FAILED && typeof extra?.triesLeft === 'number') return `${deskErrorText(intl, failed)} ${t('desk.signIn.triesLeft', { n: extra.triesLeft })}`;
    if (api?.code === ErrorCode.STAFF_LOCKED && typeof extra?.retryAfterSeconds === 'number')
      return `${deskErrorText(intl, failed)} ${t('desk.signIn.retryIn', { n: Math.max(1, Math.ceil(extra.retryAfterSeconds / 60)) })}`;
    return deskErrorText(intl, failed);
  })();

  return (
    <main className="desk-center">
      <div className="desk-signin-lang">
        <LangSelect />
      </div>
      <Card className="desk-signin">
        <Typography.Title level={1} className="desk-signin-title">
          {t('desk.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('desk.signIn.intro')}</Typography.Paragraph>
        {failure ? <Alert type="error" role="alert" showIcon message={failure} className="desk-signin-error" /> : null}
        <Form<SignInValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => {
            login(values, { onSettled: () => form.setFieldValue('code', '') });
          }}
        >
          <Form.Item
            name="login"
            label={t('desk.signIn.login')}
            rules={[
              { required: true, message: t('desk.signIn.loginRequired') },
              { pattern: STAFF_LOGIN_PATTERN, message: t('desk.signIn.loginFormat') },
            ]}
          >
            <Input autoComplete="username" autoFocus maxLength={64} />
          </Form.Item>
          <Form.Item name="password" label={t('desk.signIn.password')} rules={[{ required: true, message: t('desk.signIn.passwordRequired') }]}>
            <Input.Password autoComplete="current-password" maxLength={STAFF_LIMITS.passwordMax} />
          </Form.Item>
          <Form.Item
            name="code"
            label={t('desk.signIn.code')}
            extra={t('desk.signIn.codeHelp')}
            rules={[
              { required: true, message: t('desk.signIn.codeRequired') },
              { pattern: TOTP_CODE_PATTERN, message: t('desk.signIn.codeFormat') },
            ]}
          >
            <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isPending}>
            {t('desk.signIn.submit')}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
