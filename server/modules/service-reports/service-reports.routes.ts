import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { serviceReportsApi } from '../../../contract/api/service-reports';
import { DEFAULT_LANGUAGE, type Language } from '../../../contract/constants';
import { berlinDay } from '../../../contract/maintenance';
import { MSG } from '../../../contract/messages';
import { canAccess } from '../../../contract/roles';
import type { ServiceReport } from '../../../contract/schemas/service-report';
import { REPORT_MSG } from '../../../contract/service-report-messages';
import { SYSTEM_CONTAINERS } from '../../integrations/blob/storage';
import { forbidden, HttpError } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { liftFileContentPath } from '../files/file-mapper';
import { createFilesRepository } from '../files/files.repository';
import type { OutgoingMessage } from '../outbox/outgoing';
import { askLiftSeersToPull } from '../sync/sync-notify';
import { reportFileName, reportMail } from './report-mails';
import { reportPdf } from './report-pdf';
import { createServiceReportsRepository, type ReportLift } from './service-reports.repository';

export interface ServiceReportsRoutesOptions {
  publicUrl: string;
}

const LIFT_FILES = SYSTEM_CONTAINERS.liftFiles;
/** A signature made on a device whose clock runs a little ahead is still taken. */
const CLOCK_AHEAD_MS = 10 * 60_000;
const OLDEST_SIGNATURE_MS = 366 * 24 * 3600_000;
const PHOTO_ID = /^\/api\/files\/([0-9a-f-]{36})\/content$/;

const bytesOf = async (body: AsyncIterable<unknown>) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

/**
 * Service reports (docs/service-reports.md): written by the lift's service men and staff, signed
 * on site; the PDF goes into the lift's files and to its customers through the outbox, once.
 */
export const serviceReportsRoutes: FastifyPluginAsync<ServiceReportsRoutesOptions> = async (app, options) => {
  const repository = createServiceReportsRepository(app.db);

  const liftForUser = async (liftId: string, request: Parameters<typeof currentUser>[0]) => {
    const lift = await repository.liftInScope(liftId, currentUser(request));
    if (!lift) throw new HttpError(404, MSG.liftNotFound);
    return lift;
  };

  /** A report stored before under this id: the same report again for its author, else 409. */
  const earlier = async (id: string, liftId: string, authorId: string): Promise<ServiceReport | null> => {
    const found = await repository.findById(id);
    if (!found) return null;
    if (found.row.liftId !== liftId || found.row.authorId !== authorId || found.row.deletedAt) {
      throw new HttpError(409, REPORT_MSG.reportIdTaken, { id: REPORT_MSG.reportIdTaken });
    }
    return found.report;
  };

  app.serve(serviceReportsApi.create, async (request, reply) => {
    const user = currentUser(request);
    const lift = await liftForUser(request.params.id, request);
    // Service men and staff write reports; customers and their admins sign and read them.
    if (!canAccess(user.role, 'serviceWork')) throw forbidden();
    const input = request.body;
    const again = await earlier(input.id, lift.id, user.id);
    if (again) return reply.code(200).send(again);

    const signedAt = new Date(input.signedAt);
    const now = Date.now();
    if (signedAt.getTime() > now + CLOCK_AHEAD_MS || signedAt.getTime() < now - OLDEST_SIGNATURE_MS) {
      throw new HttpError(400, REPORT_MSG.invalidSignedAt, { signedAt: REPORT_MSG.invalidSignedAt });
    }
    if (input.visitId && !(await repository.visitOfLift(input.visitId, lift.id))) {
      throw new HttpError(400, REPORT_MSG.visitNotFound, { visitId: REPORT_MSG.visitNotFound });
    }
    if (input.alarmId && !(await repository.alarmOfLift(input.alarmId, lift.id))) {
      throw new HttpError(400, REPORT_MSG.alarmNotFound, { alarmId: REPORT_MSG.alarmNotFound });
    }
    const photoIds = input.photoUrls.map((url) => PHOTO_ID.exec(url)?.[1] ?? '');
    const files = await repository.liftFilesByIds([...new Set(photoIds)], lift.id);
    if (files.length !== new Set(photoIds).size) {
      throw new HttpError(400, REPORT_MSG.photoNotFound, { photoUrls: REPORT_MSG.photoNotFound });
    }
    const signaturePng = Buffer.from(input.signature.slice(input.signature.indexOf(',') + 1), 'base64');
    if (signaturePng.subarray(1, 4).toString('latin1') !== 'PNG') {
      throw new HttpError(400, REPORT_MSG.signatureRequired, { signature: REPORT_MSG.signatureRequired });
    }
    // The photos' bytes, in the order taken; what pdfkit cannot draw (GIF) stays out of the PDF.
    const byId = new Map(files.map((file) => [file.id, file]));
    const photos: Buffer[] = [];
    for (const id of photoIds) {
      const file = byId.get(id);
      if (!file?.blobName || !['image/jpeg', 'image/png'].includes(file.type)) continue;
      const blob = await app.storage.readBlob(LIFT_FILES, file.blobName);
      if (blob) photos.push(await bytesOf(blob.body));
    }

    const pdfFor = (language: Language) =>
      reportPdf({
        language,
        company: app.settings.current().company,
        id: input.id,
        lift,
        cause: input.visitId ? 'visit' : input.alarmId ? 'alarm' : 'other',
        signedAt,
        authorName: user.displayName,
        minutesOnSite: input.minutesOnSite,
        liftInService: input.liftInService,
        workDone: input.workDone,
        parts: input.parts,
        photos,
        signerName: input.signerName,
        signaturePng,
      });

    const stored = await storeReport(lift, pdfFor);
    if (stored === 'taken') {
      // A resend that raced this one stored it first.
      const first = await earlier(input.id, lift.id, user.id);
      if (first) return reply.code(200).send(first);
      throw new HttpError(409, REPORT_MSG.reportIdTaken, { id: REPORT_MSG.reportIdTaken });
    }
    askLiftSeersToPull(app, [lift.id], 'reports');
    askLiftSeersToPull(app, [lift.id], 'files');
    return reply.code(201).send(stored);

    /**
     * The report, its PDF among the lift's files and a mail per customer, in one transaction: all
     * or nothing. 'taken' when the id was stored meanwhile.
     */
    async function storeReport(
      reportLift: ReportLift,
      pdfIn: (language: Language) => Promise<Buffer>,
    ): Promise<ServiceReport | 'taken'> {
      const fileId = randomUUID();
      const blobName = `${fileId}.pdf`;
      let blobWritten = false;
      try {
        const report = await app.db.transaction(async (tx) => {
          const reports = createServiceReportsRepository(tx);
          const inserted = await reports.insert({
            id: input.id,
            liftId: reportLift.id,
            visitId: input.visitId,
            alarmId: input.alarmId,
            workDone: input.workDone,
            parts: input.parts.map(({ name, quantity, ref }) => ({ name, quantity, ref })),
            minutesOnSite: input.minutesOnSite,
            photoUrls: input.photoUrls,
            liftInService: input.liftInService,
            signerName: input.signerName,
            signaturePng: signaturePng.toString('base64'),
            signedAt,
            authorId: user.id,
          });
          if (!inserted) return 'taken' as const;
          // The kept PDF in the language of the lift's first customer; each mail in its reader's.
          const keptLanguage = reportLift.customers[0]?.language ?? DEFAULT_LANGUAGE;
          const pdfs = new Map<Language, Buffer>();
          const pdf = async (language: Language) => {
            const made = pdfs.get(language) ?? (await pdfIn(language));
            pdfs.set(language, made);
            return made;
          };
          const kept = await pdf(keptLanguage);
          const day = berlinDay(signedAt);
          await app.storage.putBlob(LIFT_FILES, blobName, kept, 'application/pdf');
          blobWritten = true;
          const file = await createFilesRepository(tx).insert({
            id: fileId,
            uid: `service-report-${input.id}`,
            liftId: reportLift.id,
            name: reportFileName(keptLanguage, reportLift.uid, day),
            size: kept.length,
            type: 'application/pdf',
            url: liftFileContentPath(fileId),
            blobName,
            addedBy: user.id,
          });
          if (!file) throw new Error(`the PDF of report ${input.id} has a file already`);
          await reports.setPdf(input.id, fileId);
          const mails: OutgoingMessage[] = [];
          for (const customer of reportLift.customers) {
            const language = customer.language ?? DEFAULT_LANGUAGE;
            mails.push({
              channel: 'mail',
              kind: 'report',
              cause: `report:${input.id}`,
              userId: customer.id,
              liftId: reportLift.id,
              to: customer.email,
              mail: reportMail(language, {
                uid: reportLift.uid,
                address: reportLift.address,
                signerName: input.signerName,
                signedAt,
                liftInService: input.liftInService,
                url: `${options.publicUrl}/apps/lift/lifts/${reportLift.id}`,
              }),
              attachments: [
                {
                  filename: reportFileName(language, reportLift.uid, day),
                  contentType: 'application/pdf',
                  content: await pdf(language),
                },
              ],
            });
          }
          await app.outbox.enqueue(tx, mails);
          const found = await reports.findById(input.id);
          if (!found) throw new Error(`report ${input.id} vanished`);
          return found.report;
        });
        if (report !== 'taken') app.outbox.wake();
        return report;
      } catch (error) {
        // No row refers to the bytes: they go.
        if (blobWritten) await app.storage.deleteBlob(LIFT_FILES, blobName).catch(() => {});
        throw error;
      }
    }
  });

  app.serve(serviceReportsApi.lift, async (request) => {
    const lift = await liftForUser(request.params.id, request);
    return { reports: await repository.listByLift(lift.id) };
  });

  app.serve(serviceReportsApi.list, async (request) => {
    const { page, pageSize, liftId, authorId, from, to } = request.query;
    return repository.list(currentUser(request), { page, pageSize, liftId, authorId, from, to });
  });

  app.serve(serviceReportsApi.parts, async (request) => {
    const user = currentUser(request);
    const language = (user.settings.language ?? DEFAULT_LANGUAGE) as Language;
    return { choices: await repository.partChoices(language) };
  });
};
