import { Input, Stack, Textarea } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { maintenanceApi } from '../../../contract/api/maintenance';
import { berlinDay } from '../../../contract/maintenance';
import { MaintenanceVisitInputSchema } from '../../../contract/schemas/maintenance';
import { call } from '../../data/http';
import { enqueueChange, LOCAL_ID_PREFIX, newIdempotencyKey, outboxCall } from '../../data/mirror/outbox';
import { requestSync } from '../../data/mirror/sync-status';
import { useMirror } from '../../data/mirror/use-mirror';
import { translateServerMessage } from '../../data/server-messages';
import { getSession } from '../../data/session';
import { FormActions } from '../../ui/ActionButtons';
import { AppDialog } from '../../ui/AppDialog';
import { FormField } from '../../ui/FormField';
import { reportSaveError } from '../../ui/form-errors';
import { showToast } from '../../ui/toaster';
import './analytics-messages';

interface FormValues {
  visitedOn: string;
  workDone: string;
  notes: string;
  photoUrls: string;
}

/** Photo links one per line, checked by the same schema as the server's. */
const FormSchema = v.object({
  visitedOn: MaintenanceVisitInputSchema.entries.visitedOn,
  workDone: MaintenanceVisitInputSchema.entries.workDone,
  notes: MaintenanceVisitInputSchema.entries.notes.wrapped,
  photoUrls: v.pipe(
    v.string(),
    v.transform((text) =>
      text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    ),
    MaintenanceVisitInputSchema.entries.photoUrls.wrapped,
  ),
});

/**
 * Records a maintenance visit. With the mirror, through the outbox: shown at once and sent when the
 * server can be reached (in the shaft without signal too); otherwise straight to the API. Either
 * way one Idempotency-Key per visit, so a retried send is stored once.
 */
export function RecordVisitDialog({
  liftId,
  open,
  onClose,
  onSaved,
}: {
  liftId: string;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useLingui();
  const key = useRef(newIdempotencyKey());
  const mirror = useMirror();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, v.InferOutput<typeof FormSchema>>({
    resolver: valibotResolver(FormSchema),
    defaultValues: { visitedOn: berlinDay(), workDone: '', notes: '', photoUrls: '' },
  });
  const message = (text: string | undefined) => (text ? translateServerMessage(i18n, text) : null);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const lift = await mirror?.lifts.get(liftId);
      if (mirror && lift) {
        const id = `${LOCAL_ID_PREFIX}${key.current}`;
        const now = new Date().toISOString();
        const { user, claims } = getSession();
        await enqueueChange(mirror, {
          ...outboxCall(maintenanceApi.record, { params: { id: liftId }, body: values }),
          entity: 'visit',
          entityId: id,
          effect: 'create',
          row: {
            id,
            liftId,
            ...values,
            trips: lift.stats.trips,
            operatingHours: lift.stats.operatingHours,
            recordedBy: claims?.sub ?? null,
            recordedByName: user?.displayName ?? null,
            createdAt: now,
            version: 0,
            updatedAt: now,
          },
        });
        requestSync('user');
      } else {
        await call(
          maintenanceApi.record,
          { params: { id: liftId }, body: values },
          { headers: { 'Idempotency-Key': key.current } },
        );
      }
      showToast(
        'success',
        navigator.onLine
          ? t`Maintenance visit recorded`
          : t`Saved on this device; it is sent when the server can be reached.`,
      );
      key.current = newIdempotencyKey();
      reset();
      onSaved();
      onClose();
    } catch (error) {
      reportSaveError(error, i18n, setError as never);
    }
  });

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={t`Record a maintenance visit`}
      footer={<FormActions onCancel={onClose} saving={isSubmitting} form="record-visit-form" />}
    >
      <form id="record-visit-form" onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormField
            id="visit-date"
            label={t`Date of the visit`}
            error={message(errors.visitedOn?.message)}
            required
          >
            <Input type="date" max={berlinDay()} {...register('visitedOn')} />
          </FormField>
          <FormField id="visit-work" label={t`Work done`} error={message(errors.workDone?.message)} required>
            <Textarea rows={3} {...register('workDone')} />
          </FormField>
          <FormField id="visit-notes" label={t`Notes`} error={message(errors.notes?.message)}>
            <Textarea rows={3} {...register('notes')} />
          </FormField>
          <FormField
            id="visit-photos"
            label={t`Photo links (one per line)`}
            error={message(errors.photoUrls?.message)}
          >
            <Textarea rows={2} placeholder="https://…" {...register('photoUrls')} />
          </FormField>
        </Stack>
      </form>
    </AppDialog>
  );
}
