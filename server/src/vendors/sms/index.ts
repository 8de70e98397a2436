/**
 * SMS vendor: sends the login code. `console` (local) prints the code to stdout — the only place a
 * code is ever printed, never the structured log — and keeps it in sms_outbox for
 * `npm run ops -- code <phone>`. `http` posts {areaCode, phone, text} as JSON to SMS_HTTP_URL.
 */
import { maskPhone } from '@core/domain';
import type { Db } from '../../db';
import { insertOutbox } from './outbox-repository';

export interface SmsMessage {
  areaCode: string;
  phone: string;
  code: string;
  text: string;
}

export interface SmsSender {
  readonly name: string;
  /** Rejects when the message could not be handed over. */
  send(message: SmsMessage, at: Date): Promise<void>;
}

export function consoleSms(db: Db, write: (line: string) => void = (l) => process.stdout.write(l + '\n')): SmsSender {
  return {
    name: 'console',
    async send(m, at) {
      await insertOutbox(db, { areaCode: m.areaCode, phone: m.phone, body: m.text, code: m.code, sentAt: at });
      write(`[sms] code for +${m.areaCode} ${maskPhone(m.phone)}: ${m.code}`);
    },
  };
}

export function httpSms(url: string, timeoutMs = 10_000, fetchFn: typeof fetch = fetch): SmsSender {
  return {
    name: 'http',
    async send(m) {
      const res = await fetchFn(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ areaCode: m.areaCode, phone: m.phone, text: m.text }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`sms vendor answered ${res.status}`);
    },
  };
}
