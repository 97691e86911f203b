import { Input, Stack, Textarea } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { maintenanceApi } from '../../../contract/api/maintenance';
import { berlinDay } from '../../../contract/maintenance';
import { MaintenanceVisitInputSchema } from '../../../contract/schemas/maintenance';
import { call } from '../../data/api/http';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { enqueueChange, LOCAL_ID_PREFIX, newIdempotencyKey, outboxCall } from '../../data/mirror/outbox';
import { requestSync } from '../../data/mirror/sync-status';
import { dropUpload, uidOfRef } from '../../data/mirror/uploads';
import { useMirror } from '../../data/mirror/use-mirror';
import { getSession } from '../../data/session/session';
import { FormActions } from '../../ui/ActionButtons';
import { AppDialog } from '../../ui/AppDialog';
import { FormField } from '../../ui/FormField';
import { reportSaveError } from '../../ui/form-errors';
import { PhotosField } from '../../ui/Photos';
import { showToast } from '../../ui/toaster';

interface FormValues {
  visitedOn: string;
  workDone: string;
  notes: string;
}

/** Checked by the same schema as the server's; the photos are taken apart (src/ui/Photos.tsx). */
const FormSchema = v.object({
  visitedOn: MaintenanceVisitInputSchema.entries.visitedOn,
  workDone: MaintenanceVisitInputSchema.entries.workDone,
  notes: MaintenanceVisitInputSchema.entries.notes.wrapped,
});

/**
 * Records a maintenance visit. With the mirror, through the outbox: shown at once and sent when the
 * server can be reached (in the shaft without signal too); otherwise straight to the API. Either
 * way one Idempotency-Key per visit, so a retried send is stored once. Photos wait on the device as
 * uploads, named `upload:<uid>` in the body; the outbox sends the visit once they are stored, with
 * their file URLs in place (docs/files.md#offline).
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
  const [photos, setPhotos] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, v.InferOutput<typeof FormSchema>>({
    resolver: valibotResolver(FormSchema),
    defaultValues: { visitedOn: berlinDay(), workDone: '', notes: '' },
  });
  // Cancelled: the photos taken for this visit are not uploaded.
  const cancel = () => {
    for (const photo of photos) {
      const uid = uidOfRef(photo);
      if (mirror && uid) void dropUpload(mirror, uid);
    }
    onClose();
  };
  const message = (text: string | undefined) => (text ? translateServerMessage(i18n, text) : null);

  const onSubmit = handleSubmit(async (fields) => {
    const values = { ...fields, photoUrls: photos };
    try {
      const lift = await mirror?.lifts.get(liftId);
      // Photos wait in the mirror: a visit with photos goes through the outbox even for a lift the
      // mirror does not hold (its counters then come from the server's answer).
      if (mirror && (lift || photos.length > 0)) {
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
            trips: lift?.stats.trips ?? 0,
            operatingHours: lift?.stats.operatingHours ?? 0,
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
      setPhotos([]);
      onSaved();
      onClose();
    } catch (error) {
      reportSaveError(error, i18n, setError as never);
    }
  });

  return (
    <AppDialog
      open={open}
      onClose={cancel}
      title={t`Record a maintenance visit`}
      footer={<FormActions onCancel={cancel} saving={isSubmitting} form="record-visit-form" />}
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
          {/* Photos need the mirror; without one only the API is there to record the visit. */}
          {mirror && (
            <PhotosField liftId={liftId} photos={photos} onChange={setPhotos} testIdPrefix="visit" />
          )}
        </Stack>
      </form>
    </AppDialog>
  );
}
