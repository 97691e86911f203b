import { Box } from '@chakra-ui/react';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, defaultHighlightStyle, foldGutter, syntaxHighlighting } from '@codemirror/language';
import { type Diagnostic, linter, lintGutter } from '@codemirror/lint';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { checkSettingsText } from '../../../contract/settings-check';
import { settingsProblemMessage } from './settings-messages';

/**
 * The settings document in CodeMirror 6: JSON highlighting and, as you type, the same check the
 * server runs (contract/settings-check.ts), marked on the line of the key. Loaded only with
 * /apps/json (route-level code splitting).
 */
export function SettingsEditor({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (text: string) => void;
  label: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  // The linter is made once with the editor: it reads the language of the moment through this.
  const { i18n } = useLingui();
  const language = useRef(i18n);
  language.current = i18n;
  // The editor is made once, with the text and label of the first render; later texts are synced below.
  const first = useRef({ value, label });

  useEffect(() => {
    if (!host.current) return;
    const schemaLint = linter((editor): Diagnostic[] => {
      const text = editor.state.doc.toString();
      const checked = checkSettingsText(text);
      if (checked.ok) return [];
      return checked.problems.map((problem) => ({
        from: Math.min(problem.from, text.length),
        to: Math.min(problem.from + 1, text.length),
        severity: 'error',
        message: `${problem.path ? `${problem.path}: ` : ''}${settingsProblemMessage(language.current, problem)}`,
      }));
    });
    view.current = new EditorView({
      doc: first.current.value,
      parent: host.current,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        foldGutter(),
        drawSelection(),
        highlightActiveLine(),
        bracketMatching(),
        syntaxHighlighting(defaultHighlightStyle),
        json(),
        lintGutter(),
        schemaLint,
        // Undo and redo, select all, and the usual editing keys; Tab indents (Escape, then Tab,
        // leaves the editor: CodeMirror's way of keeping keyboard users from being trapped).
        history(),
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        // In the Tab order as it is anyway (editable), said outright: checkers such as axe count
        // only a tabindex, and would take the scrolling editor for a box the keyboard cannot reach.
        EditorView.contentAttributes.of({ 'aria-label': first.current.label, tabindex: '0' }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) changed.current(update.state.doc.toString());
        }),
      ],
    });
    return () => {
      view.current?.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  return (
    <Box
      ref={host}
      borderWidth="1px"
      borderRadius="l2"
      overflow="hidden"
      fontSize="sm"
      css={{
        '& .cm-editor': { maxHeight: '60vh', minHeight: '16rem' },
        '& .cm-scroller': { overflow: 'auto' },
      }}
    />
  );
}
