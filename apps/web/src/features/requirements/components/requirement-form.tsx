import { zodResolver } from '@hookform/resolvers/zod';
import {
  INDIAN_STATE_NAMES,
  PRODUCT_CATEGORIES,
  REQUIREMENT_ATTACHMENT_LIMITS,
  requirementCreateSchema,
  todayInIndia,
  UNITS,
} from '@ub/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { FormError, SelectField, TextAreaField, TextField } from '../../../components/field.tsx';
import type { ApiError } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { categoryText, unitText } from '../../../components/trade-words.ts';
import { ATTACHMENT_ACCEPT, attachmentProblem } from './attachments.tsx';
import { FileInput } from '../../../components/file-input.tsx';

type Input = z.input<typeof requirementCreateSchema>;
export type RequirementValues = z.output<typeof requirementCreateSchema>;
const FIELDS = [
  'title',
  'description',
  'category',
  'quantity',
  'unit',
  'targetPrice',
  'deadline',
  'deliveryState',
  'pinCode',
] as const;

/**
 * The requirement a buyer posts, with optional attachments (photos, PDFs, drawings). Checked with the shared schema
 * (and the attachment limits) before sending; the server's field messages land on their fields, and nothing typed
 * or chosen is lost on a refusal.
 */
export function RequirementForm({
  onSubmit,
}: {
  onSubmit: (values: RequirementValues, files: File[]) => Promise<unknown>;
}) {
  const t = useT();
  const [failure, setFailure] = useState<string | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | undefined>();
  const form = useForm<Input, unknown, RequirementValues>({
    resolver: zodResolver(requirementCreateSchema),
    defaultValues: {
      title: '',
      description: '',
      category: '' as Input['category'],
      quantity: '' as unknown as number,
      unit: 'piece',
      targetPrice: undefined,
      deadline: '',
      deliveryState: '',
      pinCode: '',
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const problem = attachmentProblem(t, files);
    setFilesError(problem);
    if (problem) return;
    try {
      await onSubmit(values, files);
    } catch (e) {
      const err = e as ApiError;
      for (const [field, message] of Object.entries(err.fields ?? {})) {
        if ((FIELDS as readonly string[]).includes(field)) form.setError(field as (typeof FIELDS)[number], { message });
        if (field === 'files') setFilesError(message);
      }
      setFailure(err.message);
    }
  });
  return (
    <form className="space-y-4" noValidate onSubmit={submit}>
      <TextField
        label={t('requirements.form.title')}
        placeholder={t('requirements.form.titlePlaceholder')}
        maxLength={200}
        error={errors.title?.message}
        {...form.register('title')}
      />
      <TextAreaField
        label={t('requirements.form.details')}
        rows={4}
        maxLength={4000}
        hint={t('requirements.form.detailsHint')}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('requirements.fields.category')}
          error={errors.category?.message}
          {...form.register('category')}
        >
          <option value="">{t('common.choose')}</option>
          {PRODUCT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {categoryText(t, c)}
            </option>
          ))}
        </SelectField>
        <div className="grid grid-cols-2 gap-2">
          <TextField
            label={t('requirements.fields.quantity')}
            type="number"
            min="1"
            step="1"
            inputMode="numeric"
            error={errors.quantity?.message}
            {...form.register('quantity')}
          />
          <SelectField label={t('requirements.form.unit')} error={errors.unit?.message} {...form.register('unit')}>
            {UNITS.map((u) => (
              <option key={u} value={u}>
                {unitText(t, u, 2)}
              </option>
            ))}
          </SelectField>
        </div>
        <TextField
          label={t('requirements.form.targetPrice')}
          type="number"
          min="0"
          step="0.01"
          inputMode="decimal"
          error={errors.targetPrice?.message}
          {...form.register('targetPrice', { setValueAs: (v) => (v === '' || v === undefined ? undefined : v) })}
        />
        <TextField
          label={t('requirements.form.deadline')}
          type="date"
          min={todayInIndia()}
          hint={t('requirements.form.deadlineHint')}
          error={errors.deadline?.message}
          {...form.register('deadline')}
        />
        <SelectField
          label={t('requirements.form.deliveryState')}
          error={errors.deliveryState?.message}
          {...form.register('deliveryState')}
        >
          <option value="">{t('common.choose')}</option>
          {INDIAN_STATE_NAMES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('requirements.form.pinCode')}
          inputMode="numeric"
          maxLength={6}
          autoComplete="postal-code"
          error={errors.pinCode?.message}
          {...form.register('pinCode')}
        />
      </div>
      <div>
        <label htmlFor="requirement-files" className="block text-sm font-medium text-slate-700">
          {t('requirements.form.attachments')}
        </label>
        <FileInput
          id="requirement-files"
          multiple
          accept={ATTACHMENT_ACCEPT}
          aria-invalid={filesError ? true : undefined}
          aria-describedby="requirement-files-hint"
          className="mt-1"
          onChange={(e) => {
            const picked = Array.from(e.target.files ?? []);
            setFiles(picked);
            setFilesError(attachmentProblem(t, picked));
          }}
        />
        <p id="requirement-files-hint" className="mt-1 text-xs text-slate-500">
          {t('requirements.form.attachmentsHint', { max: REQUIREMENT_ATTACHMENT_LIMITS.files })}
        </p>
        {filesError && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {filesError}
          </p>
        )}
      </div>
      <FormError message={failure} />
      <div className="flex justify-end">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('requirements.form.posting') : t('requirements.form.submit')}
        </Button>
      </div>
    </form>
  );
}
