import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { tableauApi } from '../../../contract/api/tableau';
import { FILE_MSG } from '../../../contract/file-messages';
import { MSG } from '../../../contract/messages';
import {
  DEFAULT_PIXELS_PER_MM,
  emptyLayout,
  folderInputUserId,
  ResourceFormSchema,
  type TemplateLayout,
} from '../../../contract/schemas/tableau';
import { TABLEAU_MSG } from '../../../contract/tableau-messages';
import { SYSTEM_CONTAINERS } from '../../integrations/blob/storage';
import { forbidden, HttpError } from '../../lib/http-error';
import { formPart, formText } from '../../lib/multipart';
import { currentUser } from '../../plugins/auth';
import { RequestValidationError, toFieldErrors } from '../../plugins/validation';
import { readForm } from '../storage/upload-form';
import { billOfMaterials, bomCsv, bomPdf } from './bom';
import { createTableauRepository, isArticleNumberConflict } from './tableau.repository';
import { readBlobBytes, removeBlobs, storePartImage } from './tableau-images';
import { toResource, toTemplate } from './tableau-mapper';
import { createPreviewDrawer, decodePreview, isDrawnPreview } from './tableau-preview';

export interface TableauRoutesOptions {
  /** Largest upload in bytes (`FILE_MAX_MB`). */
  fileMaxBytes: number;
}

const FORM_OVERHEAD_BYTES = 64 * 1024;
const RESOURCES = SYSTEM_CONTAINERS.tableauResources;
const PREVIEWS = SYSTEM_CONTAINERS.tableauPreviews;

const folderNotFound = () => new HttpError(404, TABLEAU_MSG.folderNotFound);
const subfolderNotFound = () => new HttpError(404, TABLEAU_MSG.subfolderNotFound);
const resourceNotFound = () => new HttpError(404, TABLEAU_MSG.resourceNotFound);
const templateNotFound = () => new HttpError(404, TABLEAU_MSG.templateNotFound);
const numberTaken = () =>
  new HttpError(400, TABLEAU_MSG.articleNumberTaken, { number: TABLEAU_MSG.articleNumberTaken });

/** The tableau library (docs/tableau.md): admins and above; folders scoped by owner and visibility. */
export const tableauRoutes: FastifyPluginAsync<TableauRoutesOptions> = async (app, options) => {
  const repo = createTableauRepository(app.db);
  const storage = app.storage;
  const previews = createPreviewDrawer(repo, storage, app.log);
  // Templates stored before the portal drew previews get theirs (docs/tableau.md#previews).
  await previews.drawMissing();

  // --- folders ---------------------------------------------------------------------------------
  app.serve(tableauApi.folders, async (request) => ({
    folders: await repo.listFolders(currentUser(request), request.query.scope),
  }));

  app.serve(tableauApi.folder, async (request) => {
    const found = await repo.findFolder(request.params.id, currentUser(request));
    if (!found) throw folderNotFound();
    return found.folder;
  });

  app.serve(tableauApi.registerFolder, async (request, reply) => {
    const user = currentUser(request);
    const input = request.body;
    const named = folderInputUserId(input);
    // A folder belongs to whoever creates it: nobody makes folders in another admin's name.
    if (named && named !== user.id) throw forbidden();
    // `{name, notes, user}` names a private folder of the user; `{name, userId, isPublic}` says it.
    const isPublic = input.isPublic ?? !(input.user !== undefined && input.user !== null);
    const folder = await repo.insertFolder({
      name: input.name,
      notes: input.notes ?? '',
      userId: user.id,
      isPublic,
    });
    return reply.code(201).send(folder);
  });

  app.serve(tableauApi.updateFolder, async (request) => {
    const user = currentUser(request);
    const found = await repo.findFolder(request.params.id, user);
    if (!found) throw folderNotFound();
    const input = request.body;
    const named = folderInputUserId(input);
    if (named && named !== found.row.userId) throw forbidden();
    const isPublic = input.isPublic ?? found.row.isPublic;
    // Only the owner turns a shared folder into his own or shares his own.
    if (isPublic !== found.row.isPublic && found.row.userId !== user.id) {
      throw new HttpError(403, TABLEAU_MSG.folderNotYours);
    }
    const folder = await repo.updateFolder(
      found.row.id,
      { name: input.name, notes: input.notes ?? found.row.notes, isPublic },
      user,
    );
    if (!folder) throw folderNotFound();
    return folder;
  });

  app.serve(tableauApi.removeFolder, async (request) => {
    const deleted = await repo.deleteFolders([request.params.id], currentUser(request));
    if (deleted === 'notEmpty') throw new HttpError(409, TABLEAU_MSG.folderCannotDelete);
    if (deleted === 0) throw folderNotFound();
    return { message: MSG.deleted };
  });

  app.serve(tableauApi.deleteFolders, async (request) => {
    const deleted = await repo.deleteFolders(request.body.ids, currentUser(request));
    if (deleted === 'notEmpty') throw new HttpError(409, TABLEAU_MSG.folderCannotDelete);
    return { message: MSG.deleted, count: deleted };
  });

  // --- subfolders (articles) ---------------------------------------------------------------
  app.serve(tableauApi.subfolders, async (request) => ({
    subfolders: await repo.listSubfolders(currentUser(request), request.query),
  }));

  app.serve(tableauApi.subfolder, async (request) => {
    const found = await repo.findSubfolder(request.params.id, currentUser(request));
    if (!found) throw subfolderNotFound();
    return found;
  });

  /** Writes an article, turning the folder's unique article number into a field error. */
  const numberUnique = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (isArticleNumberConflict(error)) throw numberTaken();
      throw error;
    }
  };

  app.serve(tableauApi.registerSubfolder, async (request, reply) => {
    const user = currentUser(request);
    const input = request.body;
    if (!(await repo.findFolder(input.folderId, user))) throw folderNotFound();
    const created = await numberUnique(() =>
      repo.insertSubfolder(
        {
          folderId: input.folderId,
          name: input.name,
          number: input.number,
          priceCents: input.price ?? input.priceCents ?? 0,
          userId: user.id,
        },
        user,
      ),
    );
    return reply.code(201).send(created);
  });

  app.serve(tableauApi.updateSubfolder, async (request) => {
    const user = currentUser(request);
    const input = request.body;
    const found = await repo.findSubfolder(request.params.id, user);
    if (!found) throw subfolderNotFound();
    // Moving an article: the target folder must be one the caller sees too.
    if (input.folderId !== found.folderId && !(await repo.findFolder(input.folderId, user))) {
      throw folderNotFound();
    }
    const updated = await numberUnique(() =>
      repo.updateSubfolder(
        found.id,
        {
          folderId: input.folderId,
          name: input.name,
          number: input.number,
          priceCents: input.price ?? input.priceCents ?? found.priceCents,
        },
        user,
      ),
    );
    if (!updated) throw subfolderNotFound();
    return updated;
  });

  app.serve(tableauApi.deleteSubfolders, async (request) => {
    const { count, blobs } = await repo.deleteSubfolders(request.body.ids, currentUser(request));
    await removeBlobs(storage, RESOURCES, blobs);
    return { message: MSG.deleted, count };
  });

  // --- resources (part images) -----------------------------------------------------------
  app.serve(tableauApi.resources, async (request) => ({
    resources: await repo.listResources(currentUser(request)),
  }));

  app.serve(tableauApi.resourcesBySubfolder, async (request) => {
    const user = currentUser(request);
    if (!(await repo.findSubfolder(request.query.subfolderId, user))) throw subfolderNotFound();
    return { resources: await repo.listResources(user, request.query.subfolderId) };
  });

  app.serve(tableauApi.resource, async (request) => {
    const row = await repo.findResource(request.params.id, currentUser(request));
    if (!row) throw resourceNotFound();
    return toResource(row);
  });

  app.serve(tableauApi.updateResource, async (request) => {
    const user = currentUser(request);
    const row = await repo.findResource(request.params.id, user);
    if (!row) throw resourceNotFound();
    const input = request.body;
    if (input.subfolderId && !(await repo.findSubfolder(input.subfolderId, user))) throw subfolderNotFound();
    const updated = await repo.updateResource(row.id, {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.subfolderId !== undefined && { subfolderId: input.subfolderId }),
      ...(input.widthMm !== undefined && { widthMm: input.widthMm }),
      ...(input.heightMm !== undefined && { heightMm: input.heightMm }),
    });
    if (!updated) throw resourceNotFound();
    return updated;
  });

  app.serve(tableauApi.deleteResources, async (request) => {
    const { count, blobs } = await repo.deleteResources(request.body.ids, currentUser(request));
    await removeBlobs(storage, RESOURCES, blobs);
    return { message: MSG.deleted, count };
  });

  // --- templates -------------------------------------------------------------------------
  /** Elements may name only articles that exist: a field error on each that does not. */
  const checkArticles = async (layout: TemplateLayout) => {
    const named = [
      ...new Set(layout.elements.flatMap((element) => (element.subfolderId ? [element.subfolderId] : []))),
    ];
    const existing = await repo.existingSubfolderIds(named);
    const fieldErrors: Record<string, typeof TABLEAU_MSG.layoutUnknownArticle> = {};
    layout.elements.forEach((element, index) => {
      if (element.subfolderId && !existing.has(element.subfolderId)) {
        fieldErrors[`data.elements.${index}.subfolderId`] = TABLEAU_MSG.layoutUnknownArticle;
      }
    });
    if (Object.keys(fieldErrors).length > 0) throw new HttpError(400, TABLEAU_MSG.layoutInvalid, fieldErrors);
  };

  app.serve(tableauApi.templates, async () => ({ templates: await repo.listTemplates() }));

  app.serve(tableauApi.templatesByType, async (request) => ({
    templates: await repo.listTemplates(request.query.type),
  }));

  app.serve(tableauApi.template, async (request) => {
    const row = await repo.findTemplate(request.params.id);
    if (!row) throw templateNotFound();
    return toTemplate(row);
  });

  app.serve(tableauApi.registerTemplate, async (request, reply) => {
    const input = request.body;
    const data = input.data ?? emptyLayout(input.type);
    await checkArticles(data);
    const template = await repo.insertTemplate({
      name: input.name,
      description: input.description,
      type: input.type,
      data,
      userId: currentUser(request).id,
    });
    // Saved without a preview: the portal draws one until the editor uploads its own.
    return reply.code(201).send((await previews.draw(template.id, null, data)) ?? template);
  });

  app.serve(tableauApi.updateTemplate, async (request) => {
    const input = request.body;
    const row = await repo.findTemplate(request.params.id);
    if (!row) throw templateNotFound();
    if (input.data) await checkArticles(input.data);
    const template = await repo.updateTemplate(row.id, {
      name: input.name,
      description: input.description,
      type: input.type,
      ...(input.data && { data: input.data }),
    });
    if (!template) throw templateNotFound();
    // None yet, or a drawn one of the layout before: drawn (again) from the layout saved.
    if (row.previewName === null || (input.data && isDrawnPreview(row.previewName))) {
      return (await previews.draw(template.id, row.previewName, template.data)) ?? template;
    }
    return template;
  });

  app.serve(tableauApi.deleteTemplates, async (request) => {
    const { count, previews } = await repo.deleteTemplates(request.body.ids);
    await removeBlobs(storage, PREVIEWS, previews);
    return { message: MSG.deleted, count };
  });

  app.serve(tableauApi.templateBom, async (request, reply) => {
    const row = await repo.findTemplate(request.params.id);
    if (!row) throw templateNotFound();
    const template = toTemplate(row);
    const ids = [
      ...new Set(
        template.data.elements.flatMap((element) => (element.subfolderId ? [element.subfolderId] : [])),
      ),
    ];
    const bom = billOfMaterials(template, await repo.subfoldersForBom(ids, currentUser(request)));
    const { format, lang } = request.query;
    const fileBase = `bom-${template.name.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60) || template.id}`;
    if (format === 'csv') {
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileBase}.csv"`)
        .send(bomCsv(bom, lang));
    }
    if (format === 'pdf') {
      const preview = row.previewName ? await readBlobBytes(storage, PREVIEWS, row.previewName) : null;
      const pdf = await bomPdf(bom, preview, lang);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileBase}.pdf"`)
        .send(pdf);
    }
    return bom;
  });

  // --- uploads: in a scope of their own, the only routes here that take a multipart form -----
  await app.register(async (upload) => {
    upload.addContentTypeParser(
      /^multipart\/form-data/i,
      { parseAs: 'buffer', bodyLimit: options.fileMaxBytes + FORM_OVERHEAD_BYTES },
      (_request, body, done) => done(null, body),
    );
    upload.setErrorHandler((error: FastifyError) => {
      throw error.statusCode === 413 ? new HttpError(413, FILE_MSG.fileTooLarge) : error;
    });

    upload.serve(
      tableauApi.registerResource,
      async (request, reply) => {
        const user = currentUser(request);
        const form = readForm(request);
        const fields = v.safeParse(ResourceFormSchema, {
          subfolderId: formText(form, 'subfolderId'),
          name: formText(form, 'name') || undefined,
          widthMm: formText(form, 'widthMm') || undefined,
          heightMm: formText(form, 'heightMm') || undefined,
        });
        if (!fields.success) throw new RequestValidationError('body', toFieldErrors(fields.issues));
        const { subfolderId } = fields.output;
        if (!(await repo.findSubfolder(subfolderId, user))) throw subfolderNotFound();
        const part = formPart(form, 'file');
        if (!part || part.data.length === 0)
          throw new HttpError(400, MSG.invalidRequest, { file: MSG.required });
        if (part.data.length > options.fileMaxBytes) throw new HttpError(413, FILE_MSG.fileTooLarge);
        const stored = await storePartImage(storage, part.data);
        if (!stored) throw new HttpError(415, MSG.imageTypeInvalid, { file: MSG.imageTypeInvalid });
        const name =
          fields.output.name ||
          (part.fileName ?? '').replace(/\.[A-Za-z0-9]{1,5}$/, '').slice(0, 200) ||
          'image';
        try {
          const resource = await repo.insertResource({
            id: randomUUID(),
            subfolderId,
            name,
            blobName: stored.blobName,
            thumbnailName: stored.thumbnailName,
            contentType: stored.contentType,
            width: stored.width,
            height: stored.height,
            widthMm: fields.output.widthMm ?? stored.width / DEFAULT_PIXELS_PER_MM,
            heightMm: fields.output.heightMm ?? stored.height / DEFAULT_PIXELS_PER_MM,
          });
          return reply.code(201).send(resource);
        } catch (error) {
          // No row refers to the bytes: they go (the article may have been deleted meanwhile).
          await removeBlobs(storage, RESOURCES, [stored.blobName, stored.thumbnailName]);
          throw error;
        }
      },
      { bodyLimit: options.fileMaxBytes + FORM_OVERHEAD_BYTES },
    );

    upload.serve(
      tableauApi.templatePreview,
      async (request) => {
        const row = await repo.findTemplate(request.params.id);
        if (!row) throw templateNotFound();
        const part = formPart(readForm(request), 'file');
        if (!part || part.data.length === 0)
          throw new HttpError(400, MSG.invalidRequest, { file: MSG.required });
        if (part.data.length > options.fileMaxBytes) throw new HttpError(413, FILE_MSG.fileTooLarge);
        // Decoded whole: a PNG whose pixels do not read would fail every PDF that embeds it.
        const png = await decodePreview(part.data);
        if (!png) throw new HttpError(415, MSG.imageTypeInvalid, { file: MSG.imageTypeInvalid });
        const previewName = `${randomUUID()}.png`;
        await storage.putBlob(PREVIEWS, previewName, png, 'image/png');
        const template = await repo.updateTemplate(row.id, { previewName });
        if (!template) {
          await removeBlobs(storage, PREVIEWS, [previewName]);
          throw templateNotFound();
        }
        if (row.previewName) await removeBlobs(storage, PREVIEWS, [row.previewName]);
        return template;
      },
      { bodyLimit: options.fileMaxBytes + FORM_OVERHEAD_BYTES },
    );
  });
};
