/**
 * The desk's rendering of an application in words (src/core/domain/case-words.ts): messages in the reviewer's
 * language, countries by name, moments in Hong Kong time, files as buttons named by what they are.
 */
import { Fragment, useCallback } from 'react';
import { Button } from 'antd';
import { useIntl } from 'react-intl';
import type { Msg, Part } from '@core/domain/case-words';
import { useCountryName } from '@core/ui/pickers/country-names';
import { timeText } from './labels';

/** A message of the desk's language file ('' for none). */
export function useMsg(): (m: Msg | null | undefined) => string {
  const intl = useIntl();
  return useCallback((m) => (m ? intl.formatMessage({ id: m.id }, m.values) : ''), [intl]);
}

/** One part as text (a file as its document name via `fileName`). */
export function usePartText(fileName: (ossId: string) => string): (p: Part) => string {
  const intl = useIntl();
  const msg = useMsg();
  const country = useCountryName();
  return useCallback(
    (p: Part) => {
      if ('text' in p) return p.text;
      if ('msg' in p) return msg(p.msg);
      if ('country' in p) return country(p.country);
      if ('time' in p) return timeText(intl, p.time);
      if ('named' in p) return p.named[intl.locale as keyof typeof p.named] ?? p.named.en;
      return fileName(p.file);
    },
    [intl, msg, country, fileName],
  );
}

/**
 * A value: its parts separated by the language's comma, files as buttons that open them in the viewer (the ones in
 * `fresh` marked new); "—" when nothing was given.
 */
export function Parts({ parts, fileName, onOpen, fresh = [] }: { parts: Part[]; fileName: (ossId: string) => string; onOpen?: (ossId: string) => void; fresh?: readonly string[] }) {
  const intl = useIntl();
  const text = usePartText(fileName);
  if (parts.length === 0) return <span className="desk-none">—</span>;
  const comma = intl.locale.startsWith('zh') ? '、' : ', ';
  const files = parts.filter((p): p is { file: string } => 'file' in p);
  const words = parts.filter((p) => !('file' in p));
  return (
    <span className="desk-value">
      {words.map((p, i) => (
        <Fragment key={i}>
          {i > 0 ? comma : null}
          {text(p)}
        </Fragment>
      ))}
      {files.length ? (
        <span className="desk-value__files">
          {files.map((f) =>
            onOpen ? (
              <Button key={f.file} size="small" onClick={() => onOpen(f.file)}>
                {fileName(f.file)}
                {fresh.includes(f.file) ? <span className="desk-new">{intl.formatMessage({ id: 'desk.changes.newFile' })}</span> : null}
              </Button>
            ) : (
              <span key={f.file}>{fileName(f.file)}</span>
            ),
          )}
        </span>
      ) : null}
    </span>
  );
}
