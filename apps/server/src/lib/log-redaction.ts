import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a secret: a stream ticket, a token, a one-time code, a password, a signature. */
const SECRET_PARAMS =
  /([?&](?:ticket|token|access_token|refresh_token|code|otp|password|key|api_key|secret|signature|sig)=)[^&#]*/gi;

/** The URL with the value of every secret-bearing query parameter replaced, for logs. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[REDACTED]');
}

/** Fastify's request serializer for the request log, with the URL redacted. */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
