import { Badge, Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { diffLines } from 'diff';
import { History, RotateCcw, Save } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import {
  type SettingsDocument,
  type SettingsProblem,
  type SettingsVersion,
  settingsApi,
} from '../../../contract/api/settings';
import { ApiRequestError } from '../../data/api/api-error';
import { call, send } from '../../data/api/http';
import { useApiQuery } from '../../data/api/use-api';
import { reportSaveError, useWarnOnLoadFailure } from '../../ui/form-errors';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { showToast } from '../../ui/toaster';
import { SettingsEditor } from './SettingsEditor';
import { settingsProblemMessage } from './settings-messages';

/** Line by line what a version would change against the text in the editor. */
function VersionDiff({ from, to }: { from: string; to: string }) {
  const parts = useMemo(() => diffLines(from, to), [from, to]);
  return (
    <Box
      as="pre"
      fontFamily="mono"
      fontSize="xs"
      borderWidth="1px"
      borderRadius="l2"
      padding="2"
      overflowX="auto"
      maxHeight="50vh"
      overflowY="auto"
    >
      {parts.map((part, index) => {
        const sign = part.added ? '+' : part.removed ? '-' : ' ';
        const lines = part.value.replace(/\n$/, '').split('\n');
        return (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff never move
            key={index}
            bg={part.added ? 'green.subtle' : part.removed ? 'red.subtle' : undefined}
            color={part.added ? 'green.fg' : part.removed ? 'red.fg' : undefined}
          >
            {lines.map((line) => `${sign} ${line}`).join('\n')}
          </Box>
        );
      })}
    </Box>
  );
}

/** `/apps/json`: the portal's settings document, its versions and a diff of each (docs/settings.md). */
export function SettingsPage() {
  const { t, i18n } = useLingui();
  const documentQuery = useApiQuery(settingsApi.read, {});
  const versionsQuery = useApiQuery(settingsApi.versions, {});
  useWarnOnLoadFailure(documentQuery.status === 'failed' ? documentQuery.error : null);
  const [text, setText] = useState<string | null>(null);
  const [problems, setProblems] = useState<SettingsProblem[]>([]);
  const [saving, setSaving] = useState(false);
  const [compared, setCompared] = useState<SettingsVersion | null>(null);
  const stored = documentQuery.data?.data ?? null;

  useEffect(() => {
    if (stored !== null) setText((current) => current ?? stored);
  }, [stored]);

  if (documentQuery.status === 'failed' && !documentQuery.data)
    return <LoadFailure error={documentQuery.error} />;
  if (text === null || !documentQuery.data) return <Loading />;

  const afterSave = (data: string) => {
    setText(data);
    setProblems([]);
    documentQuery.reload();
    versionsQuery.reload();
  };

  const save = async () => {
    setSaving(true);
    try {
      // Read raw: the 400's `problems` (line, column, key) are beyond the shared error shape.
      const response = await send(settingsApi.write, { body: { data: text } }, { throwHttpErrors: false });
      const body = (await response.json().catch(() => ({}))) as Partial<SettingsDocument> & {
        message?: string;
        problems?: SettingsProblem[];
      };
      if (response.ok && typeof body.data === 'string') {
        afterSave(body.data);
        showToast('success', t`Saved successfully`);
        return;
      }
      setProblems(Array.isArray(body.problems) ? body.problems : []);
      reportSaveError(new ApiRequestError(response.status, { message: body.message ?? '' }), i18n);
    } catch (error) {
      reportSaveError(error, i18n);
    } finally {
      setSaving(false);
    }
  };

  const restore = async (version: SettingsVersion) => {
    try {
      const restored = await call(settingsApi.restore, { body: { versionId: version.id } });
      afterSave(restored.data);
      setCompared(null);
      showToast('success', t`Version ${version.id} restored`);
    } catch (error) {
      reportSaveError(error, i18n);
    }
  };

  const versions = versionsQuery.data?.versions ?? [];
  const dirty = text !== documentQuery.data.data;
  return (
    <Stack gap="4">
      <PageTitle title={t`JSON`} />
      <Text color="fg.muted" fontSize="sm">
        <Trans>
          The portal's settings: SIM low-volume threshold, offline time of controllers, maintenance intervals,
          alarm escalation and the top-up offer. Keys left out keep their defaults.
        </Trans>
      </Text>
      <SettingsEditor value={text} onChange={setText} label={t`Settings document (JSON)`} />
      {problems.length > 0 && (
        <Box role="alert" borderWidth="1px" borderColor="border.error" borderRadius="l2" padding="3">
          <Stack gap="1" as="ul" listStyleType="none">
            {problems.map((problem) => (
              <Text as="li" key={`${problem.line}:${problem.column}:${problem.path}`} fontSize="sm">
                <Trans>
                  Line {problem.line}, column {problem.column}
                </Trans>
                {problem.path ? ` · ${problem.path}` : ''}: {settingsProblemMessage(i18n, problem)}
              </Text>
            ))}
          </Stack>
        </Box>
      )}
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontSize="sm" color="fg.muted">
          {documentQuery.data.versionId === null ? (
            <Trans>Defaults in force, never saved.</Trans>
          ) : (
            <Trans>
              Version {documentQuery.data.versionId} in force, saved by {documentQuery.data.updatedBy ?? '—'}
            </Trans>
          )}
        </Text>
        <HStack gap="2">
          <Button
            variant="outline"
            disabled={!dirty}
            onClick={() => setText(documentQuery.data?.data ?? text)}
          >
            <Trans>Reset</Trans>
          </Button>
          <Button onClick={save} loading={saving} disabled={!dirty}>
            <Save aria-hidden="true" />
            <Trans>Save</Trans>
          </Button>
        </HStack>
      </HStack>

      <Stack gap="2">
        <HStack as="h2" fontWeight="semibold" fontSize="lg" gap="2">
          <History aria-hidden="true" size="18" />
          <Trans>Versions</Trans>
        </HStack>
        {versions.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            <Trans>No versions saved yet.</Trans>
          </Text>
        ) : (
          <Table.ScrollArea borderWidth="1px" borderRadius="l2">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>
                    <Trans>Version</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Saved</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>By</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <Trans>Actions</Trans>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {versions.map((version) => (
                  <Table.Row key={version.id}>
                    <Table.Cell>
                      <HStack gap="1">
                        <Text>{version.id}</Text>
                        {version.id === documentQuery.data?.versionId && (
                          <Badge colorPalette="green" variant="subtle">
                            <Trans>in force</Trans>
                          </Badge>
                        )}
                        {version.restoredFrom !== null && (
                          <Badge variant="subtle">
                            <Trans>restored from {version.restoredFrom}</Trans>
                          </Badge>
                        )}
                      </HStack>
                    </Table.Cell>
                    <Table.Cell>{new Date(version.createdAt).toLocaleString(i18n.locale)}</Table.Cell>
                    <Table.Cell>{version.createdBy ?? '—'}</Table.Cell>
                    <Table.Cell textAlign="end">
                      <HStack justify="flex-end" gap="1">
                        <Button
                          size="xs"
                          variant="outline"
                          aria-pressed={compared?.id === version.id}
                          onClick={() => setCompared(compared?.id === version.id ? null : version)}
                        >
                          <Trans>Compare</Trans>
                        </Button>
                        <Button size="xs" variant="outline" onClick={() => restore(version)}>
                          <RotateCcw aria-hidden="true" />
                          <Trans>Restore</Trans>
                        </Button>
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
        {compared && (
          <Stack gap="1">
            <Text fontSize="sm">
              <Trans>Changes from the editor's text to version {compared.id}:</Trans>
            </Text>
            <VersionDiff from={text} to={compared.data} />
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
