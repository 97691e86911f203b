import { type SheetLanguage, toCsv } from '../../contract/spreadsheet';

/** One sheet of an export (analytics, the inspections list): a name, a header row and the rows. */
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

/**
 * The sheets one after another in one CSV file in the user's language (contract/spreadsheet.ts):
 * `;` and decimal commas in German, so German Excel opens it in columns; UTF-8 with BOM.
 */
export function exportCsv(sheets: ExportSheet[], fileName: string, language: SheetLanguage) {
  const rows = sheets.flatMap((sheet, index) => [
    ...(index > 0 ? [[]] : []),
    [sheet.name],
    sheet.header,
    ...sheet.rows,
  ]);
  download(new Blob([toCsv(rows, language)], { type: 'text/csv;charset=utf-8' }), fileName);
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
