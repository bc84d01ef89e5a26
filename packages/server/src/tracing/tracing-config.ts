/**
 * Whether the standard OpenTelemetry settings ask for traces: `OTEL_TRACES_EXPORTER` set to an exporter (not
 * `none`), or an OTLP endpoint (`OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`), and not
 * `OTEL_SDK_DISABLED=true`. Without them the SDK is never loaded and a start pays nothing for tracing.
 *
 * @param env the environment. Default `process.env`
 * @example
 * tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }); // true
 * @see https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/
 */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  if ((env.OTEL_SDK_DISABLED ?? '').toLowerCase() === 'true') return false;
  const exporter = (env.OTEL_TRACES_EXPORTER ?? '').trim().toLowerCase();
  if (exporter === 'none') return false;
  return (
    exporter !== '' || Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
  );
}
