/**
 * OpenTelemetry traces, on when TRACES_OTLP_URL is set (off: the API's no-op tracer, nothing recorded): a span per
 * request (its call's route), a span per job in the worker that runs it, child of the request that sent it (the W3C
 * trace context travels in the job's payload), and a span per vendor call (face check, card reading) inside it. Spans go
 * in batches to an OTLP/HTTP collector (Jaeger, Tempo, an OpenTelemetry Collector): request → job → vendor in one trace.
 */
import { context, propagation, trace, SpanKind, SpanStatusCode, type Attributes, type Context, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, SimpleSpanProcessor, TracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace';
import type { FastifyInstance } from 'fastify';
import { SERVICE_NAME, serviceVersion } from './log';

let provider: TracerProvider | null = null;

/** true once startTracing ran in this process */
export const tracingOn = (): boolean => provider !== null;

/**
 * Starts tracing for this process: spans to the OTLP/HTTP collector at `url` (its /v1/traces), or to `exporter`
 * (tests). Registers the async context manager and the W3C trace-context propagator. Resolves nothing; stopTracing
 * flushes.
 */
export function startTracing(opts: { role: 'web' | 'worker'; url?: string; exporter?: SpanExporter }): void {
  if (provider) return;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const processor = opts.exporter ? new SimpleSpanProcessor({ exporter: opts.exporter }) : new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: opts.url }) });
  provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': SERVICE_NAME, 'service.version': serviceVersion(), 'service.role': opts.role }),
    spanProcessors: [processor],
  });
  trace.setGlobalTracerProvider(provider);
}

/** Sends the spans in hand and stops (a process's shutdown). */
export async function stopTracing(): Promise<void> {
  const p = provider;
  provider = null;
  await p?.shutdown().catch(() => undefined);
  trace.disable();
  context.disable();
  propagation.disable();
}

export const tracer = () => trace.getTracer(SERVICE_NAME);

/** Runs `fn` in a new span (a child of the active one, or of `parent`), ended when it settles; a throw marks it failed. */
export function inSpan<T>(name: string, attributes: Attributes, fn: (span: Span) => Promise<T>, opts: { parent?: Context; kind?: SpanKind } = {}): Promise<T> {
  if (!provider) return fn(trace.wrapSpanContext({ traceId: '', spanId: '', traceFlags: 0 }));
  return tracer().startActiveSpan(name, { attributes, kind: opts.kind ?? SpanKind.INTERNAL }, opts.parent ?? context.active(), async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.message });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** The active trace context as W3C headers ({traceparent, tracestate?}), to travel in a job's payload; {} when off. */
export function traceCarrier(): Record<string, string> {
  if (!provider) return {};
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/** The context a job's payload carried (or the active one when it carried none). */
export function contextFrom(carrier: { traceparent?: unknown; tracestate?: unknown }): Context {
  const headers: Record<string, string> = {};
  if (typeof carrier.traceparent === 'string') headers.traceparent = carrier.traceparent;
  if (typeof carrier.tracestate === 'string') headers.tracestate = carrier.tracestate;
  return propagation.extract(context.active(), headers);
}

export { context, SpanKind, SpanStatusCode, trace };

/**
 * A span per request (not the balancer's probes), named by its route pattern, never the raw URL: the request runs
 * inside it, so the jobs it sends carry it. Installed only when tracing is on.
 */
export function installRequestSpans(app: FastifyInstance, isProbe: (url: string) => boolean): void {
  if (!provider) return;
  const spans = new WeakMap<object, Span>();
  app.addHook('onRequest', (request, _reply, done) => {
    if (isProbe(request.url)) return done();
    const route = request.routeOptions.url ?? 'unknown';
    const span = tracer().startSpan(`${request.method} ${route}`, {
      kind: SpanKind.SERVER,
      attributes: { 'http.request.method': request.method, 'http.route': route, 'esop.request_id': String(request.id) },
    });
    spans.set(request, span);
    context.with(trace.setSpan(context.active(), span), done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
}
