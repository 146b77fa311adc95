import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One access line per request, with the (redacted) request and the answer, instead of Fastify's
 * two ("incoming request", then "request completed" without the URL): at intake rates the log is
 * a good part of the gateway's work.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
