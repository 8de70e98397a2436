/** The browser tab's title: the desk's name, after the screen's own when it sets one (useDeskTitle). */
import { useEffect } from 'react';
import { useIntl } from 'react-intl';

export function DeskTitle() {
  const intl = useIntl();
  useEffect(() => {
    document.title = intl.formatMessage({ id: 'desk.title' });
  }, [intl]);
  return null;
}

/** Sets the tab's title to "<what> · <desk>" while the screen is shown. */
export function useDeskTitle(what: string | undefined) {
  const intl = useIntl();
  useEffect(() => {
    const desk = intl.formatMessage({ id: 'desk.title' });
    document.title = what ? `${what} · ${desk}` : desk;
    return () => {
      document.title = desk;
    };
  }, [intl, what]);
}
