/** One sheet of an export: a name, a header row and the rows. */
export interface ExportSheet {
  name: string;
  header: string[];
  rows: (string | number | null)[][];
}

function download(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const csvCell = (value: string | number | null) => {
  if (value === null) return '';
  const text = String(value);
  // Quotes around anything with a separator, quote or line break; a leading = + - @ could run as a formula.
  const safe = /^[=+\-@]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",;\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The sheets one after another in one CSV file (UTF-8 with BOM, so spreadsheet programs read umlauts). */
export function exportCsv(sheets: ExportSheet[], fileName: string) {
  const text = sheets
    .map((sheet) =>
      [[sheet.name], sheet.header, ...sheet.rows].map((row) => row.map(csvCell).join(',')).join('\r\n'),
    )
    .join('\r\n\r\n');
  download(new Blob([`\uFEFF${text}\r\n`], { type: 'text/csv;charset=utf-8' }), fileName);
}

/** One worksheet per sheet; the library loads on the click, not with the page. */
export async function exportXlsx(sheets: ExportSheet[], fileName: string) {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const file = writeXlsxFile(
    sheets.map((sheet) => ({
      sheet: sheet.name.slice(0, 31),
      data: [
        sheet.header.map((value) => ({ value, fontWeight: 'bold' as const })),
        ...sheet.rows.map((row) => row.map((value) => (value === null ? null : { value }))),
      ],
    })),
  );
  download(await file.toBlob(), fileName);
}
