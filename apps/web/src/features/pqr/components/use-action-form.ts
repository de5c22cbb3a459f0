/** A react-hook-form form that sends one request and puts the server's complaints on its fields. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { applyApiError } from '../../../lib/api-errors';

export type ActionFormOptions<T extends FieldValues> = {
  /** Usually `zodResolver(schema)`; left out when `submit` checks the values itself. */
  resolver?: Resolver<T>;
  defaultValues: DefaultValues<T>;
  /** The fields a server error may name; any other problem becomes the form-level message. */
  serverFields: readonly string[];
  /** Sends the values; a throw is shown on the form. */
  submit: (values: T, form: UseFormReturn<T>) => Promise<void>;
};

export function useActionForm<T extends FieldValues>({
  resolver,
  defaultValues,
  serverFields,
  submit,
}: ActionFormOptions<T>) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<T>({ resolver, defaultValues });
  const handle = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      await submit(values, form);
    } catch (err) {
      setMessage(applyApiError(t, err, form.setError, serverFields).formMessage);
    }
  });
  return { form, message, onSubmit: (e: FormEvent<HTMLFormElement>) => void handle(e) };
}
