import { startAzurite } from '../../../tests/server/helpers/azurite';
import type { Environment } from '../../config';

/** Test fixtures: a multipart/form-data body as a browser's FormData sends it. */
export function formData(
  fields: Record<string, string>,
  file?: { field?: string; fileName: string; type: string; content: Buffer },
) {
  const boundary = `----lift-portal-test-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.fileName}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A storage backend for a test app: its environment, and how to stop what was started for it. */
export interface StorageBackend {
  name: string;
  start(): Promise<{ env: Environment; stop(): Promise<void> }>;
}

export const STORAGE_BACKENDS: StorageBackend[] = [
  { name: 'files in DATA_DIR', start: async () => ({ env: {}, stop: async () => {} }) },
  {
    name: 'Azure Blob Storage (Azurite)',
    async start() {
      const azurite = await startAzurite();
      return { env: { AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString }, stop: azurite.close };
    },
  },
];

export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< >>\n%%EOF\n', 'latin1');
export const WEBP_BYTES = Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1');
