import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { isNoteLink, MessageNotesSchema } from './message';

const notesWith = (urls: string[]) => v.safeParse(MessageNotesSchema, { title: 'Door', notes: '', urls });

describe('links on a note', () => {
  it('takes https addresses and the portal’s own files', () => {
    expect(isNoteLink('https://docs.example.com/manual.pdf')).toBe(true);
    expect(isNoteLink('/api/files/lift-files/photo.jpg')).toBe(true);
    expect(notesWith(['https://example.com/a', '/api/files/x.pdf']).success).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://example.com/plain',
    'vbscript:msgbox',
    'file:///etc/passwd',
    '//evil.example.com/x',
    '/api/files/../users',
    '/other/path',
    'not a url',
  ])('refuses %s with the https message on the field', (url) => {
    const parsed = notesWith([url]);
    expect(parsed.success).toBe(false);
    expect(parsed.issues?.[0]?.message).toBe(MSG.httpsLinksOnly);
  });
});
