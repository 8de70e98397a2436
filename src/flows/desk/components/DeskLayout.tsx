/** The frame of the signed-in desk: the header (the desk's name, the queue, who is signed in, language, sign out), and the live line that keeps its lists and cases fresh. */
import type { ReactNode } from 'react';
import { useGetIdentity, useLogout } from '@refinedev/core';
import { Button, Layout, Space, Tag, Typography } from 'antd';
import { useIntl } from 'react-intl';
import { NavLink } from 'react-router-dom';
import type { Res } from '@core/domain/contract';
import { LangSelect } from './LangSelect';
import { useLiveApplications } from './use-live';

type Me = Res<'staffMe'>;

export function DeskLayout({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const { data: me } = useGetIdentity<Me>();
  const { mutate: logout, isPending } = useLogout();
  // the queue and the open case follow every application's changes as they happen
  useLiveApplications();
  return (
    <Layout className="desk-layout">
      <Layout.Header className="desk-header">
        <a className="desk-skip" href="#desk-main">
          {intl.formatMessage({ id: 'desk.skip' })}
        </a>
        <Typography.Text strong className="desk-brand">
          {intl.formatMessage({ id: 'desk.title' })}
        </Typography.Text>
        <nav aria-label={intl.formatMessage({ id: 'desk.nav.label' })} className="desk-nav">
          <NavLink to="/queue">{intl.formatMessage({ id: 'desk.nav.queue' })}</NavLink>
          <NavLink to="/updates">{intl.formatMessage({ id: 'desk.nav.updates' })}</NavLink>
          <NavLink to="/orgs">{intl.formatMessage({ id: 'desk.nav.orgs' })}</NavLink>
        </nav>
        <Space className="desk-user" size="middle">
          {me ? (
            <span>
              {me.displayName} <Tag>{intl.formatMessage({ id: `desk.role.${me.role}` })}</Tag>
            </span>
          ) : null}
          <LangSelect />
          <Button onClick={() => logout()} loading={isPending}>
            {intl.formatMessage({ id: 'desk.signOut' })}
          </Button>
        </Space>
      </Layout.Header>
      <Layout.Content id="desk-main" tabIndex={-1} className="desk-content">
        {children}
      </Layout.Content>
    </Layout>
  );
}
