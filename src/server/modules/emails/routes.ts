import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailsApi } from '../../../domain/api/emails';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../lib/http-errors';
import { routeOf } from '../../lib/route';
import { currentUser } from '../../plugins/current-user';
import { scopeFor } from '../sales';
import { composeMessage } from './compose';
import { notifyOutbox } from './enqueue';
import { attachmentsOf, attemptsOf, emailSummary, findEmail, listEmails, moveEmail } from './queries';
import { documentDraft, sendDocument } from './send-document';
import { senderOf } from './sender';

const NOT_FOUND = 'Correo no encontrado';

export const emailsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['emails'];
  const visible = async (id: number, user: Parameters<typeof scopeFor>[0]) => {
    const row = await findEmail(db, id, scopeFor(user));
    if (!row) throw notFound(NOT_FOUND);
    return row;
  };

  // Each document is sent by whoever reads it, within the same scope (a quote: whoever keeps versions).
  app.route({
    ...routeOf(emailsApi.send, tags),
    handler: async (request, reply) => {
      const { id, status } = await sendDocument(db, currentUser(request), request.body);
      return reply.status(202).send({ id, status });
    },
  });

  app.route({
    ...routeOf(emailsApi.draft, tags),
    handler: async (request) => ({ draft: await documentDraft(db, currentUser(request), request.query) }),
  });

  app.route({
    ...routeOf(emailsApi.list, tags),
    handler: async (request) => listEmails(db, scopeFor(currentUser(request)), request.query),
  });

  app.route({
    ...routeOf(emailsApi.get, tags),
    handler: async (request) => {
      const row = await visible(request.params.id, currentUser(request));
      const [files, attempts, sender] = [
        await attachmentsOf(db, row.id),
        await attemptsOf(db, row.id),
        await senderOf(db),
      ];
      return {
        email: {
          ...emailSummary(row),
          cc: row.cc,
          from: sender.name ? `${sender.name} <${sender.address}>` : sender.address,
          body: row.body,
          messageId: row.messageId,
          nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
          attachments: files.map((f) => ({
            id: f.id,
            filename: f.filename,
            contentType: f.contentType,
            size: f.content.length,
          })),
          attemptLog: attempts.map((a) => ({ at: a.at.toISOString(), ok: a.ok, detail: a.detail })),
        },
      };
    },
  });

  app.route({
    ...routeOf(emailsApi.eml, tags),
    handler: async (request, reply) => {
      const row = await visible(request.params.id, currentUser(request));
      const files = await attachmentsOf(db, row.id);
      const raw = await composeMessage(db, { ...row, attachments: files });
      return reply
        .header('content-type', 'message/rfc822')
        .header('content-disposition', `attachment; filename="correo-${row.id}.eml"`)
        .send(raw);
    },
  });

  app.route({
    ...routeOf(emailsApi.retry, tags),
    handler: async (request) => {
      const row = await visible(request.params.id, currentUser(request));
      const moved = await moveEmail(db, row.id, ['failed'], 'pending');
      if (!moved) throw conflict('Solo se puede reintentar un correo fallido');
      await notifyOutbox(db);
      return { message: 'Correo en la cola de envío', email: emailSummary(moved) };
    },
  });

  app.route({
    ...routeOf(emailsApi.cancel, tags),
    handler: async (request) => {
      const row = await visible(request.params.id, currentUser(request));
      const moved = await moveEmail(db, row.id, ['pending', 'failed'], 'cancelled');
      if (!moved) {
        throw conflict(
          row.status === 'sent'
            ? 'El correo ya fue enviado: no se puede cancelar'
            : row.status === 'cancelled'
              ? 'El correo ya estaba cancelado'
              : 'El correo se está enviando en este momento',
        );
      }
      return { message: 'Correo cancelado', email: emailSummary(moved) };
    },
  });
};
