/** "Customer service: <phone>" with a call link, under the offline notices of the profile sections. */
import { useClientConfig } from '../../api/system';
import type { ClientType } from '../../domain/client-type';
import { useT } from '../../i18n/use-t';
import './check-group.css';

/** The mainland line for cn applicants, the Hong Kong line otherwise. */
export function ServicePhone({ clientType }: { clientType: ClientType }) {
  const t = useT();
  const config = useClientConfig();
  const phones = config.data?.servicePhones;
  const phone = phones ? (clientType === 'cn' ? phones.mainland : phones.hongKong) || phones.hongKong || phones.mainland : '';
  if (!phone) return null;
  return (
    <p className="esop-job-status__phone">
      {t('job.servicePhone')} <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
    </p>
  );
}
