import {
  decimalOfCents,
  type Folder,
  type Resource,
  type Subfolder,
  type Template,
} from '../../../contract/schemas/tableau';
import type {
  TableauFolderRow,
  TableauResourceRow,
  TableauSubfolderRow,
  TableauTemplateRow,
} from '../../db/schema/tableau';
import { SYSTEM_CONTAINERS } from '../../integrations/blob/storage';

/** The stable URL of a blob in a public container (server/modules/storage: `storage.blob`). */
export const publicBlobUrl = (container: string, name: string) =>
  `/api/storage/${container}/${encodeURIComponent(name)}`;

export const toFolder = (row: TableauFolderRow, subfolderCount: number): Folder => ({
  id: row.id,
  name: row.name,
  notes: row.notes,
  userId: row.userId,
  isPublic: row.isPublic,
  subfolderCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toSubfolder = (
  row: TableauSubfolderRow,
  isPublic: boolean,
  resourceCount: number,
): Subfolder => ({
  id: row.id,
  folderId: row.folderId,
  name: row.name,
  price: decimalOfCents(row.priceCents),
  priceCents: row.priceCents,
  number: row.number,
  userId: row.userId,
  isPublic,
  resourceCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toResource = (row: TableauResourceRow): Resource => ({
  id: row.id,
  subfolderId: row.subfolderId,
  name: row.name,
  url: publicBlobUrl(SYSTEM_CONTAINERS.tableauResources, row.blobName),
  thumbnailUrl: publicBlobUrl(SYSTEM_CONTAINERS.tableauResources, row.thumbnailName),
  contentType: row.contentType,
  width: row.width,
  height: row.height,
  widthMm: row.widthMm,
  heightMm: row.heightMm,
  createdAt: row.createdAt.toISOString(),
});

export const toTemplate = (row: TableauTemplateRow): Template => ({
  id: row.id,
  name: row.name,
  description: row.description,
  type: row.type,
  data: row.data,
  previewUrl: row.previewName ? publicBlobUrl(SYSTEM_CONTAINERS.tableauPreviews, row.previewName) : null,
  userId: row.userId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
