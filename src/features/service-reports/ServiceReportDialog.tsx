import { Button, chakra, Grid, HStack, IconButton, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import * as v from 'valibot';
import { serviceReportsApi } from '../../../contract/api/service-reports';
import {
  REPORT_LIMITS,
  ReportPartInputSchema,
  type ServiceReport,
  ServiceReportInputSchema,
} from '../../../contract/schemas/service-report';
import { REPORT_MSG } from '../../../contract/service-report-messages';
import { call } from '../../data/api/http';
import { useApiQuery } from '../../data/api/use-api';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { useBaseEntries } from '../../data/lookups/use-base-entries';
import { enqueueChange, LOCAL_ID_PREFIX, newIdempotencyKey, outboxCall } from '../../data/mirror/outbox';
import { requestSync } from '../../data/mirror/sync-status';
import { dropUpload, uidOfRef } from '../../data/mirror/uploads';
import { useMirror } from '../../data/mirror/use-mirror';
import { getSession } from '../../data/session/session';
import { FormActions } from '../../ui/ActionButtons';
import { AppDialog } from '../../ui/AppDialog';
import { Checkbox } from '../../ui/Checkbox';
import { FormField } from '../../ui/FormField';
import { reportSaveError } from '../../ui/form-errors';
import { PhotosField } from '../../ui/Photos';
import { showToast } from '../../ui/toaster';
import { SignatureField } from './SignatureField';

/** What the report is about besides its lift: a maintenance visit or an alarm (a repair). */
export interface ReportContext {
  visitId?: string | undefined;
  alarmId?: string | undefined;
  /** Already translated: "Maintenance visit on 28 Nov 2026". */
  label?: string | undefined;
}

interface FormValues {
  workDone: string;
  minutesOnSite: string;
  parts: { name: string; quantity: string }[];
  liftInService: boolean;
  signerName: string;
}

const { workDone, minutesOnSite, signerName } = ServiceReportInputSchema.entries;
/** The server's own rules, over what the inputs hold (text); decimals with a comma too. */
const FormSchema = v.object({
  workDone,
  minutesOnSite: v.pipe(
    v.string(),
    v.trim(),
    v.check((text) => /^\d{1,4}$/.test(text), REPORT_MSG.invalidMinutes),
    v.transform(Number),
    minutesOnSite,
  ),
  parts: v.array(
    v.object({
      name: ReportPartInputSchema.entries.name,
      quantity: v.pipe(
        v.string(),
        v.trim(),
        v.check((text) => /^\d+([.,]\d+)?$/.test(text), REPORT_MSG.invalidQuantity),
        v.transform((text) => Number(text.replace(',', '.'))),
        ReportPartInputSchema.entries.quantity,
      ),
    }),
  ),
  liftInService: v.boolean(),
  signerName,
});

/** The names a part is picked by: the base data's spare parts (offline too) and the public articles. */
function usePartChoices(): { name: string; ref: string }[] {
  const { i18n } = useLingui();
  const parts = useApiQuery(serviceReportsApi.parts, {});
  const base = useBaseEntries()
    .filter((entry) => entry.category === 'sparePart' && entry.active)
    .sort((a, b) => a.sort - b.sort)
    .map((entry) => ({ name: i18n.locale === 'de' ? entry.labelDe : entry.labelEn, ref: entry.key }));
  const articles = (parts.data?.choices ?? []).filter((choice) => choice.source === 'article');
  return [...base, ...articles];
}

/**
 * Writes a service report and has it signed on the phone (docs/service-reports.md). With the
 * mirror it goes through the outbox: shown at once as waiting, sent when the server can be
 * reached, its photos first; the report's id is made here, so a resend is stored once.
 */
export function ServiceReportDialog({
  liftId,
  context,
  onClose,
  onSaved,
}: {
  liftId: string;
  context: ReportContext;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useLingui();
  const id = useRef(newIdempotencyKey());
  const mirror = useMirror();
  const choices = usePartChoices();
  const [photos, setPhotos] = useState<string[]>([]);
  const [signature, setSignature] = useState<string | null>(null);
  const [signatureError, setSignatureError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, v.InferOutput<typeof FormSchema>>({
    resolver: valibotResolver(FormSchema),
    defaultValues: { workDone: '', minutesOnSite: '', parts: [], liftInService: true, signerName: '' },
  });
  const parts = useFieldArray({ control, name: 'parts' });
  const message = (text: string | undefined) => (text ? translateServerMessage(i18n, text) : null);
  const missingSignature = () =>
    setSignatureError(translateServerMessage(i18n, REPORT_MSG.signatureRequired));

  const cancel = () => {
    for (const photo of photos) {
      const uid = uidOfRef(photo);
      if (mirror && uid) void dropUpload(mirror, uid);
    }
    onClose();
  };

  const onSubmit = handleSubmit(
    async (fields) => {
      if (!signature) {
        missingSignature();
        return;
      }
      const refOf = new Map(choices.map((choice) => [choice.name.toLowerCase(), choice.ref]));
      const body = {
        id: id.current,
        // A visit recorded on this device and not sent yet has no id the server knows.
        visitId: context.visitId && !context.visitId.startsWith(LOCAL_ID_PREFIX) ? context.visitId : null,
        alarmId: context.alarmId ?? null,
        workDone: fields.workDone,
        parts: fields.parts.map((part) => ({ ...part, ref: refOf.get(part.name.toLowerCase()) ?? '' })),
        minutesOnSite: fields.minutesOnSite,
        photoUrls: photos,
        liftInService: fields.liftInService,
        signerName: fields.signerName,
        signature,
        signedAt: new Date().toISOString(),
      };
      try {
        if (mirror) {
          const { user, claims } = getSession();
          const row: ServiceReport = {
            id: body.id,
            liftId,
            visitId: body.visitId,
            alarmId: body.alarmId,
            workDone: body.workDone,
            parts: body.parts,
            minutesOnSite: body.minutesOnSite,
            photoUrls: body.photoUrls,
            liftInService: body.liftInService,
            signerName: body.signerName,
            signedAt: body.signedAt,
            pdfUrl: null,
            authorId: claims?.sub ?? null,
            authorName: user?.displayName ?? null,
            createdAt: body.signedAt,
            version: 0,
            updatedAt: body.signedAt,
          };
          await enqueueChange(mirror, {
            ...outboxCall(serviceReportsApi.create, { params: { id: liftId }, body }),
            entity: 'report',
            entityId: body.id,
            effect: 'create',
            row,
          });
          requestSync('user');
        } else {
          await call(serviceReportsApi.create, { params: { id: liftId }, body });
        }
        showToast(
          'success',
          navigator.onLine
            ? t`Service report saved`
            : t`Saved on this device; it is sent when the server can be reached.`,
        );
        onSaved();
        onClose();
      } catch (error) {
        reportSaveError(error, i18n, setError as never);
      }
    },
    () => {
      if (!signature) missingSignature();
    },
  );

  return (
    <AppDialog
      open
      onClose={cancel}
      size="lg"
      title={t`Write a service report`}
      footer={<FormActions onCancel={cancel} saving={isSubmitting} form="service-report-form" />}
    >
      <form id="service-report-form" onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          {context.label && (
            <Text fontSize="sm" color="fg.muted">
              {context.label}
            </Text>
          )}
          <FormField id="report-work" label={t`Work done`} error={message(errors.workDone?.message)} required>
            <Textarea rows={4} {...register('workDone')} />
          </FormField>

          <Stack as="fieldset" gap="2">
            <chakra.legend fontSize="sm" fontWeight="medium" marginBottom="1">
              <Trans>Parts used</Trans>
            </chakra.legend>
            <datalist id="report-part-choices">
              {choices.map((choice) => (
                <option key={`${choice.ref}-${choice.name}`} value={choice.name} />
              ))}
            </datalist>
            {parts.fields.map((field, index) => (
              <Grid key={field.id} templateColumns="1fr 6rem auto" gap="2" alignItems="start">
                <FormField
                  id={`report-part-${index}-name`}
                  label={t`Part ${index + 1}`}
                  error={message(errors.parts?.[index]?.name?.message)}
                  required
                >
                  <Input list="report-part-choices" autoComplete="off" {...register(`parts.${index}.name`)} />
                </FormField>
                <FormField
                  id={`report-part-${index}-quantity`}
                  label={t`Quantity`}
                  error={message(errors.parts?.[index]?.quantity?.message)}
                  required
                >
                  <Input inputMode="decimal" {...register(`parts.${index}.quantity`)} />
                </FormField>
                <IconButton
                  variant="ghost"
                  aria-label={t`Remove part ${index + 1}`}
                  onClick={() => parts.remove(index)}
                  marginTop="7"
                >
                  <Trash2 />
                </IconButton>
              </Grid>
            ))}
            {parts.fields.length < REPORT_LIMITS.parts && (
              <Button
                size="sm"
                variant="outline"
                alignSelf="flex-start"
                onClick={() => parts.append({ name: '', quantity: '1' })}
              >
                <Plus aria-hidden="true" />
                <Trans>Add part</Trans>
              </Button>
            )}
          </Stack>

          <FormField
            id="report-minutes"
            label={t`Time on site (minutes)`}
            error={message(errors.minutesOnSite?.message)}
            required
          >
            <Input inputMode="numeric" maxWidth="10rem" {...register('minutesOnSite')} />
          </FormField>

          {mirror && (
            <PhotosField liftId={liftId} photos={photos} onChange={setPhotos} testIdPrefix="report" />
          )}

          <HStack gap="2" align="center">
            <Checkbox id="report-in-service" {...register('liftInService')} />
            <chakra.label htmlFor="report-in-service" fontSize="sm">
              <Trans>Lift left in service</Trans>
            </chakra.label>
          </HStack>

          <FormField
            id="report-signer"
            label={t`Name of the person signing`}
            error={message(errors.signerName?.message)}
            required
          >
            <Input autoComplete="off" {...register('signerName')} />
          </FormField>
          <SignatureField
            id="report-signature"
            label={t`Customer’s signature`}
            error={signatureError}
            onChange={(png) => {
              setSignature(png);
              if (png) setSignatureError(null);
            }}
          />
        </Stack>
      </form>
    </AppDialog>
  );
}
