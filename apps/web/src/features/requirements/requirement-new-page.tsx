import { toast } from 'react-toastify';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/feedback.tsx';
import type { ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';
import { useAddAttachments } from './api/add-attachments.ts';
import { useCreateRequirement } from './api/create-requirement.ts';
import { RequirementForm } from './components/requirement-form.tsx';

/** /buyer/requirements/new: post a requirement to every verified seller of its category. */
export default function RequirementNewPage() {
  const t = useT();
  const create = useCreateRequirement();
  const attach = useAddAttachments();
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={t('requirements.new.title')}
        description={t('requirements.new.description')}
        actions={
          <Link to="/buyer/requirements" className="text-sm font-semibold text-brand-700 hover:underline">
            {t('requirements.mine.title')}
          </Link>
        }
      />
      <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <RequirementForm
          onSubmit={async (values, files) => {
            const created = await create.mutateAsync(values);
            if (files.length) {
              try {
                await attach.mutateAsync({ requirementId: created.id, files });
              } catch (e) {
                // The requirement is posted: say so, and let the buyer add the files again from its page.
                toast.error(
                  t('requirements.new.attachFailed', { number: created.number, error: (e as ApiError).message }),
                );
                navigate(`/buyer/requirements/${created.id}`);
                return;
              }
            }
            toast.success(t('requirements.new.posted', { number: created.number }));
            navigate(`/buyer/requirements/${created.id}`);
          }}
        />
      </div>
    </div>
  );
}
