/** /accountPrompt: a corporate applicant is asked to continue on the web version, with a link to copy. */
import { FormattedMessage } from 'react-intl';
import { useT } from '@core/i18n';
import { useToast } from '@core/ui/toast';
import { TOAST_MS } from '@core/domain/errors';
import { AppHeader } from '@core/app/flow-kit/AppHeader';
import '../../components/notice.css';
import './enterprise-prompt.css';

export const ENTERPRISE_IMAGE = '/pages/static/enterprise-prompt.svg';

/** The web version of the site: its own address, opened in a computer's browser. */
export function webVersionUrl(): string {
  return `${window.location.origin}/`;
}

/** Copies text: the async Clipboard API, or a selected textarea and execCommand on older WebViews. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* fall back below */
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'esop-visually-hidden';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

export default function EnterprisePromptScreen() {
  const t = useT();
  const toast = useToast();
  const url = webVersionUrl();

  const onCopy = async () => {
    const ok = await copyText(url);
    toast.show(ok ? t('enterprise.copied') : t('enterprise.copyFailed'), TOAST_MS);
  };

  return (
    <div className="oa-page">
      <AppHeader />
      <div className="oa-content oa-notice">
        <img className="oa-notice__art" src={ENTERPRISE_IMAGE} width={240} height={160} alt={t('enterprise.illustration')} />
        <h1 className="oa-notice__title">{t('enterprise.title')}</h1>
        <p className="oa-enterprise__message">
          <FormattedMessage id="enterprise.message" values={{ em: (chunks) => <em className="oa-highlight">{chunks}</em> }} />
        </p>
        <p className="oa-notice__text">{t('enterprise.detail')}</p>
        <div className="oa-enterprise__link">
          <span className="oa-enterprise__link-label">{t('enterprise.link')}</span>
          <span className="oa-enterprise__url">{url}</span>
        </div>
        <button type="button" className="oa-btn oa-btn--primary oa-btn--block oa-enterprise__copy" onClick={onCopy}>
          {t('enterprise.copy')}
        </button>
      </div>
    </div>
  );
}
