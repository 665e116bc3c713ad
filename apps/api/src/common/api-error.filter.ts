import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toApiError } from './api-error.js';

/** Sends every error as {statusCode, error, message[, fields]}; logs server faults with the request id. */
@Catch()
export class ApiErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiError');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const body = toApiError(exception);
    if (body.statusCode >= 500) {
      this.logger.error({ err: exception, reqId: request.id }, 'Unhandled error');
    }
    void reply.status(body.statusCode).send(body);
  }
}
