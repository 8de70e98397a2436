/**
 * The organisation's name inside a sentence: never broken inside the name in Chinese (海港貿易有限公司 stays whole;
 * CSS word-break: keep-all), broken anywhere only when it is longer than a line.
 */
import { useIntl } from 'react-intl';

export function OrgName({ name }: { name: string }) {
  return <span className="org-sign__name">{name}</span>;
}

/** A message whose {organisation} is the organisation's name kept whole. */
export function useOrgSentence(): (id: string, name: string) => React.ReactNode {
  const intl = useIntl();
  return (id, name) => intl.formatMessage({ id }, { organisation: <OrgName key="org" name={name} /> });
}
