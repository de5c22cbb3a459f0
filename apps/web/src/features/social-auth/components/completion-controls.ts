/**
 * The form controls the completion forms are drawn with. Web features do not import each
 * other, so the page (app/) hands in the identity screens' labelled controls: one look,
 * one accessibility behaviour for every identity form.
 */
import type { ComponentType, InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface Registered {
  registration: UseFormRegisterReturn;
  error?: string;
}

export interface CompletionFieldKit {
  TextField: ComponentType<
    Registered & {
      label: string;
      hint?: ReactNode;
      optional?: boolean;
    } & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'onChange' | 'onBlur'>
  >;
  SelectField: ComponentType<Registered & { label: string; options: readonly { value: string; label: string }[] }>;
  /** Formats `900.123.456-7` as typed. */
  NitField: ComponentType<Registered>;
  CityField: ComponentType<Registered>;
  /** Unticked by default, with a link to the policy. */
  DataPolicyCheckbox: ComponentType<Registered>;
  /** A form-level message (role=alert). */
  FormAlert: ComponentType<{ message: string | null | undefined }>;
}
