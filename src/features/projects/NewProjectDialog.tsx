import { Button, HStack, IconButton, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { projectsApi } from '../../../contract/api/projects';
import { usersApi } from '../../../contract/api/users';
import type { Project } from '../../../contract/schemas/project';
import { useApiQuery } from '../../data/api/use-api';
import { useApiMutation } from '../../data/api/use-api-mutation';
import { useDirtyForm } from '../../data/dirty-forms';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { useBaseChoices } from '../../data/lookups/use-base-entries';
import { AppDialog } from '../../ui/AppDialog';
import { FormField } from '../../ui/FormField';
import { reportSaveError } from '../../ui/form-errors';
import { SelectInput } from '../../ui/SelectInput';
import { showToast } from '../../ui/toaster';

const isSent = (lift: LiftDraft) => Boolean(lift.stops || lift.loadKg || lift.driveType);

interface LiftDraft {
  stops: string;
  loadKg: string;
  driveType: string;
}

/** Requesting an offer (customer) or opening a project for a customer (admin). */
export function NewProjectDialog({
  open,
  staff,
  onClose,
  onCreated,
}: {
  open: boolean;
  staff: boolean;
  onClose: () => void;
  onCreated: (project: Project) => void;
}) {
  const { t, i18n } = useLingui();
  const customers = useApiQuery(usersApi.options, staff && open ? { query: { role: 'customer' } } : null);
  const driveTypes = useBaseChoices('driveType');
  const [name, setName] = useState('');
  const [siteAddress, setSiteAddress] = useState('');
  const [notes, setNotes] = useState('');
  const [userId, setUserId] = useState('');
  const [lifts, setLifts] = useState<LiftDraft[]>([{ stops: '', loadKg: '', driveType: '' }]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A request half typed counts as unsaved: going back or reloading asks first.
  const releaseForm = useDirtyForm(
    open &&
      (name !== '' ||
        siteAddress !== '' ||
        notes !== '' ||
        lifts.some((lift) => lift.stops !== '' || lift.loadKg !== '' || lift.driveType !== '')),
  );
  const register = useApiMutation(projectsApi.register);
  const error = (field: string) => (errors[field] ? translateServerMessage(i18n, errors[field]) : null);
  const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
  // Empty rows are not sent: the server's `lifts.<n>` counts only the rows before that are.
  const liftError = (index: number, field: keyof LiftDraft) =>
    error(`lifts.${lifts.slice(0, index).filter(isSent).length}.${field}`);

  const submit = async () => {
    setErrors({});
    try {
      const created = await register.mutate({
        body: {
          project: {
            name,
            siteAddress,
            notes,
            lifts: lifts.filter(isSent).map((lift) => ({
              stops: number(lift.stops),
              loadKg: number(lift.loadKg),
              driveType: lift.driveType || undefined,
            })),
          },
          ...(staff && userId ? { userId } : {}),
        },
      });
      showToast('success', t`Saved successfully`);
      setName('');
      setSiteAddress('');
      setNotes('');
      setLifts([{ stops: '', loadKg: '', driveType: '' }]);
      releaseForm();
      onCreated(created);
    } catch (failure) {
      reportSaveError<Record<string, string>>(failure, i18n, (field, problem) =>
        setErrors((current) => ({
          ...current,
          [String(field).replace(/^project\./, '')]: problem.message ?? '',
        })),
      );
    }
  };

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      size="lg"
      title={staff ? t`New project` : t`Request an offer`}
      footer={
        <HStack gap="2">
          <Button variant="outline" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button loading={register.pending} onClick={submit}>
            {staff ? <Trans>Create</Trans> : <Trans>Request offer</Trans>}
          </Button>
        </HStack>
      }
    >
      <Stack gap="4">
        {staff && (
          <FormField id="project-customer" label={t`Customer`} error={error('userId')} required>
            <SelectInput
              value={userId}
              onChange={(event) => setUserId(event.target.value)}
              options={[
                { value: '', label: t`Choose a customer` },
                ...(customers.data ?? []).map((option) => ({ value: option.id, label: option.label })),
              ]}
            />
          </FormField>
        )}
        <FormField id="project-name" label={t`Project name`} error={error('name')} required>
          <Input value={name} onChange={(event) => setName(event.target.value)} />
        </FormField>
        <FormField id="project-site" label={t`Site address`} error={error('siteAddress')}>
          <Input value={siteAddress} onChange={(event) => setSiteAddress(event.target.value)} />
        </FormField>
        <Stack gap="2">
          <Text fontWeight="medium" fontSize="sm">
            <Trans>New lifts</Trans>
          </Text>
          {lifts.map((lift, index) => (
            <SimpleGrid
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are only added and removed at their place
              key={index}
              columns={{ base: 1, sm: 4 }}
              gap="2"
              alignItems="end"
            >
              <FormField
                id={`project-lift-${index}-stops`}
                label={t`Stops`}
                error={liftError(index, 'stops')}
              >
                <Input
                  type="number"
                  min={0}
                  value={lift.stops}
                  onChange={(event) =>
                    setLifts(
                      lifts.map((item, i) => (i === index ? { ...item, stops: event.target.value } : item)),
                    )
                  }
                />
              </FormField>
              <FormField
                id={`project-lift-${index}-load`}
                label={t`Load (kg)`}
                error={liftError(index, 'loadKg')}
              >
                <Input
                  type="number"
                  min={0}
                  value={lift.loadKg}
                  onChange={(event) =>
                    setLifts(
                      lifts.map((item, i) => (i === index ? { ...item, loadKg: event.target.value } : item)),
                    )
                  }
                />
              </FormField>
              <FormField
                id={`project-lift-${index}-drive`}
                label={t`Drive type`}
                error={liftError(index, 'driveType')}
              >
                <SelectInput
                  value={lift.driveType}
                  onChange={(event) =>
                    setLifts(
                      lifts.map((item, i) =>
                        i === index ? { ...item, driveType: event.target.value } : item,
                      ),
                    )
                  }
                  options={[{ value: '', label: '—' }, ...driveTypes]}
                />
              </FormField>
              <IconButton
                variant="ghost"
                aria-label={t`Remove lift ${index + 1}`}
                onClick={() => setLifts(lifts.filter((_item, i) => i !== index))}
              >
                <Trash2 />
              </IconButton>
            </SimpleGrid>
          ))}
          <Button
            size="sm"
            variant="outline"
            alignSelf="flex-start"
            onClick={() => setLifts([...lifts, { stops: '', loadKg: '', driveType: '' }])}
          >
            <Plus aria-hidden="true" />
            <Trans>Add lift</Trans>
          </Button>
        </Stack>
        <FormField id="project-notes" label={t`Notes`} error={error('notes')}>
          <Textarea rows={3} value={notes} onChange={(event) => setNotes(event.target.value)} />
        </FormField>
      </Stack>
    </AppDialog>
  );
}
