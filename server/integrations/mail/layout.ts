/** A mail ready to send: plain text and a simple HTML part with the same content. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** Text for an HTML part: every character that could start markup is written as a reference. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A name someone typed (display names), as one line of plain text: line breaks, control and
 * direction-override characters become spaces, so it cannot start paragraphs of its own or turn
 * the text around. HTML is escaped where the mail is put together.
 */
export const oneLine = (name: string) => name.replace(/[\s\p{Cc}\u202A-\u202E\u2066-\u2069]+/gu, ' ').trim();

/** The parts of a portal mail, in the order they appear. */
export interface MailParts {
  subject: string;
  /**
   * The subject again as the mail's headline. It is always the portal's own text: names users
   * typed go only into the paragraphs, so a mail never opens with (nor is previewed as) them.
   */
  headline?: boolean;
  paragraphs: readonly string[];
  /** A two-column table of facts (label, value) after the paragraphs. */
  facts?: readonly (readonly [string, string])[];
  /** Paragraphs after the facts. */
  after?: readonly string[];
  /** One button-like link; `alarm` draws it red, `showUrl` writes the address under it too. */
  link?: { label: string; url: string; tone?: 'alarm'; showUrl?: boolean };
  /** Small print at the end. */
  notes?: readonly string[];
}

const BUTTON_COLOURS = { normal: '#2b6cb0', alarm: '#c53030' };
const SMALL = 'font-size:12px;color:#4a5568';

/** A paragraph of text; its line breaks stay line breaks. */
const paragraph = (text: string, style?: string) =>
  `<p${style ? ` style="${style}"` : ''}>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;

/** The one layout of every mail the portal sends, as plain text and as HTML with the same content. */
export function composeMail(parts: MailParts): MailContent {
  const { subject, paragraphs, facts = [], after = [], link, notes = [] } = parts;
  const text = [
    ...(parts.headline ? [subject] : []),
    ...paragraphs,
    ...(facts.length > 0 ? [facts.map(([label, value]) => `${label}: ${value}`).join('\n')] : []),
    ...after,
    ...(link ? [`${link.label}: ${link.url}`] : []),
    ...notes,
  ].join('\n\n');
  const background = BUTTON_COLOURS[link?.tone ?? 'normal'];
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#1a202c">',
    ...(parts.headline ? [`<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>`] : []),
    ...paragraphs.map((text) => paragraph(text)),
    ...(facts.length > 0
      ? [
          '<table style="border-collapse:collapse">',
          ...facts.map(
            ([label, value]) =>
              `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
          ),
          '</table>',
        ]
      : []),
    ...after.map((text) => paragraph(text)),
    ...(link
      ? [
          `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 16px;background:${background};color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(link.label)}</a></p>`,
          ...(link.showUrl ? [paragraph(link.url, SMALL)] : []),
        ]
      : []),
    ...notes.map((text) => paragraph(text, SMALL)),
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
