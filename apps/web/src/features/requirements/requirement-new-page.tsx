import { toast } from 'react-toastify';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/feedback.tsx';
import type { ApiError } from '../../lib/api.ts';
import { useAddAttachments } from './api/add-attachments.ts';
import { useCreateRequirement } from './api/create-requirement.ts';
import { RequirementForm } from './components/requirement-form.tsx';

/** /buyer/requirements/new: post a requirement to every verified seller of its category. */
export default function RequirementNewPage() {
  const create = useCreateRequirement();
  const attach = useAddAttachments();
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Post a requirement"
        description="Verified sellers of the category see it on their requirements board and send you quotes to compare."
        actions={
          <Link to="/buyer/requirements" className="text-sm font-semibold text-brand-700 hover:underline">
            My requirements
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
                  `${created.number} is on the board, but the attachments were not added: ${(e as ApiError).message}`,
                );
                navigate(`/buyer/requirements/${created.id}`);
                return;
              }
            }
            toast.success(`${created.number} is on the board. Sellers are being told.`);
            navigate(`/buyer/requirements/${created.id}`);
          }}
        />
      </div>
    </div>
  );
}
