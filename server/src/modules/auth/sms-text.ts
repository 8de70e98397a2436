import { VERIFY_CODE_TTL_S, type Lang } from '@core/domain';
import { serverText } from '../../i18n';

export function smsText(lang: Lang, code: string): string {
  return serverText('smsCode', lang, { code, minutes: VERIFY_CODE_TTL_S / 60 });
}
