import { Button, HStack, IconButton, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { inspectionsApi } from '../../../contract/api/inspections';
import {
  INSPECTION_KINDS,
  INSPECTION_RESULTS,
  type InspectionKind,
  type InspectionResult,
} from '../../../contract/inspection-rules';
import { addDays, berlinDay } from '../../../contract/maintenance';
import { type InspectionInput, InspectionInputSchema } from '../../../contract/schemas/inspection';
import { call } from '../../data/api/http';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { newIdempotencyKey } from '../../data/mirror/outbox';
import { requestSync } from '../../data/mirror/sync-status';
import { FormActions } from '../../ui/ActionButtons';
import { AppDialog } from '../../ui/AppDialog';
import { FormField } from '../../ui/FormField';
import { reportSaveError } from '../../ui/form-errors';
import { SelectInput } from '../../ui/SelectInput';
import { showToast } from '../../ui/toaster';
import { useInspectionLabels } from './inspection-labels';
import { type PickedReport, reportFieldError, uploadReport } from './inspection-report';
import { ReportFileField } from './ReportFile';

interface FormValues {
  inspectedOn: string;
  kind: InspectionKind;
  body: string;
  inspector: string;
  result: InspectionResult;
  defects: { text: string; deadline: string }[];
}

/**
 * Records an inspection with its defects (admins). Online only: it is the office's work from the
 * body's report, not the service man's in the shaft. One Idempotency-Key per inspection. The
 * report file, when picked, is stored among the lift's files first (once, by its uid) and linked
 * by its id; refused, it shows on its field and nothing is recorded, the form kept as it is.
 */
export function RecordInspectionDialog({
  liftId,
  onClose,
  onSaved,
}: {
  liftId: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useLingui();
  const labels = useInspectionLabels();
  const key = useRef(newIdempotencyKey());
  const [report, setReport] = useState<PickedReport | null>(null);
  const [reportError, setReportError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, InspectionInput>({
    // The server's schema, rules across fields included; the form always fills its optional fields.
    resolver: valibotResolver(InspectionInputSchema) as Resolver<FormValues, unknown, InspectionInput>,
    defaultValues: {
      inspectedOn: berlinDay(),
      kind: 'main',
      body: '',
      inspector: '',
      result: 'none',
      defects: [],
    },
  });
  const defects = useFieldArray({ control, name: 'defects' });
  const message = (text: string | undefined) => (text ? translateServerMessage(i18n, text) : null);

  const onSubmit = handleSubmit(async (fields) => {
    try {
      setReportError(null);
      const file = report ? await uploadReport(liftId, report) : null;
      if (report && file) setReport({ ...report, stored: file });
      const body = { ...fields, reportFileId: file?.id ?? null };
      await call(
        inspectionsApi.record,
        { params: { id: liftId }, body },
        { headers: { 'Idempotency-Key': key.current } },
      );
      showToast('success', t`Inspection recorded`);
      requestSync('user');
      onSaved();
      onClose();
    } catch (error) {
      const fieldError = reportFieldError(error, i18n);
      if (fieldError) setReportError(fieldError);
      reportSaveError(error, i18n, setError as never);
    }
  });

  return (
    <AppDialog
      open
      onClose={onClose}
      title={t`Record an inspection`}
      footer={<FormActions onCancel={onClose} saving={isSubmitting} form="record-inspection-form" />}
    >
      <form id="record-inspection-form" onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormField
            id="inspection-date"
            label={t`Date of the inspection`}
            error={message(errors.inspectedOn?.message)}
            required
          >
            <Input type="date" max={berlinDay()} {...register('inspectedOn')} />
          </FormField>
          <FormField id="inspection-kind" label={t`Kind`} error={message(errors.kind?.message)} required>
            <SelectInput
              {...register('kind')}
              options={INSPECTION_KINDS.map((kind) => ({ value: kind, label: labels.kinds[kind] }))}
            />
          </FormField>
          <FormField
            id="inspection-body"
            label={t`Inspection body (e.g. TÜV, DEKRA)`}
            error={message(errors.body?.message)}
            required
          >
            <Input {...register('body')} />
          </FormField>
          <FormField
            id="inspection-inspector"
            label={t`Inspector`}
            error={message(errors.inspector?.message)}
          >
            <Input {...register('inspector')} />
          </FormField>
          <FormField
            id="inspection-result"
            label={t`Result`}
            error={message(errors.result?.message)}
            required
          >
            <SelectInput
              {...register('result')}
              options={INSPECTION_RESULTS.map((result) => ({ value: result, label: labels.results[result] }))}
            />
          </FormField>
          <Stack as="fieldset" gap="3">
            <Text as="legend" fontSize="sm" fontWeight="medium" marginBottom="2">
              <Trans>Defects</Trans>
            </Text>
            {defects.fields.map((field, index) => (
              <Stack key={field.id} gap="2" borderWidth="1px" borderRadius="l2" padding="3">
                <FormField
                  id={`inspection-defect-${index}-text`}
                  label={t`Defect ${index + 1}`}
                  error={message(errors.defects?.[index]?.text?.message)}
                  required
                >
                  <Textarea rows={2} {...register(`defects.${index}.text`)} />
                </FormField>
                <HStack align="end" gap="2">
                  <FormField
                    id={`inspection-defect-${index}-deadline`}
                    label={t`Deadline of defect ${index + 1}`}
                    error={message(errors.defects?.[index]?.deadline?.message)}
                    required
                  >
                    <Input type="date" {...register(`defects.${index}.deadline`)} />
                  </FormField>
                  <IconButton
                    variant="outline"
                    aria-label={t`Remove defect ${index + 1}`}
                    onClick={() => defects.remove(index)}
                  >
                    <Trash2 aria-hidden="true" />
                  </IconButton>
                </HStack>
              </Stack>
            ))}
            {errors.defects?.root?.message || errors.defects?.message ? (
              <Text fontSize="xs" color="fg.error" role="alert">
                {message(errors.defects?.root?.message ?? errors.defects?.message)}
              </Text>
            ) : null}
            <Button
              variant="outline"
              size="sm"
              alignSelf="start"
              onClick={() => defects.append({ text: '', deadline: addDays(berlinDay(), 30) })}
            >
              <Plus aria-hidden="true" />
              <Trans>Add a defect</Trans>
            </Button>
          </Stack>
          <ReportFileField
            id="inspection-report"
            picked={report}
            onPick={(next) => {
              setReport(next);
              setReportError(null);
            }}
            error={reportError}
          />
        </Stack>
      </form>
    </AppDialog>
  );
}
