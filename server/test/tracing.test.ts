/**
 * Traces (TRACES_OTLP_URL): a request's span, the span of the job it sent, child of it in the same trace, and the
 * vendor call's span inside the job; spans named by route and job, never by a raw URL or a person's data.
 */
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { startTracing, stopTracing, inSpan } from '../src/tracing';
import { readBankCardByJob } from '../src/jobs/vendor-calls';
import { createTestApp, eventually, type TestApp } from './helpers';

const exporter = new InMemorySpanExporter();
let t: TestApp;

beforeAll(async () => {
  startTracing({ role: 'web', exporter });
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await stopTracing();
});

const named = (name: string) => exporter.getFinishedSpans().filter((s) => s.name === name);
const parentOf = (s: ReadableSpan) => s.parentSpanContext?.spanId;

test("a request's span, the job it sent as its child in the same trace (the login code's SMS)", async () => {
  exporter.reset();
  const client = await t.handshake();
  await client.call('sendCode', { value: '61238101', areaCode: '852' });
  const request = await eventually('the request span', () => named('POST /kyc/esop/v1/SendCode')[0]);
  const job = await eventually('the job span', () => named('job sms.send')[0]);
  expect(job.spanContext().traceId).toBe(request.spanContext().traceId);
  expect(parentOf(job)).toBe(request.spanContext().spanId);
  expect(request.attributes['http.route']).toBe('/kyc/esop/v1/SendCode');
  // no phone, no code, no raw URL on any span
  expect(JSON.stringify(exporter.getFinishedSpans().map((s) => [s.name, s.attributes]))).not.toMatch(/61238101|\?e=/);
});

test("a card reading waited on: the vendor call's span inside the job's, inside the caller's", async () => {
  exporter.reset();
  await inSpan('caller', {}, async () => {
    await readBankCardByJob({ config: t.config, jobs: t.app.deps.jobs, storage: t.storage }, Buffer.from('not a card')).catch(() => undefined);
  });
  const caller = named('caller')[0];
  const job = named('job ocr.read')[0];
  const vendor = named('vendor ocr.bankcard')[0];
  expect([caller, job, vendor].every(Boolean)).toBe(true);
  expect(new Set([caller, job, vendor].map((s) => s.spanContext().traceId)).size).toBe(1);
  expect(parentOf(job)).toBe(caller.spanContext().spanId);
  expect(parentOf(vendor)).toBe(job.spanContext().spanId);
});
