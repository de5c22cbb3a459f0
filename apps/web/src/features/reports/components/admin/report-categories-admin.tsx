/**
 * Back office: the report categories. Staff create one, rename or describe it, say whether it
 * asks for the container, disable it (old reports keep it; new ones cannot use it) and move it
 * up or down. Codes never change. Every change is audited by the server.
 */
import type { ReportCategoryView } from '@puntoverde/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/field-shell';
import {
  useAdminReportCategories,
  useCreateReportCategory,
  useOrderReportCategories,
  useUpdateReportCategory,
} from '../../api/admin-report-categories';
import '../../../../components/actions.css';
import '../../reports.css';
import type { TFunction } from 'i18next';
import { apiErrorMessage, apiFieldMessages } from '../../../../lib/api-errors';
import { SubmitButton } from '../../../../components/submit-button';

type Draft = { label: string; description: string; asks_container: boolean };

function errorOf(t: TFunction, err: Error | null): { message: string | null; fields: Record<string, string> } {
  if (!err) return { message: null, fields: {} };
  const fields = apiFieldMessages(t, err);
  if (Object.keys(fields).length) return { message: null, fields };
  return { message: apiErrorMessage(t, err), fields: {} };
}

/** Name, description and "asks for the container": the create form and the inline editor. */
function CategoryFields({ draft, onChange, errors }: { draft: Draft; onChange: (d: Draft) => void; errors: Record<string, string> }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <label className="rp-stack" htmlFor={`${id}-label`}>
        {t('reports.categoriesAdmin.label')}
      </label>
      <input
        id={`${id}-label`}
        value={draft.label}
        required
        minLength={3}
        maxLength={80}
        aria-invalid={errors['label'] ? true : undefined}
        aria-describedby={errors['label'] ? `${id}-label-error` : undefined}
        onChange={(e) => onChange({ ...draft, label: e.target.value })}
      />
      {errors['label'] ? (
        <p id={`${id}-label-error`} className="rp-error" role="alert">
          {errors['label']}
        </p>
      ) : null}
      <label className="rp-stack" htmlFor={`${id}-description`}>
        {t('reports.categoriesAdmin.description')}
      </label>
      <textarea
        id={`${id}-description`}
        rows={2}
        maxLength={300}
        value={draft.description}
        onChange={(e) => onChange({ ...draft, description: e.target.value })}
      />
      <label className="rp-check">
        <input type="checkbox" checked={draft.asks_container} onChange={(e) => onChange({ ...draft, asks_container: e.target.checked })} />
        {t('reports.categoriesAdmin.asksContainer')}
      </label>
    </>
  );
}

function CategoryRow({
  category,
  index,
  count,
  onMove,
  moving,
}: {
  category: ReportCategoryView;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  moving: boolean;
}) {
  const { t } = useTranslation();
  const update = useUpdateReportCategory();
  const [draft, setDraft] = useState<Draft | null>(null);
  const { message, fields } = errorOf(t, update.error);
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    update.mutate({ code: category.code, body: { ...draft, active: category.active } }, { onSuccess: () => setDraft(null) });
  };
  const toggle = () =>
    update.mutate({
      code: category.code,
      body: { label: category.label, description: category.description, asks_container: category.asks_container, active: !category.active },
    });
  return (
    <li className="pv-card rp-card">
      <p className="rp-card-head">
        <strong lang="es">{category.label}</strong>
        <span className={`rp-badge ${category.active ? 'rp-badge--resuelto' : 'rp-badge--descartado'}`}>
          {category.active ? t('reports.categoriesAdmin.active') : t('reports.categoriesAdmin.inactive')}
        </span>
      </p>
      <p className="rp-hint">
        {t('reports.categoriesAdmin.code', { code: category.code })}
        {category.asks_container ? ` · ${t('reports.categoriesAdmin.asksContainerShort')}` : ''}
      </p>
      {category.description ? <p lang="es">{category.description}</p> : null}
      {draft ? (
        <form className="rp-stack" onSubmit={save} aria-label={t('reports.categoriesAdmin.editTitle', { label: category.label })}>
          <CategoryFields draft={draft} onChange={setDraft} errors={fields} />
          <div className="pv-action-bar">
            <SubmitButton className="pv-button pv-button-small" busy={update.isPending}>
              {t('reports.categoriesAdmin.save')}
            </SubmitButton>
            <button type="button" className="pv-button pv-button-secondary pv-button-small" onClick={() => setDraft(null)}>
              {t('reports.categoriesAdmin.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className="pv-action-bar">
          <button
            type="button"
            className="pv-button pv-button-secondary pv-button-small"
            onClick={() => setDraft({ label: category.label, description: category.description, asks_container: category.asks_container })}
          >
            {t('reports.categoriesAdmin.edit', { label: category.label })}
          </button>
          <button
            type="button"
            className={`pv-button pv-button-small ${category.active ? 'pv-button-danger' : ''}`}
            disabled={update.isPending}
            onClick={toggle}
          >
            {category.active ? t('reports.categoriesAdmin.disable', { label: category.label }) : t('reports.categoriesAdmin.enable', { label: category.label })}
          </button>
          <button
            type="button"
            className="pv-button pv-button-secondary pv-button-small"
            disabled={moving || index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            {t('reports.categoriesAdmin.up', { label: category.label })}
          </button>
          <button
            type="button"
            className="pv-button pv-button-secondary pv-button-small"
            disabled={moving || index === count - 1}
            onClick={() => onMove(index, index + 1)}
          >
            {t('reports.categoriesAdmin.down', { label: category.label })}
          </button>
        </div>
      )}
      <FormAlert message={message} />
    </li>
  );
}

const EMPTY: Draft = { label: '', description: '', asks_container: false };

export function ReportCategoriesAdmin() {
  const { t } = useTranslation();
  const list = useAdminReportCategories();
  const create = useCreateReportCategory();
  const order = useOrderReportCategories();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [created, setCreated] = useState<string | null>(null);
  const { message, fields } = errorOf(t, create.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setCreated(null);
    create.mutate(
      { ...draft, active: true },
      {
        onSuccess: () => {
          setCreated(draft.label.trim());
          setDraft(EMPTY);
        },
      },
    );
  };
  const move = (from: number, to: number) => {
    const codes = (list.data ?? []).map((c) => c.code);
    const [code] = codes.splice(from, 1);
    codes.splice(to, 0, code!);
    order.mutate(codes);
  };
  const categories = list.data ?? [];
  return (
    <section className="rp" aria-labelledby="rp-categories-title">
      <h2 id="rp-categories-title">{t('reports.categoriesAdmin.title')}</h2>
      <p>{t('reports.categoriesAdmin.lead')}</p>
      <form className="rp-stack rp-card" onSubmit={submit} aria-labelledby="rp-categories-new">
        <h3 id="rp-categories-new">{t('reports.categoriesAdmin.newTitle')}</h3>
        <CategoryFields draft={draft} onChange={setDraft} errors={fields} />
        <FormAlert message={message} />
        <SubmitButton className="pv-button" busy={create.isPending || draft.label.trim().length < 3}>
          {t('reports.categoriesAdmin.create')}
        </SubmitButton>
        {created ? (
          <p className="rp-hint" role="status">
            {t('reports.categoriesAdmin.created', { label: created })}
          </p>
        ) : null}
      </form>
      <FormAlert message={errorOf(t, order.error).message ?? (list.isError ? apiErrorMessage(t, list.error) : null)} />
      {list.isPending ? (
        <p role="status">{t('reports.section.loading')}</p>
      ) : (
        <ol className="rp-list" aria-label={t('reports.categoriesAdmin.listLabel')}>
          {categories.map((c, i) => (
            <CategoryRow key={c.code} category={c} index={i} count={categories.length} onMove={move} moving={order.isPending} />
          ))}
        </ol>
      )}
    </section>
  );
}
